import Dispatch

/// Runs synchronous work that takes a processor for long (a password hash, unzipping and checking an archive) on a
/// Dispatch thread rather than on one of Swift's few cooperative threads or a NIO event loop, so that every other
/// request keeps being answered meanwhile. How many run at once is the caller's to bound (``HashingGate``,
/// ``ConcurrencyLimiter``).
enum BlockingWork {
    /// `work`'s result, computed on a Dispatch thread.
    static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, Error>, Never>) in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(returning: Result { try work() })
            }
        }
        return try outcome.get()
    }
}
