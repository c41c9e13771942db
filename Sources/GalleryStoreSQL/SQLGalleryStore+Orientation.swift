import Foundation
import GalleryCore

/// How the item table keeps an item's orientation: ``ItemOrientation/rawValue``, 0 (upright) for items kept before.
public enum OrientationColumn {
    /// The statement of the migration that adds it.
    public static let migration = "ALTER TABLE item ADD COLUMN orientation INTEGER NOT NULL DEFAULT 0"
}

// Turning items' images: a quarter turn left or right, or a mirror, without touching their files.
extension SQLGalleryStore {
    public func turnItems(
        _ ids: [ItemID], in gallery: GalleryID, _ turn: ItemOrientation.Turn, recordingFor session: HistorySession?
    ) async throws -> [Item] {
        guard !ids.isEmpty else { throw GalleryError.invalid("Nothing to turn was given.") }
        guard Set(ids).count == ids.count else { throw GalleryError.invalid("An item is named twice.") }
        let date = now()
        return try await database.write { db in
            _ = try Self.fetchGallery(db, gallery)
            var steps: [HistoryEntry.OrientationStep] = []
            for id in ids {
                let item = try Self.fetchItem(db, id)
                guard item.galleryID == gallery, item.trashedAt == nil else {
                    throw GalleryError.notFound("There is no item \(id) in this gallery.")
                }
                guard item.kind == .image, item.state == .ready else {
                    throw GalleryError.invalid("'\(item.title)' is not an image that is loaded: only those turn.")
                }
                steps.append(.init(id: id, before: item.orientation, after: item.orientation.turned(turn)))
            }
            var log = ChangeLog()
            for step in steps { try setOrientation(db, step.id, gallery, step.after, log: &log, date: date) }
            try log.commit(db, in: self)
            if let session {
                let action: HistoryEntry.Action = turn == .flip ? .flip : .rotate
                try recordHistory(db, gallery, session, HistoryEntry(action: action, orientations: steps), date: date)
            }
            return try ids.map { try Self.fetchItem(db, $0) }
        }
    }

    /// Sets an item's orientation, and the shape of its place on the board (its height follows it).
    func setOrientation(
        _ db: any SQLSession, _ id: ItemID, _ gallery: GalleryID, _ orientation: ItemOrientation,
        log: inout ChangeLog, date: Date
    ) throws {
        let sequence = try log.sequence(db, gallery, date: date)
        try db.execute(
            sql: "UPDATE item SET orientation = ?, updatedAt = ?, changeSequence = ? WHERE id = ?",
            arguments: [orientation.rawValue, date, sequence, id.rawValue])
        try Self.reshapeOnBoard(db, id)
        log.touch(gallery, [id])
    }
}
