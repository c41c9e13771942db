/// Every open connection of the server: how many each client address holds, how many there are in all, and which are
/// idle, in the order they became so. When the server holds its total, the oldest idle connection that has not yet
/// had a request answered goes first to make room for a new one, then the one idle the longest among the others; a
/// connection that is busy (a request in flight, a body being read, a WebSocket) is never closed for room. Plain
/// state, tested alone; ``ConnectionRegistry`` shares it between the server's event loops.
struct ConnectionTable: Sendable, Equatable {
    /// Whether a new connection may open.
    enum Admission: Sendable, Equatable {
        /// It may, as `id`; `evicting` must be closed first to make room for it.
        case admitted(id: UInt64, evicting: UInt64?)
        /// Its address already holds its limit.
        case refusedForAddress
        /// The server holds its total and none of its connections is idle.
        case refusedForServer
    }

    /// The most connections the server holds at once.
    let limit: Int
    /// The connections of each address.
    private(set) var counts: ConnectionCounts
    /// The address of each open connection.
    private(set) var addresses: [UInt64: String] = [:]
    /// Idle connections that have not had a request answered yet (a stranger's, or a browser's spare), oldest first.
    private(set) var idleUnanswered = IdleQueue()
    /// Idle connections that have had a request answered, longest idle first.
    private(set) var idleAnswered = IdleQueue()
    private var nextID: UInt64 = 1

    /// Makes an empty table.
    init(limit: Int, limitPerAddress: Int, uncapped: Set<String> = []) {
        self.limit = max(1, limit)
        counts = ConnectionCounts(limitPerAddress: limitPerAddress, uncapped: uncapped)
    }

    /// How many connections are open.
    var openCount: Int { addresses.count }

    /// A connection from `address` asks to open; admitted, it counts as idle and unanswered.
    mutating func admit(_ address: String) -> Admission {
        guard counts.admit(address) else { return .refusedForAddress }
        var evicting: UInt64?
        if addresses.count >= limit {
            guard let oldest = idleUnanswered.popOldest() ?? idleAnswered.popOldest() else {
                counts.close(address)
                return .refusedForServer
            }
            close(oldest)
            evicting = oldest
        }
        let id = nextID
        nextID += 1
        addresses[id] = address
        idleUnanswered.append(id)
        return .admitted(id: id, evicting: evicting)
    }

    /// The connection `id` became busy.
    mutating func markBusy(_ id: UInt64) {
        idleUnanswered.remove(id)
        idleAnswered.remove(id)
    }

    /// The connection `id` became idle; `hasAnswered` once it had a request answered.
    mutating func markIdle(_ id: UInt64, hasAnswered: Bool) {
        guard addresses[id] != nil else { return }
        markBusy(id)
        if hasAnswered {
            idleAnswered.append(id)
        } else {
            idleUnanswered.append(id)
        }
    }

    /// The connection `id` closed (nothing happens if it was already closed to make room).
    mutating func close(_ id: UInt64) {
        guard let address = addresses.removeValue(forKey: id) else { return }
        markBusy(id)
        counts.close(address)
    }
}
