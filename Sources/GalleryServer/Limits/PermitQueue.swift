/// The bookkeeping of a limiter that lets at most `permits` holders work at once and at most `maximumWaiting` wait
/// for their turn, first come first served. Plain state: the methods say what to do, ``ConcurrencyLimiter`` does it.
struct PermitQueue: Sendable, Equatable {
    /// A caller, by the number it drew.
    typealias Ticket = UInt64

    /// How many may hold a permit at once.
    let permits: Int
    /// How many may wait for one.
    let maximumWaiting: Int
    /// How many hold a permit now.
    private(set) var holders = 0
    /// Who waits, oldest first.
    private(set) var waiting: [Ticket] = []

    /// What a caller asking for a permit is to do.
    enum Admission: Equatable, Sendable {
        /// Go on: it holds a permit.
        case proceed
        /// Wait until a permit is handed to it, or until it gives up.
        case wait
        /// Give up at once: the queue is full.
        case refuse
    }

    /// What happens to a permit given back.
    enum Handover: Equatable, Sendable {
        /// The permit is free again.
        case freed
        /// The permit goes straight to this waiter, which may go on.
        case handedTo(Ticket)
    }

    /// Makes an empty queue.
    init(permits: Int, maximumWaiting: Int) {
        self.permits = max(1, permits)
        self.maximumWaiting = max(0, maximumWaiting)
    }

    /// A caller asks for a permit.
    mutating func request(_ ticket: Ticket) -> Admission {
        if holders < permits {
            holders += 1
            return .proceed
        }
        guard waiting.count < maximumWaiting else { return .refuse }
        waiting.append(ticket)
        return .wait
    }

    /// A holder gives its permit back.
    mutating func release() -> Handover {
        guard !waiting.isEmpty else {
            holders = max(0, holders - 1)
            return .freed
        }
        return .handedTo(waiting.removeFirst())
    }

    /// A waiter stops waiting (it timed out or was cancelled). Returns whether it was still waiting: false when a
    /// permit was handed to it in the meantime (then it holds that permit and must release it).
    mutating func withdraw(_ ticket: Ticket) -> Bool {
        guard let index = waiting.firstIndex(of: ticket) else { return false }
        waiting.remove(at: index)
        return true
    }
}
