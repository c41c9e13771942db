import Foundation
import GalleryCore

// The board: where each item of a gallery lies on its free canvas, kept apart from the gallery's order.
extension SQLGalleryStore {
    public func arrangeItems(
        _ positions: [(id: ItemID, position: BoardPosition)], in gallery: GalleryID,
        recordingFor session: HistorySession?
    ) async throws -> [Item] {
        try await putOnBoard(positions, in: gallery, onlyUnplaced: false, recordingFor: session)
    }

    public func placeItems(_ positions: [(id: ItemID, position: BoardPosition)], in gallery: GalleryID) async throws
        -> [Item]
    {
        try await putOnBoard(positions, in: gallery, onlyUnplaced: true, recordingFor: nil)
    }

    /// Puts items at positions on the board (with `onlyUnplaced`, only those not on it yet), recording the action
    /// for `session`.
    private func putOnBoard(
        _ positions: [(id: ItemID, position: BoardPosition)], in gallery: GalleryID, onlyUnplaced: Bool,
        recordingFor session: HistorySession?
    ) async throws -> [Item] {
        for (id, position) in positions {
            do {
                _ = try position.validated()
            } catch {
                throw GalleryError.invalid("The item \(id) cannot go there: \(error.message)")
            }
        }
        let date = now()
        return try await database.write { db in
            _ = try Self.fetchGallery(db, gallery)
            let items = try Self.fetchBatch(db, positions.map(\.id), in: gallery)
            if let trashed = items.first(where: { $0.trashedAt != nil }) {
                throw GalleryError.notFound("The item \(trashed.id) is in the trash.")
            }
            guard !items.isEmpty else { return [] }
            var log = ChangeLog()
            for (item, arranged) in zip(items, positions) where !onlyUnplaced || item.boardPosition == nil {
                try setBoardPosition(db, item, arranged.position, log: &log, date: date)
            }
            try log.commit(db, in: self)
            let after = try items.map { item in try Self.fetchItem(db, item.id) }
            if let session {
                try recordHistory(db, gallery, session, HistoryEntry(arranged: Array(zip(items, after))), date: date)
            }
            return after
        }
    }

    /// Puts an item at a position on its gallery's board (nil: takes it off), as a change of that gallery noted in
    /// the log; its order in the gallery stays.
    func setBoardPosition(
        _ db: any SQLSession, _ item: Item, _ position: BoardPosition?, log: inout ChangeLog, date: Date
    ) throws {
        let sequence = try log.sequence(db, item.galleryID, date: date)
        try Self.setBoardPosition(db, item.id, position)
        try db.execute(
            sql: "UPDATE item SET updatedAt = ?, changeSequence = ? WHERE id = ?",
            arguments: [date, sequence, item.id.rawValue])
        log.touch(item.galleryID, [item.id])
    }

    /// Writes an item's board position (nil: deletes it), and nothing else.
    static func setBoardPosition(_ db: any SQLSession, _ id: ItemID, _ position: BoardPosition?) throws {
        guard let position else {
            try db.execute(sql: "DELETE FROM board_position WHERE itemId = ?", arguments: [id.rawValue])
            return
        }
        try db.execute(
            sql: """
                INSERT INTO board_position (itemId, x, y, width, z) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT(itemId) DO UPDATE SET x = excluded.x, y = excluded.y, width = excluded.width, z = excluded.z
                """,
            arguments: [id.rawValue, position.x, position.y, position.width, position.z])
    }
}
