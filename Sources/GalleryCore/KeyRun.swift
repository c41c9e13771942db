import Foundation

/// A run of a gallery's items that left a span of its order together (into its trash, or moved elsewhere), or came
/// into one (out of the trash, or moved there) — told by the keys at its ends and how many items it holds, not item by
/// item: "Select All" of a million items, its move and its undo are small events.
public struct KeyRun: Sendable, Equatable, Codable {
    /// The lowest order key of the run's items.
    public var firstKey: OrderKey
    /// The highest.
    public var lastKey: OrderKey
    /// How many items it holds.
    public var count: Int
    /// Left (true): every live item with a key from `firstKey` through `lastKey` went (to the trash, or to another
    /// place), except the items the same event names. Came (false): `count` items with keys in that span arrived (a
    /// view reads them).
    public var hasLeft: Bool

    /// Makes a run.
    public init(firstKey: OrderKey, lastKey: OrderKey, count: Int, hasLeft: Bool) {
        self.firstKey = firstKey
        self.lastKey = lastKey
        self.count = count
        self.hasLeft = hasLeft
    }

    private enum CodingKeys: String, CodingKey {
        case firstKey, lastKey, count, hasLeft
        /// What `hasLeft` was stored as before runs could move (they only went into the trash and out).
        case isTrashed
    }

    /// Decodes a run; one stored before runs could move says `isTrashed` for `hasLeft`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            firstKey: try container.decode(OrderKey.self, forKey: .firstKey),
            lastKey: try container.decode(OrderKey.self, forKey: .lastKey),
            count: try container.decode(Int.self, forKey: .count),
            hasLeft: try container.decodeIfPresent(Bool.self, forKey: .hasLeft)
                ?? container.decode(Bool.self, forKey: .isTrashed))
    }

    /// Encodes the run.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(firstKey, forKey: .firstKey)
        try container.encode(lastKey, forKey: .lastKey)
        try container.encode(count, forKey: .count)
        try container.encode(hasLeft, forKey: .hasLeft)
    }
}

/// What trashing or moving a run of items did: how many items it changed, and the gallery's change number that did it
/// (of the gallery they went to).
public struct RunChange: Sendable, Equatable {
    /// How many items went.
    public var count: Int
    /// The gallery's change that moved them.
    public var sequence: Int64

    /// Makes a value.
    public init(count: Int, sequence: Int64) {
        self.count = count
        self.sequence = sequence
    }
}
