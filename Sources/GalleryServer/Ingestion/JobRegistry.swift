import GalleryCore
import Synchronization

/// Background jobs by item: at most one per item, at most `limit` for new drops to add to, and a way to wait for all
/// of them.
final class JobRegistry: Sendable {
    private struct State {
        var running: [ItemID: Task<Void, Never>] = [:]
        /// Whose each running job is, for jobs started with room set aside for a person.
        var people: [ItemID: String] = [:]
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
        var admission: LoadAdmission
    }

    private let state: Mutex<State>

    /// A registry that lets ``reserve(_:for:)`` set aside room while fewer than `limit` jobs run, and fewer than
    /// `perPersonLimit` of one person's.
    init(limit: Int, perPersonLimit: Int? = nil) {
        state = Mutex(State(admission: LoadAdmission(limit: limit, perPersonLimit: perPersonLimit)))
    }

    /// Sets aside room for `count` new jobs of `person`; a refusal when they would take the running and set-aside
    /// jobs (all, or the person's) past the limit. Each job started with `reservedFor` takes one back;
    /// ``releaseReservation(_:for:)`` gives back the rest.
    func reserve(_ count: Int, for person: String? = nil) -> LoadAdmission.Refusal? {
        state.withLock { state in
            let running = state.running.count
            return state.admission.reserve(count, running: running, for: person)
        }
    }

    /// Gives back room set aside for jobs that will not start.
    func releaseReservation(_ count: Int, for person: String? = nil) {
        state.withLock { $0.admission.cancel(count, for: person) }
    }

    /// The most jobs of one person.
    var perPersonLimit: Int { state.withLock { $0.admission.perPersonLimit } }

    /// The most jobs running and set aside together for ``reserve(_:)`` to succeed.
    var limit: Int { state.withLock { $0.admission.limit } }

    /// How many jobs run, and how much room is set aside (for tests).
    var occupancy: (running: Int, reserved: Int) {
        state.withLock { ($0.running.count, $0.admission.reserved) }
    }

    /// Starts `work` for an item unless one already runs; `reserved` when ``reserve(_:for:)`` set aside its room, for
    /// `person` if it was set aside for one.
    func start(
        _ id: ItemID, reserved: Bool = false, for person: String? = nil, _ work: @escaping @Sendable () async -> Void
    ) {
        state.withLock { state in
            guard state.running[id] == nil else {
                if reserved { state.admission.cancel(1, for: person) }
                return
            }
            if reserved {
                state.admission.release(1)
                state.people[id] = person
            }
            // Below the requests' priority: a burst of loads yields the processor to everyone's requests first.
            state.running[id] = Task(priority: .utility) {
                await work()
                self.finish(id)
            }
        }
    }

    /// Returns when the item's job, if one runs, has ended.
    func waitUntilFinished(_ id: ItemID) async {
        let task = state.withLock { $0.running[id] }
        await task?.value
    }

    /// Whether a job runs for the item.
    func isRunning(_ id: ItemID) -> Bool { state.withLock { $0.running[id] != nil } }

    private func finish(_ id: ItemID) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.running[id] = nil
            state.admission.finish(for: state.people.removeValue(forKey: id))
            guard state.running.isEmpty else { return [] }
            defer { state.idleWaiters = [] }
            return state.idleWaiters
        }
        waiters.forEach { $0.resume() }
    }

    /// Returns when no job is running.
    func waitUntilIdle() async {
        await withCheckedContinuation { continuation in
            let idle = state.withLock { state -> Bool in
                if state.running.isEmpty { return true }
                state.idleWaiters.append(continuation)
                return false
            }
            if idle { continuation.resume() }
        }
    }

    /// Cancels every job.
    func cancelAll() {
        state.withLock { $0.running.values.forEach { $0.cancel() } }
    }
}
