import Foundation

/// A run of a gallery's items that went into its trash, or came out of it, together — told by the keys at its ends
/// and how many items it holds, not item by item: "Select All" of a million items and its undo are small events.
public struct KeyRun: Sendable, Equatable, Codable {
    /// The lowest order key of the run's items.
    public var firstKey: OrderKey
    /// The highest.
    public var lastKey: OrderKey
    /// How many items it holds.
    public var count: Int
    /// Into the trash (true): every live item with a key from `firstKey` through `lastKey` left, except the items the
    /// same event names. Out of it (false): `count` items with keys in that span came back (a view reads them).
    public var isTrashed: Bool

    /// Makes a run.
    public init(firstKey: OrderKey, lastKey: OrderKey, count: Int, isTrashed: Bool) {
        self.firstKey = firstKey
        self.lastKey = lastKey
        self.count = count
        self.isTrashed = isTrashed
    }
}

/// What trashing a run of items did: how many items went, and the gallery's change number that did it.
public struct TrashedRun: Sendable, Equatable {
    /// How many items went to the trash.
    public var count: Int
    /// The gallery's change that moved them.
    public var sequence: Int64

    /// Makes a value.
    public init(count: Int, sequence: Int64) {
        self.count = count
        self.sequence = sequence
    }
}
