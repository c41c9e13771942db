import Synchronization

/// Runs passes of background work over what a store says is left to do, one at a time: woken while idle, it starts a
/// pass; woken while one runs, it runs one more after it (for what came meanwhile); stopped, it cancels the running
/// pass and starts none. The background services' (``VideoCopyService``, ``ImageTextService``) shared life cycle.
final class BackgroundPasses: Sendable {
    private struct State {
        var worker: Task<Void, Never>?
        /// The pass to run again once the running one is through (it was woken meanwhile).
        var nextPass: (@Sendable () async -> Void)?
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
        var isStopped = false
    }

    private let state = Mutex(State())
    private let priority: TaskPriority

    /// Passes run at `priority`.
    init(priority: TaskPriority) {
        self.priority = priority
    }

    /// Starts `pass` if nothing runs, else runs it once more after the running one.
    func wake(_ pass: @escaping @Sendable () async -> Void) {
        state.withLock { state in
            guard !state.isStopped else { return }
            if state.worker == nil { start(pass, &state) } else { state.nextPass = pass }
        }
    }

    /// Cancels the running pass and starts no more.
    func stop() {
        let worker = state.withLock { state in
            state.isStopped = true
            state.nextPass = nil
            return state.worker
        }
        worker?.cancel()
    }

    /// Returns once no pass runs.
    func waitUntilIdle() async {
        await withCheckedContinuation { continuation in
            let idle = state.withLock { state in
                if state.worker == nil { return true }
                state.idleWaiters.append(continuation)
                return false
            }
            if idle { continuation.resume() }
        }
    }

    private func start(_ pass: @escaping @Sendable () async -> Void, _ state: inout State) {
        state.worker = Task(priority: priority) { [self] in
            await pass()
            finish()
        }
    }

    /// Ends a pass: starts the next if it was woken meanwhile, else tells those waiting that nothing runs.
    private func finish() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.worker = nil
            if let next = state.nextPass, !state.isStopped {
                state.nextPass = nil
                start(next, &state)
                return []
            }
            defer { state.idleWaiters = [] }
            return state.idleWaiters
        }
        waiters.forEach { $0.resume() }
    }
}
