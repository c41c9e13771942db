import GalleryCore
import Hummingbird

/// An item's place on its gallery's board as the API shows it: `{"x", "y", "width", "z"}`, or `null` when it is not
/// on the board yet (written out, not left out, so that a view can tell "taken off the board" from "not sent").
struct BoardResponse: Encodable, Equatable {
    var position: BoardPosition?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let position { try container.encode(position) } else { try container.encodeNil() }
    }
}

struct BoardPageResponse: ResponseEncodable {
    var gallery: GalleryResponse
    /// The live items on the board that meet the rectangle asked for.
    var items: [ItemResponse]
    /// Whether these are all of them (false: more meet it than were asked for).
    var complete: Bool
}

struct BoardBoundsResponse: ResponseEncodable {
    /// The rectangle around every item on the board; null when none is on it.
    var bounds: BoardRect?

    enum CodingKeys: String, CodingKey { case bounds }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(bounds, forKey: .bounds)  // null, not left out
    }
}

struct PlacedRestResponse: ResponseEncodable {
    /// How many items were put on the board.
    var placed: Int
    /// Whether some may be left: ask again.
    var more: Bool

    /// How many items one request places at most: `limit` (1 to 20,000; a view that holds the board whole asks for
    /// at most ``PlacedRest/toldAtMost``, so that it is told where each went), 20,000 by default.
    static func limit(_ query: Parameters) throws(GalleryError) -> Int {
        guard let text = query.get("limit") else { return 20_000 }
        guard let limit = Int(text), (1...20_000).contains(limit) else {
            throw .invalid("'limit' must be a whole number from 1 to 20000.")
        }
        return limit
    }
}

/// `POST /api/galleries/{id}/board`: where items go on the gallery's board.
struct ArrangeRequest: Decodable {
    /// One item's new position.
    struct Entry: Decodable {
        var itemId: ItemID
        var x: Double
        var y: Double
        var width: Double
        var z: Int
    }

    var positions: [Entry]

    /// The positions, after checking their number (as many as other batch requests may name); the store checks
    /// their values and items.
    func validatedPositions() throws(GalleryError) -> [(id: ItemID, position: BoardPosition)] {
        guard !positions.isEmpty else { throw .invalid("'positions' must place at least one item.") }
        guard positions.count <= ItemBatchRequest.maximumCount else {
            throw .invalid("'positions' may place at most \(ItemBatchRequest.maximumCount) items.")
        }
        return positions.map { entry in
            (entry.itemId, BoardPosition(x: entry.x, y: entry.y, width: entry.width, z: entry.z))
        }
    }
}
