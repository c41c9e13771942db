import Foundation
import GalleryCore

// Items added to a gallery shown as a board (a drop, a paste, a copy, a move from another gallery) put on its board in
// the transaction that adds them, where the request said (`BoardArrival`): no second request places them, and their
// event carries their places.
extension SQLGalleryStore {
    /// Puts the added items on the board of `gallery` as `arrival` says (nil: nothing), above every item they meet
    /// there. `added` names each item with the item whose look it has (itself, or a copy's original: its aspect decides
    /// its width) and whether it arrives (an item moved within the gallery keeps its place); the places are worked
    /// out for all, in order, so that an arrangement of places keeps its pairs. Writes only the places: the change
    /// that adds the items already covers them.
    func putArrivals(
        _ db: any SQLSession, _ added: [(id: ItemID, look: Item, arrives: Bool)], on gallery: GalleryID,
        _ arrival: BoardArrival?
    ) throws {
        guard let arrival, added.contains(where: \.arrives) else { return }
        let aspects = added.map { BoardArrival.aspect(of: $0.look) }
        let spread = arrival.positions(aspects: aspects, above: 0)
        let left = spread.map(\.x).min() ?? 0
        let top = spread.map(\.y).min() ?? 0
        let right = spread.map { $0.x + $0.width }.max() ?? 0
        let bottom = zip(spread, aspects).map { $0.y + $0.width * $1 }.max() ?? 0
        let meeting = BoardRect(x: left, y: top, width: max(right - left, 1), height: max(bottom - top, 1))
        let topZ = try Self.highestZ(db, gallery, meeting: meeting)
        for (entry, position) in zip(added, arrival.positions(aspects: aspects, above: topZ)) where entry.arrives {
            try Self.setBoardPosition(db, entry.id, try position.validated())
        }
    }

    /// Puts a run of `count` items that came into the gallery of `span` (none on its board yet) there, fanned out
    /// from the point of `arrival` (a fan's own, or the first of its places) in the run's order, above every item
    /// the fan meets; written by one statement, however long the run.
    func putArrivingRun(
        _ db: any SQLSession, _ span: HistoryEntry.RunStep.Span, count: Int, _ arrival: BoardArrival
    ) throws {
        let columns = BoardArrival.columns(for: count)
        let pitch = BoardPosition.defaultWidth + BoardPosition.gap
        let rows = (count + columns - 1) / columns
        // Kept on the board, as a fan from its edge is.
        let limit = BoardPosition.coordinateLimit
        let point = arrival.origin
        let origin = BoardPoint(
            x: min(limit - Double(columns) * pitch, max(-limit, point.x)),
            y: min(limit - Double(rows) * pitch, max(-limit, point.y)))
        let meeting = BoardRect(
            x: origin.x, y: origin.y, width: Double(columns) * pitch, height: Double(rows) * pitch)
        let topZ = min(
            try Self.highestZ(db, span.galleryID, meeting: meeting), BoardPosition.stackRange.upperBound - count)
        _ = try Self.putInCells(
            db, span.galleryID,
            picked: """
                FROM item LEFT JOIN blob ON blob.hash = item.blobHash
                WHERE item.galleryId = ? AND item.trashedAt IS NULL AND item.orderKey >= ? AND item.orderKey <= ?
                """,
            [.text(span.galleryID.rawValue), .text(span.firstKey.rawValue), .text(span.lastKey.rawValue)],
            from: origin, columns: columns, stackedAbove: topZ)
    }

    /// Puts the items that `picked` names (a `FROM … WHERE …` over `item`, `blob` and `board_position`, on its
    /// `arguments`) on the board of `gallery`, in the gallery's order, in rows of `columns` square cells from `origin`
    /// (``BoardArrival``'s fan: an item as wide as a cell, or one taller than wide as tall as it), each row written
    /// once with its shape; stacked one above the other from `topZ` up (nil: all at 0, under what is there). One
    /// statement, however many: returns how many.
    static func putInCells(
        _ db: any SQLSession, _ gallery: GalleryID, picked: String, _ arguments: [SQLValue], from origin: BoardPoint,
        columns: Int, stackedAbove topZ: Int?
    ) throws -> Int {
        let width = BoardPosition.defaultWidth
        let pitch = width + BoardPosition.gap
        let kept = BoardShape.shape(x: "x", y: "y", width: "width", aspect: "aspect")
        return try db.execute(
            sql: """
                INSERT INTO board_position (itemId, x, y, width, z, galleryId, height, tileLevel, tileX, tileY)
                SELECT id, x, y, width, \(topZ == nil ? "0" : "? + n"), ?, \(kept.height), \(kept.level),
                  \(kept.column), \(kept.row)
                FROM (
                  SELECT id, n, aspect, ? + ((n - 1) % ?) * ? AS x, ? + ((n - 1) / ?) * ? AS y,
                    CASE WHEN aspect > 1 THEN ? / aspect ELSE ? END AS width
                  FROM (
                    SELECT item.id AS id, ROW_NUMBER() OVER (ORDER BY item.orderKey) AS n,
                      \(BoardShape.aspect) AS aspect
                    \(picked)
                  ) AS numbered
                ) AS cells
                """,
            arguments: SQLArguments(
                (topZ.map { [.integer(Int64($0))] } ?? [])
                    + [
                        .text(gallery.rawValue), .real(origin.x), .integer(Int64(columns)), .real(pitch),
                        .real(origin.y), .integer(Int64(columns)), .real(pitch), .real(width), .real(width),
                    ] + arguments))
    }

    /// The highest stacking order of the items on the gallery's board that meet `rect` (0 when none does): found by the
    /// board index near the rectangle, so its cost grows with the items there, not with the board.
    static func highestZ(_ db: any SQLSession, _ gallery: GalleryID, meeting rect: BoardRect) throws -> Int {
        var highest = 0
        for (level, columns, rows) in BoardTiles.ranges(meeting: rect) {
            let found = try db.value(
                Int.self,
                sql: """
                    SELECT max(z) FROM board_position
                    WHERE galleryId = ? AND tileLevel = ? AND tileY BETWEEN ? AND ? AND tileX BETWEEN ? AND ?
                      AND x < ? AND x + width > ? AND y < ? AND y + height > ?
                    """,
                arguments: [
                    gallery.rawValue, level, rows.lowerBound, rows.upperBound, columns.lowerBound, columns.upperBound,
                    rect.x + rect.width, rect.x, rect.y + rect.height, rect.y,
                ])
            highest = max(highest, found ?? 0)
        }
        return highest
    }
}
