/// A rectangle on a board, in board units.
public struct BoardRect: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rectangle, after checking that its edges are finite and within the board's limits
    /// (``BoardPosition/coordinateLimit`` either way, a little more for a viewport's margin) and that it is not empty.
    public func validated() throws(GalleryError) -> BoardRect {
        let limit = 2 * BoardPosition.coordinateLimit
        guard x.isFinite, y.isFinite, abs(x) <= limit, abs(y) <= limit else {
            throw .invalid("A board rectangle's x and y must be numbers from -\(Int(limit)) to \(Int(limit)).")
        }
        guard width.isFinite, height.isFinite, width > 0, height > 0, width <= 2 * limit, height <= 2 * limit else {
            throw .invalid("A board rectangle's width and height must be above 0 and at most \(Int(2 * limit)).")
        }
        return self
    }
}

/// Where the items of a board are found by the rectangles they meet, without reading the board whole (issue "A million
/// items"): a loose grid of tiles at several sizes. An item is kept in the smallest level whose tiles are at least as
/// big as it (tiles of `smallest` × 2^level board units), in the tile that holds its top-left corner; so it lies
/// within that tile and the next one right and down. Items meeting a rectangle are in the tiles of each level that
/// reach it, one tile wider on the left and top.
public enum BoardTiles {
    /// The side of a tile of level 0, in board units.
    public static let smallest: Double = 256
    /// The levels there are: the largest holds the largest item (``BoardPosition/maximumWidth`` wide, 20 times as
    /// tall as wide at most).
    public static let levels = 0...17

    /// The side of a tile of `level`.
    public static func side(_ level: Int) -> Double { smallest * Double(1 << level) }

    /// The tiles of each level where an item meeting `rect` may be kept: a range of columns and one of rows. One tile
    /// more on every side than needed, so that rounding where the database placed an item cannot leave it out.
    public static func ranges(meeting rect: BoardRect) -> [(
        level: Int, columns: ClosedRange<Int>, rows: ClosedRange<Int>
    )] {
        levels.map { level in
            let side = side(level)
            let columns = index(rect.x / side) - 2...index((rect.x + rect.width) / side) + 1
            let rows = index(rect.y / side) - 2...index((rect.y + rect.height) / side) + 1
            return (level, columns, rows)
        }
    }

    /// The tile index of a coordinate over a tile's side, kept within a 32-bit integer (a database column's).
    private static func index(_ tiles: Double) -> Int {
        Int(max(Double(Int32.min + 4), min(Double(Int32.max - 4), tiles.rounded(.down))))
    }
}
