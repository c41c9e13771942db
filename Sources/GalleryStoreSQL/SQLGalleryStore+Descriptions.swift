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

    public func describeItems(
        from first: ItemID, through last: ItemID, count: Int, in gallery: GalleryID, _ change: ItemDescription.Change,
        recordingFor session: HistorySession?
    ) async throws -> RunChange {
        let change = try change.validated()
        guard change.title == nil, change.caption == nil, change.tags == nil else {
            throw GalleryError.invalid(
                "A run of items takes tags to add or remove; titles and captions are given to items named by id.")
        }
        guard !change.isEmpty else { throw GalleryError.invalid("Nothing to change was given.") }
        let date = now()
        return try await database.write { db in
            _ = try Self.fetchGallery(db, gallery)
            let run = try Self.liveRun(db, from: first, through: last, count: count, in: gallery)
            var log = ChangeLog()
            let sequence = try log.sequence(db, gallery, date: date)
            let changed = try retag(
                db, gallery, where: "orderKey >= ? AND orderKey <= ?", [run.firstKey.rawValue, run.lastKey.rawValue],
                change, sequence: sequence, log: &log, date: date)
            try log.commit(db, in: self)
            if let session, let changed {
                let step = HistoryEntry.RunStep(
                    galleryID: gallery, firstKey: changed.firstKey, lastKey: changed.lastKey, count: changed.count,
                    sequence: sequence, retagged: .init(added: change.addedTags, removed: change.removedTags))
                try recordHistory(db, gallery, session, HistoryEntry(action: .describe, runs: [step]), date: date)
            }
            return RunChange(count: changed?.count ?? 0, sequence: sequence)
        }
    }

    /// The most items of a run changed in place whose change's event names them (each read into the event); a
    /// bigger one is told by its ends, and views read it again.
    static let namedRetagLimit = 1_000

    /// Applies a change of tags to the live items of the gallery that `condition` picks, read and written in batches
    /// of ``relocationBatch`` by key; those it changes get `sequence`. Returns how many changed and their key span.
    func retag(
        _ db: any SQLSession, _ gallery: GalleryID, where condition: String, _ arguments: SQLArguments,
        _ change: ItemDescription.Change, sequence: Int64, log: inout ChangeLog, date: Date
    ) throws -> (count: Int, firstKey: OrderKey, lastKey: OrderKey)? {
        var changed: [ItemID] = []
        var span: (first: OrderKey, last: OrderKey)?
        var after = ""
        while true {
            let rows = try db.rows(
                sql: """
                    SELECT id, orderKey, tags FROM item
                    WHERE galleryId = ? AND trashedAt IS NULL AND \(condition) AND orderKey > ?
                    ORDER BY orderKey LIMIT ?
                    """,
                arguments: [gallery.rawValue] + arguments + [after, Self.relocationBatch])
            for row in rows {
                let tags = TagsColumn.read(row["tags"])
                let next = try ItemDescription(title: "", tags: tags).applying(change).tags
                guard next != tags else { continue }
                let keyText: String = row["orderKey"]
                guard let key = OrderKey(rawValue: keyText) else { throw StoreError.corrupt("order key \(keyText)") }
                try db.execute(
                    sql: "UPDATE item SET tags = ?, updatedAt = ?, changeSequence = ? WHERE id = ?",
                    arguments: [TagsColumn.written(next), date, sequence, row["id"] as String])
                changed.append(ItemID(trusted: row["id"]))
                span = (span?.first ?? key, key)
            }
            guard rows.count == Self.relocationBatch, let last: String = rows.last?["orderKey"] else { break }
            after = last
        }
        guard let span else { return nil }
        if changed.count <= Self.namedRetagLimit {
            log.touch(gallery, changed)
        } else {
            log.run(gallery, KeyRun(firstKey: span.first, lastKey: span.last, count: changed.count, hasLeft: false))
        }
        return (changed.count, span.first, span.last)
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
