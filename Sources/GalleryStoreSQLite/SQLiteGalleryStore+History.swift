import Foundation
import GRDB
import GalleryCore

// Undo and redo: each session's actions in a gallery, kept in the database (so they survive reloads and restarts),
// recorded in the transaction of the action itself.
extension SQLiteGalleryStore {
    /// How many actions a session's history in a gallery keeps.
    static let historyLength = 100

    /// Records an action of the session in the gallery's history, forgetting what it could redo.
    func recordHistory(
        _ db: Database, _ gallery: GalleryID, _ session: HistorySession, _ entry: HistoryEntry, date: Date
    ) throws {
        let json = String(decoding: try JSONEncoder().encode(entry), as: UTF8.self)
        try db.execute(
            sql: "DELETE FROM history WHERE galleryId = ? AND session = ? AND undone = 1",
            arguments: [gallery.rawValue, session.rawValue])
        try db.execute(
            sql: "INSERT INTO history (galleryId, session, action, entry, undone, createdAt) VALUES (?, ?, ?, ?, 0, ?)",
            arguments: [gallery.rawValue, session.rawValue, entry.action.rawValue, json, date])
        try db.execute(
            sql: """
                DELETE FROM history WHERE galleryId = ? AND session = ? AND id <= (
                  SELECT id FROM history WHERE galleryId = ? AND session = ? ORDER BY id DESC LIMIT 1 OFFSET ?)
                """,
            arguments: [
                gallery.rawValue, session.rawValue, gallery.rawValue, session.rawValue, Self.historyLength,
            ])
    }

    public func history(in gallery: GalleryID, for session: HistorySession) async throws -> HistoryState {
        try await writer.read { db in
            _ = try Self.fetchGallery(db, gallery)
            return try Self.historyState(db, gallery, session)
        }
    }

    static func historyState(_ db: Database, _ gallery: GalleryID, _ session: HistorySession) throws -> HistoryState {
        func action(undone: Bool) throws -> HistoryEntry.Action? {
            try String.fetchOne(
                db,
                sql: """
                    SELECT action FROM history WHERE galleryId = ? AND session = ? AND undone = ?
                    ORDER BY id \(undone ? "ASC" : "DESC") LIMIT 1
                    """,
                arguments: [gallery.rawValue, session.rawValue, undone]
            ).flatMap(HistoryEntry.Action.init(rawValue:))
        }
        return HistoryState(undo: try action(undone: false), redo: try action(undone: true))
    }

    public func step(_ direction: HistoryDirection, in gallery: GalleryID, for session: HistorySession)
        async throws -> HistoryOutcome
    {
        let date = now()
        return try await writer.write { db in
            let current = try Self.fetchGallery(db, gallery)
            let isUndo = direction == .undo
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT id, entry FROM history WHERE galleryId = ? AND session = ? AND undone = ?
                        ORDER BY id \(isUndo ? "DESC" : "ASC") LIMIT 1
                        """,
                    arguments: [gallery.rawValue, session.rawValue, !isUndo])
            else { throw GalleryError.conflict(isUndo ? "Nothing to undo." : "Nothing to redo.") }
            let historyID: Int64 = row["id"]
            let entryJSON: String = row["entry"]
            let entry = try JSONDecoder().decode(HistoryEntry.self, from: Data(entryJSON.utf8))
            var items: [ItemID: Item] = [:]
            for step in entry.items {
                if let item = try? Self.fetchItem(db, step.id) { items[step.id] = item }
            }
            let plan = HistoryPlanner.plan(
                entry, direction,
                current: items.mapValues {
                    CurrentPlacement(placement: Placement(of: $0), version: $0.placementVersion)
                },
                settings: HistoryEntry.Settings(of: current))
            var log = ChangeLog()
            try place(
                db, plan.moves.compactMap { move in items[move.id].map { ($0, move.to) } }, log: &log, date: date)
            try log.commit(db, in: self)
            if let settings = plan.settings { try setSettings(db, gallery, settings, date: date) }
            var versions: [ItemID: Int64] = [:]
            var placed: [Item] = []
            for move in plan.moves {
                let item = try Self.fetchItem(db, move.id)
                versions[move.id] = item.placementVersion
                placed.append(item)
            }
            let updated = HistoryPlanner.updated(entry, versions: versions)
            try db.execute(
                sql: "UPDATE history SET entry = ?, undone = ? WHERE id = ?",
                arguments: [String(decoding: try JSONEncoder().encode(updated), as: UTF8.self), isUndo, historyID])
            return HistoryOutcome(
                message: plan.message, state: try Self.historyState(db, gallery, session), items: placed)
        }
    }
}
