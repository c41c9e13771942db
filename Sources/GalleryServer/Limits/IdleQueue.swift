/// Connections in the order they became idle, oldest first; any may leave the queue at any time. Leaving is marked,
/// not searched for: the marked entries are skipped when the front is taken, and dropped when they make up half of
/// the queue, so every step costs a constant on average. Plain state, tested alone.
struct IdleQueue: Sendable, Equatable {
    /// The entries, oldest first from `start`; each with the turn it was queued at.
    private var entries: [(id: UInt64, turn: UInt64)] = []
    private var start = 0
    /// The turn of each connection in the queue (an entry whose turn differs is a stale one).
    private var turns: [UInt64: UInt64] = [:]
    private var nextTurn: UInt64 = 0

    /// Makes an empty queue.
    init() {}

    /// How many connections are in the queue.
    var count: Int { turns.count }

    /// Whether `id` is in the queue.
    func contains(_ id: UInt64) -> Bool { turns[id] != nil }

    /// Puts `id` at the back (moving it there if it was in the queue).
    mutating func append(_ id: UInt64) {
        turns[id] = nextTurn
        entries.append((id, nextTurn))
        nextTurn += 1
    }

    /// Takes `id` out of the queue, if it is in it.
    mutating func remove(_ id: UInt64) {
        guard turns.removeValue(forKey: id) != nil else { return }
        compactIfMostlyStale()
    }

    /// Takes the oldest connection out of the queue.
    mutating func popOldest() -> UInt64? {
        while start < entries.count {
            let entry = entries[start]
            start += 1
            if turns[entry.id] == entry.turn {
                turns[entry.id] = nil
                compactIfMostlyStale()
                return entry.id
            }
        }
        return nil
    }

    private mutating func compactIfMostlyStale() {
        guard entries.count - start > 2 * turns.count + 16 || start > entries.count / 2 + 16 else { return }
        entries = entries[start...].filter { turns[$0.id] == $0.turn }
        start = 0
    }

    static func == (lhs: IdleQueue, rhs: IdleQueue) -> Bool {
        lhs.orderedIDs == rhs.orderedIDs
    }

    /// The connections in the queue, oldest first (for tests).
    var orderedIDs: [UInt64] {
        entries[start...].filter { turns[$0.id] == $0.turn }.map(\.id)
    }
}
