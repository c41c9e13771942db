import Foundation

/// What one ``GalleryStore/placeRest(in:atMost:)`` did.
public struct PlacedRest: Sendable, Equatable {
    /// A placing of at most this many items is a change of the gallery, whose event carries their places; a bigger
    /// batch (a big gallery never shown as a board) changes only the board, which its views read by region.
    public static let toldAtMost = 1000

    /// How many items it put on the board.
    public var placed: Int
    /// Whether some may still be left (it placed as many as it could).
    public var more: Bool

    public init(placed: Int, more: Bool) {
        self.placed = placed
        self.more = more
    }
}

/// The items of a board that meet a rectangle (see ``GalleryStore/boardItems(in:meeting:limit:)``).
public struct BoardPage: Sendable, Equatable {
    /// The gallery, as the items are.
    public var gallery: Gallery
    /// The live items on the board that meet the rectangle, in no particular order.
    public var items: [Item]
    /// Whether these are all of them (false: more meet it than were asked for).
    public var complete: Bool

    public init(gallery: Gallery, items: [Item], complete: Bool) {
        self.gallery = gallery
        self.items = items
        self.complete = complete
    }
}
