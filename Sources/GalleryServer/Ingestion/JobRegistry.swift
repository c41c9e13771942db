import GalleryCore
import Synchronization

/// Background jobs by item: at most one per item, and a way to wait for all of them.
final class JobRegistry: Sendable {
    private struct State {
        var running: [ItemID: Task<Void, Never>] = [:]
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Starts `work` for an item unless one already runs.
    func start(_ id: ItemID, _ work: @escaping @Sendable () async -> Void) {
        state.withLock { state in
            guard state.running[id] == nil else { return }
            state.running[id] = Task {
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
