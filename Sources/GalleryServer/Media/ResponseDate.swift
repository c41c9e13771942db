import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `Date` header of the answers written without the router (which adds its own): RFC 9110's IMF-fixdate
/// (`Wed, 25 Nov 2026 15:30:19 GMT`), made at most once a second.
enum ResponseDate {
    private static let latest = Mutex<(second: Int, text: String)>((-1, ""))
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The date now.
    static var now: String {
        let second = Int(time(nil))
        return latest.withLock { latest in
            if latest.second != second { latest = (second, text(of: second)) }
            return latest.text
        }
    }

    /// The date `second` seconds after 1970 began (UTC).
    static func text(of second: Int) -> String {
        var seconds = time_t(second)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func twoDigits(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(twoDigits(parts.tm_mday)) \(months[Int(parts.tm_mon)]) "
            + "\(parts.tm_year + 1900) \(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min)):\(twoDigits(parts.tm_sec)) GMT"
    }
}
