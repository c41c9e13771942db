import Synchronization

/// The open connections of the server (``ConnectionTable``), shared by all of its event loops, with a way to close
/// each one from any of them when the server needs its room.
final class ConnectionRegistry: Sendable {
    private struct State {
        var table: ConnectionTable
        /// How to close each open connection, on its own event loop.
        var closers: [UInt64: @Sendable () -> Void] = [:]
    }

    private let state: Mutex<State>

    /// A registry of at most `limit` connections in all, `strangerLimit` of them not signed in, and `limitPerAddress`
    /// per address, except the `uncapped` addresses.
    init(limit: Int, strangerLimit: Int? = nil, limitPerAddress: Int, uncapped: Set<String> = []) {
        state = Mutex(
            State(
                table: ConnectionTable(
                    limit: limit, strangerLimit: strangerLimit, limitPerAddress: limitPerAddress, uncapped: uncapped)))
    }

    /// The most connections one address may hold.
    var limitPerAddress: Int { state.withLock { $0.table.counts.limitPerAddress } }

    /// Counts a new connection from `address`, which `close` closes (from any thread) when the server needs its room;
    /// its id, or why it may not open. An idle connection closed to make room is closed before this returns.
    func admit(_ address: String, close: @escaping @Sendable () -> Void) -> Result<UInt64, Refusal> {
        let (admission, evicted) = state.withLock { state -> (ConnectionTable.Admission, (@Sendable () -> Void)?) in
            let admission = state.table.admit(address)
            guard case .admitted(let id, let evicting) = admission else { return (admission, nil) }
            state.closers[id] = close
            return (admission, evicting.flatMap { state.closers.removeValue(forKey: $0) })
        }
        evicted?()
        switch admission {
        case .admitted(let id, _): return .success(id)
        case .refusedForAddress: return .failure(.address)
        case .refusedForServer: return .failure(.server)
        }
    }

    /// The connection `id` became idle (or busy); `hasAnswered` once it had a request answered.
    func setIdle(_ id: UInt64, _ isIdle: Bool, hasAnswered: Bool) {
        state.withLock {
            if isIdle {
                $0.table.markIdle(id, hasAnswered: hasAnswered)
            } else {
                $0.table.markBusy(id)
            }
        }
    }

    /// A request of the connection `id` proved who it is.
    func markSignedIn(_ id: UInt64) {
        state.withLock { $0.table.markSignedIn(id) }
    }

    /// Forgets a closed connection that ``admit(_:close:)`` counted.
    func close(_ id: UInt64) {
        state.withLock {
            $0.table.close(id)
            $0.closers[id] = nil
        }
    }

    /// How many connections `address` holds now (for tests).
    func openConnections(from address: String) -> Int { state.withLock { $0.table.counts.open[address, default: 0] } }

    /// How many connections are open (for tests).
    var openCount: Int { state.withLock { $0.table.openCount } }

    /// Why a connection may not open.
    enum Refusal: Error, Equatable {
        /// Its address holds its limit.
        case address
        /// The server holds its total, and none is idle.
        case server
    }
}
