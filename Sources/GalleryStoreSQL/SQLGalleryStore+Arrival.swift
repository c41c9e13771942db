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
