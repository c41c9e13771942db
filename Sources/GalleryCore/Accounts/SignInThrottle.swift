import Foundation

/// Slows down guessing: after a few failed sign-ins for one account (or from one address), each further attempt must
/// wait, twice as long after every failure, up to a cap. A success for the account clears its count. Pure: the caller
/// keeps it (behind a lock) and gives it the time.
public struct SignInThrottle: Sendable {
    /// Failures allowed before any wait.
    public var freeFailures = 5
    /// The first wait, in seconds; it doubles with each further failure.
    public var firstDelay: TimeInterval = 1
    /// The longest wait.
    public var longestDelay: TimeInterval = 15 * 60
    /// How long a record of failures is kept after the last one.
    public var memory: TimeInterval = 60 * 60

    private var records: [String: Record] = [:]

    private struct Record: Sendable {
        var failures: Int
        var last: Date
    }

    /// Makes an empty throttle.
    public init() {}

    /// How long the attempt for these keys (an account and an address) must still wait at `now`; nil if it may go.
    public func wait(for keys: [String], now: Date) -> TimeInterval? {
        let waits = keys.compactMap { key -> TimeInterval? in
            guard let record = records[key], record.failures >= freeFailures else { return nil }
            let delay = min(longestDelay, firstDelay * pow(2, Double(record.failures - freeFailures)))
            let remaining = record.last.addingTimeInterval(delay).timeIntervalSince(now)
            return remaining > 0 ? remaining : nil
        }
        return waits.max()
    }

    /// Counts a failed attempt for these keys.
    public mutating func recordFailure(for keys: [String], now: Date) {
        forgetOld(now: now)
        for key in keys {
            var record = records[key] ?? Record(failures: 0, last: now)
            if now.timeIntervalSince(record.last) >= memory { record.failures = 0 }
            record.failures += 1
            record.last = now
            records[key] = record
        }
    }

    /// Clears the count of a key (the account, after a success).
    public mutating func recordSuccess(for key: String) {
        records[key] = nil
    }

    private mutating func forgetOld(now: Date) {
        guard records.count > 10_000 else { return }
        records = records.filter { now.timeIntervalSince($0.value.last) < memory }
    }
}
