import Foundation

/// Slows down guessing: after a few failed sign-ins for one account (or from one address), each further attempt must
/// wait, twice as long after every failure, up to a cap. Pure: the caller keeps it (behind a lock) and gives it the
/// time.
///
/// An attempt is counted as a failure when it is admitted, before its password is checked, and taken back if it
/// succeeds: so many guesses sent at once cost what the same guesses cost one after the other. A throttled account
/// still admits one attempt at a time from an address that never failed for it (its owner, elsewhere), so a stranger
/// who fails on purpose cannot lock the owner out; an address that failed waits, whatever password it sends next.
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
    /// Accounts with an attempt in flight from an address that had not failed for them while they were throttled.
    private var freshInFlight: Set<String> = []

    private struct Record: Sendable {
        var failures: Int
        var last: Date
    }

    /// What ``admit(account:address:now:)`` decides.
    public enum Admission: Sendable, Equatable {
        /// Check the password, then say how it went with ``succeeded(_:)`` or ``failed(_:)``.
        case go(Attempt)
        /// Refuse without checking the password: try again in this many seconds.
        case wait(TimeInterval)
    }

    /// An admitted attempt, already counted as a failure.
    public struct Attempt: Sendable, Equatable {
        let account: String
        let address: String
        /// Admitted to a throttled account from an address that had not failed for it.
        let isFresh: Bool
    }

    /// Makes an empty throttle.
    public init() {}

    /// Admits an attempt at `account` (a lowercased name) from `address`, counting it as a failure at once; or says how
    /// long to wait.
    public mutating func admit(account: String, address: String, now: Date) -> Admission {
        let (accountKey, addressKey, pairKey) = Self.keys(account, address)
        if let wait = wait(addressKey, now: now) { return .wait(wait) }
        var isFresh = false
        if let wait = wait(accountKey, now: now) {
            guard (records[pairKey]?.failures ?? 0) == 0, !freshInFlight.contains(accountKey) else {
                return .wait(wait)
            }
            isFresh = true
            freshInFlight.insert(accountKey)
        }
        forgetOld(now: now)
        for key in [accountKey, addressKey, pairKey] { count(key, now: now) }
        return .go(Attempt(account: account, address: address, isFresh: isFresh))
    }

    /// The attempt's password was right: the account's failures are cleared, and the address's count taken back.
    public mutating func succeeded(_ attempt: Attempt) {
        let (accountKey, addressKey, pairKey) = Self.keys(attempt.account, attempt.address)
        records[accountKey] = nil
        records[pairKey] = nil
        if var record = records[addressKey] {
            record.failures -= 1
            records[addressKey] = record.failures > 0 ? record : nil
        }
        if attempt.isFresh { freshInFlight.remove(accountKey) }
    }

    /// The attempt's password was wrong at `now` (it was counted when admitted): the wait runs from now.
    public mutating func failed(_ attempt: Attempt, now: Date) {
        let (accountKey, addressKey, pairKey) = Self.keys(attempt.account, attempt.address)
        for key in [accountKey, addressKey, pairKey] {
            guard var record = records[key] else { continue }
            record.last = max(record.last, now)
            records[key] = record
        }
        if attempt.isFresh { freshInFlight.remove(accountKey) }
    }

    private static func keys(_ account: String, _ address: String) -> (account: String, address: String, pair: String) {
        ("user:" + account, "address:" + address, "pair:" + account + "\n" + address)
    }

    /// How long an attempt under `key` must still wait at `now`; nil if it may go.
    private func wait(_ key: String, now: Date) -> TimeInterval? {
        guard let record = records[key], record.failures >= freeFailures,
            now.timeIntervalSince(record.last) < memory
        else { return nil }
        let delay = min(longestDelay, firstDelay * pow(2, Double(record.failures - freeFailures)))
        let remaining = record.last.addingTimeInterval(delay).timeIntervalSince(now)
        return remaining > 0 ? remaining : nil
    }

    private mutating func count(_ key: String, now: Date) {
        var record = records[key] ?? Record(failures: 0, last: now)
        if now.timeIntervalSince(record.last) >= memory { record.failures = 0 }
        record.failures += 1
        record.last = now
        records[key] = record
    }

    private mutating func forgetOld(now: Date) {
        guard records.count > 10_000 else { return }
        records = records.filter { now.timeIntervalSince($0.value.last) < memory }
    }
}
