import Foundation
import GalleryCore

// Items added to a gallery shown as a board (a drop, a paste, a copy, a move from another gallery) put on its board in
// the transaction that adds them, where the request said (`BoardArrival`): no second request places them, and their
// event carries their places.
extension SQLGalleryStore {
    /// Puts the added items on the board of `gallery` as `arrival` says (nil: nothing), above every item on it.
    /// `added` names each item with the item whose look it has (itself, or a copy's original: its aspect decides its
    /// width) and whether it arrives (an item moved within the gallery keeps its place); the places are worked out
    /// for all, in order, so that an arrangement of places keeps its pairs. Writes only the places: the change that
    /// adds the items already covers them.
    func putArrivals(
        _ db: any SQLSession, _ added: [(id: ItemID, look: Item, arrives: Bool)], on gallery: GalleryID,
        _ arrival: BoardArrival?
    ) throws {
        guard let arrival, added.contains(where: \.arrives) else { return }
        let topZ =
            try db.value(
                Int.self, sql: "SELECT max(z) FROM board_position WHERE galleryId = ?", arguments: [gallery.rawValue])
            ?? 0
        let positions = arrival.positions(aspects: added.map { BoardArrival.aspect(of: $0.look) }, above: topZ)
        for (entry, position) in zip(added, positions) where entry.arrives {
            try Self.setBoardPosition(db, entry.id, try position.validated())
        }
    }
}
