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

    public func boardItems(in gallery: GalleryID, meeting rect: BoardRect, limit: Int) async throws -> BoardPage {
        let limit = min(max(limit, 1), 1000)
        return try await database.read { db in
            let found = try Self.fetchGallery(db, gallery)
            var items: [Item] = []
            // Each level of tiles is read from its index (galleryId, tileLevel, tileY, tileX), one row of tiles after
            // the other so that each is a range of columns (a range of rows would read each whole, as wide as the
            // board); the items there are checked against the rectangle itself.
            for (level, columns, rows) in BoardTiles.ranges(meeting: rect) where items.count <= limit {
                // Values go in placeholders: each connection keeps every statement text it compiled, so a text
                // that named its rows would be one more kept for every place the board is looked at.
                let listed = rows.count <= 64
                let inRows =
                    listed
                    ? "board_position.tileY IN (\(SQLArguments.placeholders(rows.count)))"
                    : "board_position.tileY BETWEEN ? AND ?"
                let rowValues = SQLArguments(
                    (listed ? Array(rows) : [rows.lowerBound, rows.upperBound]).map(\.sqlValue))
                items += try db.rows(
                    sql: """
                        SELECT \(Item.selectColumns) FROM \(Item.fromClause)
                        WHERE board_position.galleryId = ? AND board_position.tileLevel = ?
                          AND \(inRows) AND board_position.tileX BETWEEN ? AND ?
                          AND board_position.x < ? AND board_position.x + board_position.width > ?
                          AND board_position.y < ? AND board_position.y + board_position.height > ?
                          AND item.galleryId = ? AND item.trashedAt IS NULL
                        LIMIT ?
                        """,
                    arguments: [gallery.rawValue, level] + rowValues
                        + [
                            columns.lowerBound, columns.upperBound, rect.x + rect.width, rect.x,
                            rect.y + rect.height, rect.y, gallery.rawValue, limit + 1 - items.count,
                        ]
                ).map(Item.init(row:))
            }
            return BoardPage(gallery: found, items: Array(items.prefix(limit)), complete: items.count <= limit)
        }
    }

    public func placeRest(in gallery: GalleryID, atMost limit: Int) async throws -> PlacedRest {
        let limit = max(1, limit)
        let date = now()
        return try await database.write { db in
            let found = try Self.fetchGallery(db, gallery)
            guard
                let state = try db.row(
                    sql: "SELECT boardPlacedThrough, boardPlacingKey, boardPlacingSince FROM gallery WHERE id = ?",
                    arguments: [gallery.rawValue]),
                let through: Int64 = state.value(at: 0)
            else { throw GalleryError.notFound("The gallery is gone.") }
            // A placing under way goes on after the last item it placed; a new one starts at this change, and only
            // if an item changed since the last one ended (a new, restored or moved-in item is a change).
            let after: String? = state.value(at: 1)
            let since: Int64 = after == nil ? found.sequence : state.value(at: 2) ?? found.sequence
            // Few items changed (the usual case) are all there is to place: they are found by their changes, and
            // placed at once. Many (a gallery never shown as a board) are placed in batches, in the gallery's order.
            var few = false
            if after == nil {
                let changed =
                    try db.value(
                        Int.self, sql: "SELECT count(*) FROM item WHERE galleryId = ? AND changeSequence > ?",
                        arguments: [gallery.rawValue, through]) ?? 0
                guard changed > 0 else { return PlacedRest(placed: 0, more: false) }
                few = changed <= limit
            }
            // (The few are named by their changes' index, so that no plan reads the gallery in order to find them.)
            // An item still loading waits: its height is not known yet, and its arrival when loaded is a change.
            let changedItems =
                few
                ? "item.id IN (SELECT id FROM item WHERE galleryId = ? AND changeSequence > ?)"
                : "item.galleryId = ? AND item.changeSequence > ?"
            let unplaced = """
                FROM item LEFT JOIN blob ON blob.hash = item.blobHash
                LEFT JOIN board_position ON board_position.itemId = item.id
                WHERE \(changedItems) AND item.trashedAt IS NULL AND item.state <> 'pending'
                  AND board_position.itemId IS NULL \(after == nil ? "" : "AND item.orderKey > ?")
                """
            let from: [SQLValue] = [.text(gallery.rawValue), .integer(through)] + (after.map { [.text($0)] } ?? [])
            // The key of the last item of this batch (none: the batch takes all that are left).
            let last =
                few
                ? nil
                : try db.value(
                    String.self, sql: "SELECT item.orderKey \(unplaced) ORDER BY item.orderKey LIMIT 1 OFFSET ?",
                    arguments: SQLArguments(from + [.integer(Int64(limit - 1))]))
            let batch = "\(unplaced) \(last == nil ? "" : "AND item.orderKey <= ?")"
            let batchArguments = from + (last.map { [.text($0)] } ?? [])
            // A batch small enough to tell is a change of the gallery whose event carries the places: every view
            // that holds those items (a board held whole, a region) shows them where the server put them.
            let told =
                try db.rows(
                    sql: "SELECT item.id \(batch) ORDER BY item.orderKey LIMIT ?",
                    arguments: SQLArguments(batchArguments + [.integer(Int64(PlacedRest.toldAtMost + 1))])
                ).compactMap { row in (row.value(at: 0) as String?).map { ItemID(trusted: $0) } }
            // Rows of square cells below everything on the board, in the gallery's order, about as many rows as
            // columns for the whole gallery (so that the rows of every batch are as long).
            let top = try Self.boardBounds(db, gallery).map { $0.y + $0.height + BoardPosition.gap } ?? 0
            let placed = try Self.putInCells(
                db, gallery, picked: batch, batchArguments, from: BoardPoint(x: 0, y: top),
                columns: BoardArrival.columns(for: found.itemCount), stackedAbove: nil)
            var placedThrough = last == nil ? since : through
            if placed > 0, told.count <= PlacedRest.toldAtMost {
                var log = ChangeLog()
                let sequence = try log.sequence(db, gallery, date: date)
                for id in told {
                    try db.execute(
                        sql: "UPDATE item SET updatedAt = ?, changeSequence = ? WHERE id = ?",
                        arguments: [date, sequence, id.rawValue])
                }
                log.touch(gallery, told)
                try log.commit(db, in: self)
                // Nothing else changed since this placing began: the next one need not look at these again.
                if last == nil, since == found.sequence { placedThrough = sequence }
            }
            // Done: the next placing starts from the changes after the one this one started at.
            try db.execute(
                sql: """
                    UPDATE gallery SET boardPlacingKey = ?, boardPlacingSince = ?, boardPlacedThrough = ?
                    WHERE id = ?
                    """,
                arguments: [last, last == nil ? nil : since, placedThrough, gallery.rawValue])
            return PlacedRest(placed: placed, more: last != nil)
        }
    }

    public func boardBounds(in gallery: GalleryID) async throws -> BoardRect? {
        try await database.read { db in
            _ = try Self.fetchGallery(db, gallery)
            return try Self.boardBounds(db, gallery)
        }
    }

    /// The rectangle around every item on the gallery's board (trashed ones too: their places are kept), nil when it
    /// has none. For each level of tiles, only its first row and column of tiles can hold its topmost and leftmost
    /// items, and its last two its lowest and rightmost (an item reaches into the next tile at most).
    static func boardBounds(_ db: any SQLSession, _ gallery: GalleryID) throws -> BoardRect? {
        var edges: (left: Double, top: Double, right: Double, bottom: Double)?
        let level = "FROM board_position WHERE galleryId = ? AND tileLevel = ?"
        for tiles in BoardTiles.levels {
            let id = gallery.rawValue
            // One aggregate a query: each is then one step into an index (SQLite reads the rows for several).
            func end(_ aggregate: String) throws -> Int? {
                try db.value(Int.self, sql: "SELECT \(aggregate) \(level)", arguments: [id, tiles])
            }
            guard
                let firstRow = try end("min(tileY)"), let lastRow = try end("max(tileY)"),
                let firstColumn = try end("min(tileX)"), let lastColumn = try end("max(tileX)"),
                let top = try db.value(
                    Double.self, sql: "SELECT min(y) \(level) AND tileY = ?", arguments: [id, tiles, firstRow]),
                let bottom = try db.value(
                    Double.self, sql: "SELECT max(y + height) \(level) AND tileY >= ?",
                    arguments: [id, tiles, lastRow - 1]),
                let left = try db.value(
                    Double.self, sql: "SELECT min(x) \(level) AND tileX = ?", arguments: [id, tiles, firstColumn]),
                let right = try db.value(
                    Double.self, sql: "SELECT max(x + width) \(level) AND tileX >= ?",
                    arguments: [id, tiles, lastColumn - 1])
            else { continue }
            edges = (
                min(edges?.left ?? left, left), min(edges?.top ?? top, top), max(edges?.right ?? right, right),
                max(edges?.bottom ?? bottom, bottom)
            )
        }
        return edges.map { BoardRect(x: $0.left, y: $0.top, width: $0.right - $0.left, height: $0.bottom - $0.top) }
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
        try reshapeOnBoard(db, id)
    }

    /// Keeps the shape of an item's board position (its height and tiles: `BoardShape`), if it has one, up to date
    /// with its place and its file (its size known once it is ready).
    static func reshapeOnBoard(_ db: any SQLSession, _ id: ItemID) throws {
        try db.execute(sql: BoardShape.update(where: "board_position.itemId = ?"), arguments: [id.rawValue])
    }

    /// The same for an item as this transaction read it: one not on the board has nothing to keep, and is not asked
    /// (the statement took about half a millisecond even then: an import of 100,000 items paid about 48 s for it).
    static func reshapeOnBoard(_ db: any SQLSession, _ item: Item) throws {
        if item.boardPosition != nil { try reshapeOnBoard(db, item.id) }
    }
}
