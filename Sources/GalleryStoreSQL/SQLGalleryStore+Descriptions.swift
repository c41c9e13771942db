import Foundation
import GalleryCore

// What a person says about items: titles, captions and tags.
extension SQLGalleryStore {
    public func describeItems(
        _ ids: [ItemID], in gallery: GalleryID, _ change: ItemDescription.Change, recordingFor session: HistorySession?
    ) async throws -> [Item] {
        let change = try change.validated()
        guard !ids.isEmpty, !change.isEmpty else { throw GalleryError.invalid("Nothing to change was given.") }
        guard Set(ids).count == ids.count else { throw GalleryError.invalid("An item is named twice.") }
        let date = now()
        return try await database.write { db in
            _ = try Self.fetchGallery(db, gallery)
            var steps: [HistoryEntry.DescriptionStep] = []
            var items: [Item] = []
            for id in ids {
                let item = try Self.fetchItem(db, id)
                guard item.galleryID == gallery, item.trashedAt == nil else {
                    throw GalleryError.notFound("There is no item \(id) in this gallery.")
                }
                let after = try item.description.applying(change)
                items.append(item)
                if after != item.description { steps.append(.init(id: id, before: item.description, after: after)) }
            }
            guard !steps.isEmpty else { return items }
            var log = ChangeLog()
            for step in steps { try setDescription(db, step.id, gallery, step.after, log: &log, date: date) }
            try log.commit(db, in: self)
            if let session {
                try recordHistory(
                    db, gallery, session, HistoryEntry(action: .describe, descriptions: steps), date: date)
            }
            return try ids.map { try Self.fetchItem(db, $0) }
        }
    }

    /// Sets an item's title, caption and tags.
    func setDescription(
        _ db: any SQLSession, _ id: ItemID, _ gallery: GalleryID, _ description: ItemDescription,
        log: inout ChangeLog, date: Date
    ) throws {
        let sequence = try log.sequence(db, gallery, date: date)
        try db.execute(
            sql: "UPDATE item SET title = ?, caption = ?, tags = ?, updatedAt = ?, changeSequence = ? WHERE id = ?",
            arguments: [
                description.title, description.caption, TagsColumn.written(description.tags), date, sequence,
                id.rawValue,
            ])
        log.touch(gallery, [id])
    }
}
