import Foundation
import GalleryCore

/// Copies everything of one gallery database into another (SQLite into PostgreSQL, or back): accounts, stored files'
/// records and settings first, then each gallery with its items, order, board places, events, undo history, members
/// and links, in one transaction per gallery; then checks that every gallery has the same items in the same order on
/// both sides. Galleries already in the target are left as they are there (they may have changed since), so running
/// it twice changes nothing. The target's kept counts and order blocks are made by its own triggers as the items arrive.
public struct DatabaseCopy: Sendable {
    let source: any SQLDatabase
    let target: any SQLDatabase

    public init(from source: any SQLDatabase, to target: any SQLDatabase) {
        self.source = source
        self.target = target
    }

    /// What a copy did.
    public struct Summary: Sendable, Equatable {
        /// Galleries copied now, and their live and trashed items.
        public var galleries = 0
        public var items = 0
        /// Galleries the target had already (from an earlier run), left as they are there.
        public var alreadyThere = 0

        public init(galleries: Int = 0, items: Int = 0, alreadyThere: Int = 0) {
            self.galleries = galleries
            self.items = items
            self.alreadyThere = alreadyThere
        }
    }

    /// A gallery whose copy differs from its original (a check after the copy).
    public struct Mismatch: Error, CustomStringConvertible {
        public var gallery: String
        public var what: String
        public var description: String { "The copy of gallery \(gallery) differs: \(what)." }
    }

    /// Columns holding dates: the SQLite store keeps them as text, PostgreSQL as timestamps.
    static let dateColumns: Set<String> = ["createdat", "updatedat", "trashedat", "expiresat"]

    /// Copies, calling `progress` with the galleries done and their number.
    public func run(progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }) async throws
        -> Summary
    {
        // Everything galleries refer to: users (and their sessions, tokens, setup links), stored files, settings.
        let shared = try await source.read { db in
            try [
                ("\"user\"", db.rows(sql: "SELECT * FROM \"user\"")),
                ("blob", db.rows(sql: "SELECT * FROM blob")),
                ("setting", db.rows(sql: "SELECT * FROM setting")),
                ("setup_token", db.rows(sql: "SELECT * FROM setup_token")),
                ("api_token", db.rows(sql: "SELECT * FROM api_token")),
            ]
        }
        _ = try await target.write { db in
            for (table, rows) in shared { try Self.insert(db, table, rows) }
            return true
        }
        let galleries = try await source.read { db in
            try db.values(String.self, sql: "SELECT id FROM gallery ORDER BY createdAt, id")
        }
        let present = Set(try await target.read { db in try db.values(String.self, sql: "SELECT id FROM gallery") })
        var summary = Summary()
        progress(0, galleries.count)
        for (index, gallery) in galleries.enumerated() {
            if present.contains(gallery) {
                summary.alreadyThere += 1
            } else {
                summary.items += try await copy(gallery)
                summary.galleries += 1
                try await check(gallery)
            }
            progress(index + 1, galleries.count)
        }
        // User sessions last: a session of a read-only link came with its gallery.
        let sessions = try await source.read { db in try db.rows(sql: "SELECT * FROM session WHERE userId IS NOT NULL")
        }
        let followsHistory = target.isSharedByServers
        _ = try await target.write { db in
            try Self.insert(db, "session", sessions)
            if followsHistory {
                // PostgreSQL numbers history rows from a sequence: past the ids copied.
                try db.execute(
                    sql: """
                        SELECT setval(pg_get_serial_sequence('history', 'id'),
                          greatest(coalesce((SELECT max(id) FROM history), 0), 1))
                        """)
            }
            return true
        }
        return summary
    }

    /// Copies one gallery and what belongs to it in one transaction; returns how many items it has.
    private func copy(_ gallery: String) async throws -> Int {
        let rows = try await source.read { db in
            let one: SQLArguments = [gallery]
            return try [
                ("gallery", db.rows(sql: "SELECT * FROM gallery WHERE id = ?", arguments: one)),
                ("item", db.rows(sql: "SELECT * FROM item WHERE galleryId = ? ORDER BY orderKey", arguments: one)),
                (
                    "board_position",
                    db.rows(
                        sql: """
                            SELECT board_position.* FROM board_position JOIN item ON item.id = board_position.itemId
                            WHERE item.galleryId = ?
                            """,
                        arguments: one)
                ),
                ("event", db.rows(sql: "SELECT * FROM event WHERE galleryId = ?", arguments: one)),
                ("history", db.rows(sql: "SELECT * FROM history WHERE galleryId = ?", arguments: one)),
                ("gallery_member", db.rows(sql: "SELECT * FROM gallery_member WHERE galleryId = ?", arguments: one)),
                ("share_link", db.rows(sql: "SELECT * FROM share_link WHERE galleryId = ?", arguments: one)),
                ("session", db.rows(sql: "SELECT * FROM session WHERE linkGalleryId = ?", arguments: one)),
            ]
        }
        return try await target.write { db in
            for (table, tableRows) in rows {
                // The gallery's counts are kept by the target's triggers as its items arrive.
                try Self.insert(
                    db, table, tableRows,
                    overriding: table == "gallery" ? ["itemcount": .integer(0), "trashcount": .integer(0)] : [:])
            }
            return rows[1].1.count
        }
    }

    /// Checks that the gallery's live items, in order, and its trash are the same on both sides, and its counts.
    private func check(_ gallery: String) async throws {
        @Sendable func facts(_ db: any SQLSession) throws -> (order: [String], trash: Int, counts: [Int]) {
            let order = try db.rows(
                sql: "SELECT id, orderKey FROM item WHERE galleryId = ? AND trashedAt IS NULL ORDER BY orderKey",
                arguments: [gallery]
            ).map { "\($0["id"] as String) \($0["orderKey"] as String)" }
            let trash =
                try db.value(
                    Int.self, sql: "SELECT count(*) FROM item WHERE galleryId = ? AND trashedAt IS NOT NULL",
                    arguments: [gallery]) ?? 0
            let counts =
                try db.row(sql: "SELECT itemCount, trashCount FROM gallery WHERE id = ?", arguments: [gallery])
                .map { [$0["itemCount"] as Int, $0["trashCount"] as Int] } ?? []
            return (order, trash, counts)
        }
        let original = try await source.read(facts)
        let copy = try await target.read(facts)
        if original.order != copy.order {
            let place =
                zip(original.order, copy.order).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(original.order.count, copy.order.count)
            throw Mismatch(
                gallery: gallery,
                what: "its items or their order (\(original.order.count) and \(copy.order.count) items; from position "
                    + "\(place + 1): \(original.order.dropFirst(place).first ?? "none") and "
                    + "\(copy.order.dropFirst(place).first ?? "none"))")
        }
        if original.trash != copy.trash { throw Mismatch(gallery: gallery, what: "its trash") }
        if copy.counts != [copy.order.count, copy.trash] { throw Mismatch(gallery: gallery, what: "its kept counts") }
    }

    /// Inserts rows as they were read (by column name), skipping any the target has already; many rows per
    /// statement (each statement is a round trip to PostgreSQL), within both engines' limits on arguments.
    static func insert(
        _ db: any SQLSession, _ table: String, _ rows: [SQLRow], overriding: [String: SQLValue] = [:]
    ) throws {
        guard let names = rows.first?.names else { return }
        let rowMarks = "(" + SQLArguments.placeholders(names.count) + ")"
        let perStatement = max(1, 30_000 / names.count)
        for start in stride(from: 0, to: rows.count, by: perStatement) {
            let batch = rows[start..<min(rows.count, start + perStatement)]
            let sql =
                "INSERT INTO \(table) (\(names.joined(separator: ", "))) VALUES "
                + Array(repeating: rowMarks, count: batch.count).joined(separator: ", ") + " ON CONFLICT DO NOTHING"
            let values = batch.flatMap { row in
                zip(names, row.values).map { name, value in
                    if let replaced = overriding[name] { return replaced }
                    if dateColumns.contains(name), case .text(let text) = value,
                        let date = SQLDateText.date(from: text)
                    {
                        return .date(date)
                    }
                    return value
                }
            }
            try db.execute(sql: sql, arguments: SQLArguments(values))
        }
    }
}
