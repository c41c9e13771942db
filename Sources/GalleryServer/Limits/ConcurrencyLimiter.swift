import Synchronization

/// Lets at most a few callers run a piece of work at once; the next few wait their turn, for a while, and the rest
/// are refused (with ``BoundsError/busy(retryAfterSeconds:)``). Used so that only a few large request bodies are held
/// and decoded at the same time.
final class ConcurrencyLimiter: Sendable {
    private struct State {
        var queue: PermitQueue
        var nextTicket: PermitQueue.Ticket = 0
        var sleepers: [PermitQueue.Ticket: CheckedContinuation<Bool, Never>] = [:]
    }

    private let state: Mutex<State>
    /// How long a caller waits for its turn before it is refused.
    let patience: Duration
    /// The refusal, given the seconds of its `Retry-After`.
    let refusal: @Sendable (_ retryAfterSeconds: Int) -> BoundsError

    /// A limiter of `permits` at once, with up to `maximumWaiting` callers waiting at most `patience` each; the rest
    /// are refused with `refusal` (by default ``BoundsError/busy(retryAfterSeconds:)``).
    init(
        permits: Int, maximumWaiting: Int, patience: Duration,
        refusal: @escaping @Sendable (_ retryAfterSeconds: Int) -> BoundsError = BoundsError.busy
    ) {
        state = Mutex(State(queue: PermitQueue(permits: permits, maximumWaiting: maximumWaiting)))
        self.patience = patience
        self.refusal = refusal
    }

    /// How many callers hold a permit and how many wait, now (for tests).
    var occupancy: (holders: Int, waiting: Int) {
        state.withLock { ($0.queue.holders, $0.queue.waiting.count) }
    }

    /// Runs `work` once a permit is free, and gives the permit back when it ends.
    /// - Throws: the limiter's refusal when the queue is full or the wait exceeds `patience`.
    func withPermit<Result>(_ work: () async throws -> Result) async throws -> Result {
        try await acquire()
        defer { release() }
        return try await work()
    }

    private func acquire() async throws {
        let ticket = state.withLock { state in
            defer { state.nextTicket += 1 }
            return state.nextTicket
        }
        let timer = Task { [patience] in
            try await Task.sleep(for: patience)
            self.withdraw(ticket)
        }
        defer { timer.cancel() }
        let granted = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let immediate = state.withLock { state -> Bool? in
                    if Task.isCancelled { return false }
                    switch state.queue.request(ticket) {
                    case .proceed: return true
                    case .refuse: return false
                    case .wait:
                        state.sleepers[ticket] = continuation
                        return nil
                    }
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            self.withdraw(ticket)
        }
        guard granted else { throw refusal(Self.retryAfterSeconds(patience)) }
    }

    private func release() {
        let next = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            switch state.queue.release() {
            case .freed: return nil
            case .handedTo(let ticket): return state.sleepers.removeValue(forKey: ticket)
            }
        }
        next?.resume(returning: true)
    }

    /// Stops a caller's wait (it timed out or was cancelled); a caller already handed a permit keeps it.
    private func withdraw(_ ticket: PermitQueue.Ticket) {
        let sleeper = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard state.queue.withdraw(ticket) else { return nil }
            return state.sleepers.removeValue(forKey: ticket)
        }
        sleeper?.resume(returning: false)
    }

    /// A `Retry-After` in whole seconds: the patience, at least one second.
    static func retryAfterSeconds(_ patience: Duration) -> Int {
        max(1, Int(patience.components.seconds))
    }
}
