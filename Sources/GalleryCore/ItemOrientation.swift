/// How a person turned an item's image, without touching its file: mirrored left to right (or not), then turned
/// clockwise by a number of quarter turns. Thumbnails and copies are made upright from the file's own orientation;
/// this is applied on top, where the image is shown.
public struct ItemOrientation: Sendable, Hashable, Codable {
    /// Quarter turns clockwise, 0 to 3.
    public private(set) var quarterTurns: Int
    /// Whether the image is mirrored left to right before it is turned.
    public private(set) var mirrored: Bool

    /// As the file shows it.
    public static let upright = ItemOrientation(quarterTurns: 0, mirrored: false)

    /// Every orientation but upright: the seven ways an image can be shown otherwise than its file is.
    public static let allTurned: [ItemOrientation] = (1...7).compactMap(ItemOrientation.init(rawValue:))

    /// Makes an orientation (`quarterTurns` taken modulo 4).
    public init(quarterTurns: Int, mirrored: Bool) {
        self.quarterTurns = ((quarterTurns % 4) + 4) % 4
        self.mirrored = mirrored
    }

    /// The orientation a column keeps: `quarterTurns`, plus 4 when mirrored (0 to 7); nil for another number.
    public init?(rawValue: Int) {
        guard (0...7).contains(rawValue) else { return nil }
        self.init(quarterTurns: rawValue % 4, mirrored: rawValue >= 4)
    }

    /// The number a column keeps.
    public var rawValue: Int { quarterTurns + (mirrored ? 4 : 0) }

    /// Whether its width and height are the file's height and width.
    public var swapsSides: Bool { quarterTurns % 2 == 1 }

    /// A turn a person asks for.
    public enum Turn: String, Sendable, Codable, CaseIterable {
        /// A quarter turn counterclockwise.
        case left
        /// A quarter turn clockwise.
        case right
        /// Mirrored left to right, as it is shown.
        case flip
    }

    /// This orientation turned as `turn` says, as the image is shown: mirroring what is shown turned by q is the
    /// mirrored image turned by −q.
    public func turned(_ turn: Turn) -> ItemOrientation {
        switch turn {
        case .left: ItemOrientation(quarterTurns: quarterTurns - 1, mirrored: mirrored)
        case .right: ItemOrientation(quarterTurns: quarterTurns + 1, mirrored: mirrored)
        case .flip: ItemOrientation(quarterTurns: -quarterTurns, mirrored: !mirrored)
        }
    }

    private enum CodingKeys: String, CodingKey {
        case quarterTurns, mirrored
    }

    /// Decodes an orientation, checking its turns.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let turns = try container.decode(Int.self, forKey: .quarterTurns)
        guard (0...3).contains(turns) else {
            throw DecodingError.dataCorruptedError(
                forKey: .quarterTurns, in: container, debugDescription: "quarterTurns must be 0 to 3")
        }
        self.init(quarterTurns: turns, mirrored: try container.decode(Bool.self, forKey: .mirrored))
    }
}
