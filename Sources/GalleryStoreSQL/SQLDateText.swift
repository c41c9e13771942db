import Foundation

/// Dates kept as text (SQLite has no date type): "yyyy-MM-dd HH:mm:ss.SSS" in UTC, as GRDB writes them, read back
/// without a formatter (a window of items reads three per item).
enum SQLDateText {
    /// The date of a text as GRDB writes it ("2026-11-24 22:44:34.123", the fraction optional; a "T" between date and
    /// time, a trailing "Z", and no time or no seconds are taken too), or nil.
    static func date(from text: String) -> Date? {
        var utf8 = Array(text.utf8)
        if utf8.last == UInt8(ascii: "Z") { utf8.removeLast() }
        // "yyyy-MM-dd" and "yyyy-MM-dd HH:mm" are read as GRDB reads them: the missing parts are zero.
        if utf8.count == 10 { utf8 += Array(" 00:00:00".utf8) }
        if utf8.count == 16 { utf8 += Array(":00".utf8) }
        guard utf8.count >= 19 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let digit = Int(utf8[index]) - 48
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard utf8[4] == UInt8(ascii: "-"), utf8[7] == UInt8(ascii: "-"),
            utf8[10] == UInt8(ascii: " ") || utf8[10] == UInt8(ascii: "T"),
            utf8[13] == UInt8(ascii: ":"), utf8[16] == UInt8(ascii: ":"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var fraction = 0.0
        if utf8.count > 19 {
            guard utf8[19] == UInt8(ascii: "."), utf8.count > 20, let digits = number(20..<utf8.count) else {
                return nil
            }
            fraction = Double(digits) / pow(10, Double(utf8.count - 20))
        }
        // Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = Double(days * 86_400 + hour * 3_600 + minute * 60 + second) + fraction
        return Date(timeIntervalSince1970: seconds)
    }
}
