/// Where an item lies on its gallery's board (a free canvas, like PureRef's): its top-left corner and its width in
/// board units, and its place in the stack (a higher `z` lies on top). Its height follows from the image's aspect
/// ratio, so it is not kept.
public struct BoardPosition: Sendable, Hashable, Codable {
    /// The left edge, in board units.
    public var x: Double
    /// The top edge, in board units.
    public var y: Double
    /// The width, in board units.
    public var width: Double
    /// The stacking order: items with a higher `z` lie on top of those with a lower one.
    public var z: Int

    /// Makes a position (not checked: see ``validated()``).
    public init(x: Double, y: Double, width: Double, z: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.z = z
    }

    /// The width an item gets when it is put on the board (the web client's `DEFAULT_WIDTH`).
    public static let defaultWidth: Double = 240
    /// The free space between items put on the board (the web client's `BOARD_GAP`).
    public static let gap: Double = 24

    /// The largest distance of an edge from the board's origin, either way.
    public static let coordinateLimit: Double = 1_000_000_000
    /// The widest an item may be.
    public static let maximumWidth: Double = 1_000_000
    /// The stacking orders an item may have (those of a 32-bit integer).
    public static let stackRange = Int(Int32.min)...Int(Int32.max)

    /// The position, after checking that `x` and `y` are finite and within ±``coordinateLimit``, `width` finite,
    /// above 0 and at most ``maximumWidth``, and `z` within ``stackRange``.
    public func validated() throws(GalleryError) -> BoardPosition {
        let limit = "\(Int(Self.coordinateLimit))"
        guard x.isFinite, abs(x) <= Self.coordinateLimit else {
            throw .invalid("A board position's x must be a number from -\(limit) to \(limit).")
        }
        guard y.isFinite, abs(y) <= Self.coordinateLimit else {
            throw .invalid("A board position's y must be a number from -\(limit) to \(limit).")
        }
        guard width.isFinite, width > 0, width <= Self.maximumWidth else {
            throw .invalid("A board position's width must be above 0 and at most \(Int(Self.maximumWidth)).")
        }
        guard Self.stackRange.contains(z) else {
            throw .invalid(
                "A board position's z must be a whole number from \(Self.stackRange.lowerBound) to "
                    + "\(Self.stackRange.upperBound).")
        }
        return self
    }
}
