/// Where items added to a gallery (a drop, a paste, a copy, a move from another gallery) go on its board, as the
/// request that adds them says: fanned out from the board point they were dropped at, or each at its own place (a
/// copy dragged on the board keeps the arrangement it was dragged in). The store puts them there in the transaction
/// that adds them, so their event already carries their places.
public enum BoardArrival: Sendable, Equatable {
    /// Fanned out from a point (board units): the first item's top-left corner is the point.
    case fannedOut(from: BoardPoint)
    /// One place per item, in the order the items are named (only the top-left corner and the width: the new items
    /// go on top of the stack).
    case placed([BoardPoint.Place])

    /// Where the `count` items go whose height over width is `aspects[i]` (as ``BoardArrival/aspect(of:)`` says),
    /// stacked above `topZ` in their order.
    ///
    /// The fan is rows of square cells, ``BoardPosition/defaultWidth`` wide with ``BoardPosition/gap`` between them
    /// and as many columns as rows (4 at least, as `placeRest` lays out a board): an item as wide as a cell, or for
    /// one taller than wide, as tall as it; so no two overlap (an image still loading counts as 3/4 as tall as wide:
    /// one that turns out taller than wide reaches into the row below). Places given one per item are kept as they
    /// are (too few: the items fan out from the first).
    public func positions(aspects: [Double], above topZ: Int) -> [BoardPosition] {
        let z = { (index: Int) in Int(min(Int64(BoardPosition.stackRange.upperBound), Int64(topZ) + 1 + Int64(index))) }
        switch self {
        case .placed(let places) where places.count >= aspects.count:
            return aspects.indices.map { index in
                let place = places[index]
                return BoardPosition(x: place.x, y: place.y, width: place.width, z: z(index))
            }
        case .placed:
            return BoardArrival.fannedOut(from: origin).positions(aspects: aspects, above: topZ)
        case .fannedOut(let point):
            let columns = Self.columns(for: aspects.count)
            let cell = BoardPosition.defaultWidth
            let pitch = cell + BoardPosition.gap
            return aspects.enumerated().map { index, aspect in
                let (row, column) = index.quotientAndRemainder(dividingBy: columns)
                let width = aspect > 1 ? cell / aspect : cell
                return BoardPosition(
                    x: Self.clamped(point.x + Double(column) * pitch), y: Self.clamped(point.y + Double(row) * pitch),
                    width: width, z: z(index))
            }
        }
    }

    /// A coordinate kept within the board's limits (a fan from a point at its very edge stays on it).
    private static func clamped(_ value: Double) -> Double {
        min(BoardPosition.coordinateLimit, max(-BoardPosition.coordinateLimit, value))
    }

    /// The point a fan of these items starts from: the fan's, or the first place (the top-left corner of the board
    /// when there is none).
    public var origin: BoardPoint {
        switch self {
        case .fannedOut(let point): point
        case .placed(let places): places.first.map { BoardPoint(x: $0.x, y: $0.y) } ?? BoardPoint(x: 0, y: 0)
        }
    }

    /// How many columns a fan of `count` items has: about as many as rows, 4 at least.
    public static func columns(for count: Int) -> Int {
        max(4, Int(Double(max(count, 1)).squareRoot().rounded(.up)))
    }

    /// An item's height over its width on the board, as the web client draws it and the board index keeps it
    /// (`BoardShape.aspect`): its file's, within 0.05 to 20; a ready note's 1, a link's without a preview 3/4, a
    /// video's of unknown size 9/16; else (still loading) 3/4.
    public static func aspect(of item: Item) -> Double {
        if let (width, height) = item.shownSize, width > 0, height > 0 {
            return min(20, max(0.05, Double(height) / Double(width)))
        }
        guard item.state == .ready else { return 0.75 }
        switch item.kind {
        case .note: return 1
        case .video: return 0.5625
        default: return 0.75
        }
    }
}

/// A point on a board, in board units, as a request names it.
public struct BoardPoint: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// One item's place as a request names it: its top-left corner and its width.
    public struct Place: Sendable, Hashable, Codable {
        public var x: Double
        public var y: Double
        public var width: Double

        public init(x: Double, y: Double, width: Double) {
            self.x = x
            self.y = y
            self.width = width
        }
    }

    /// The point, after checking that `x` and `y` are finite and within ±``BoardPosition/coordinateLimit``.
    /// - Throws: `invalid`, naming the field (`boardPoint` or `boardPlaces`).
    public func validated(as field: String) throws(GalleryError) -> BoardPoint {
        let limit = Int(BoardPosition.coordinateLimit)
        guard x.isFinite, y.isFinite, abs(x) <= BoardPosition.coordinateLimit,
            abs(y) <= BoardPosition.coordinateLimit
        else {
            throw .invalid("'\(field)' must have x and y, numbers from -\(limit) to \(limit) (board units).")
        }
        return self
    }
}
