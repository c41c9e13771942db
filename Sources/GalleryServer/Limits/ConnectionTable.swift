/// Every open connection of the server: how many each client address holds, how many there are in all, how many have
/// not signed in, and which are idle, in the order they became so. A connection is a stranger's until one of its
/// requests proves who it is (a session, an API token, a read-only link's session; every one, without sign-in).
///
/// Strangers may hold at most `strangerLimit` connections, fewer than the total: at that bound a new connection makes
/// room by closing the oldest idle stranger's connection (one that never had a request answered first), and is
/// refused if none is idle — so strangers can never close, nor take the room of, a signed-in person's connections.
/// When the server holds its total, the oldest idle connection that has not yet had a request answered goes first,
/// then the oldest idle stranger's, then the one idle the longest among the others. A connection that is busy (a
/// request in flight, a body being read, a WebSocket) is never closed for room. Plain state, tested alone;
/// ``ConnectionRegistry`` shares it between the server's event loops.
struct ConnectionTable: Sendable, Equatable {
    /// Whether a new connection may open.
    enum Admission: Sendable, Equatable {
        /// It may, as `id`; `evicting` must be closed first to make room for it.
        case admitted(id: UInt64, evicting: UInt64?)
        /// Its address already holds its limit.
        case refusedForAddress
        /// The server holds its total, or strangers hold theirs, and none of those connections is idle.
        case refusedForServer
    }

    /// The most connections the server holds at once.
    let limit: Int
    /// The most connections that have not signed in.
    let strangerLimit: Int
    /// The connections of each address.
    private(set) var counts: ConnectionCounts
    /// The address of each open connection.
    private(set) var addresses: [UInt64: String] = [:]
    /// Idle connections that have not had a request answered yet nor signed in (a stranger's, or a browser's spare),
    /// oldest first.
    private(set) var idleUnanswered = IdleQueue()
    /// Idle connections that have had a request answered but not signed in, longest idle first.
    private(set) var idleStrangers = IdleQueue()
    /// Idle connections that have signed in, longest idle first.
    private(set) var idleSignedIn = IdleQueue()
    /// The open connections that have signed in.
    private(set) var signedIn: Set<UInt64> = []
    private var nextID: UInt64 = 1

    /// Makes an empty table: at most `limit` connections, `strangerLimit` of them not signed in (at most `limit`).
    init(limit: Int, strangerLimit: Int? = nil, limitPerAddress: Int, uncapped: Set<String> = []) {
        self.limit = max(1, limit)
        self.strangerLimit = min(self.limit, max(1, strangerLimit ?? limit))
        counts = ConnectionCounts(limitPerAddress: limitPerAddress, uncapped: uncapped)
    }

    /// How many connections are open.
    var openCount: Int { addresses.count }

    /// How many open connections have not signed in.
    var strangerCount: Int { addresses.count - signedIn.count }

    /// A connection from `address` asks to open; admitted, it counts as idle and unanswered.
    mutating func admit(_ address: String) -> Admission {
        guard counts.admit(address) else { return .refusedForAddress }
        var evicting: UInt64?
        if strangerCount >= strangerLimit || addresses.count >= limit {
            // At the strangers' bound only a stranger's connection makes room.
            let forStrangers = strangerCount >= strangerLimit
            guard
                let oldest = idleUnanswered.popOldest() ?? idleStrangers.popOldest()
                    ?? (forStrangers ? nil : idleSignedIn.popOldest())
            else {
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
        idleStrangers.remove(id)
        idleSignedIn.remove(id)
    }

    /// A request of the connection `id` proved who it is: it is no stranger's from now on.
    mutating func markSignedIn(_ id: UInt64) {
        guard addresses[id] != nil, signedIn.insert(id).inserted else { return }
        if idleStrangers.contains(id) || idleUnanswered.contains(id) {
            markBusy(id)
            idleSignedIn.append(id)
        }
    }

    /// The connection `id` became idle; `hasAnswered` once it had a request answered.
    mutating func markIdle(_ id: UInt64, hasAnswered: Bool) {
        guard addresses[id] != nil else { return }
        markBusy(id)
        if signedIn.contains(id) {
            idleSignedIn.append(id)
        } else if hasAnswered {
            idleStrangers.append(id)
        } else {
            idleUnanswered.append(id)
        }
    }

    /// The connection `id` closed (nothing happens if it was already closed to make room).
    mutating func close(_ id: UInt64) {
        guard let address = addresses.removeValue(forKey: id) else { return }
        markBusy(id)
        signedIn.remove(id)
        counts.close(address)
    }
}
