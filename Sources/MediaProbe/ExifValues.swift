import Foundation
import GalleryCore

/// The checks that turn raw EXIF values into what ``PhotoDetails`` says, pure and separate from the reading of bytes:
/// a value that is no value (a date of zeros, a latitude of 100°, a negative shutter time) gives nil.
enum ExifValues {
    /// A finite, positive number, else nil.
    static func positive(_ value: Double) -> Double? {
        value.isFinite && value > 0 ? value : nil
    }

    /// Text with control characters dropped and white space trimmed; nil when nothing is left. Bytes that are not
    /// UTF-8 are read as Latin-1, as old cameras wrote.
    static func cleanText(_ bytes: [UInt8]) -> String? {
        let decoded =
            String(validating: bytes, as: UTF8.self)
            ?? String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        let kept = String(
            String.UnicodeScalarView(decoded.unicodeScalars.filter { $0.properties.generalCategory != .control }))
        let trimmed = kept.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// An EXIF date (`YYYY:MM:DD HH:MM:SS`) as `YYYY-MM-DDTHH:MM:SS`, with the offset (`+HH:MM`) when a valid one is
    /// given; nil when it is not a real date and time.
    static func date(_ text: String, offset: String?) -> String? {
        let digits = Array(text.utf8)
        guard digits.count >= 19 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard (48...57).contains(digits[index]) else { return nil }
                value = value * 10 + Int(digits[index] - 48)
            }
            return value
        }
        let separators: [(Int, UInt8)] = [(4, 58), (7, 58), (10, 32), (13, 58), (16, 58)]
        guard separators.allSatisfy({ digits[$0.0] == $0.1 }), let year = number(0..<4), let month = number(5..<7),
            let day = number(8..<10), let hour = number(11..<13), let minute = number(14..<16),
            let second = number(17..<19), year >= 1, (1...12).contains(month), (1...31).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var date = "\(String(repeating: "0", count: 4 - String(year).count))\(year)-\(two(month))-\(two(day))"
        date += "T\(two(hour)):\(two(minute)):\(two(second))"
        if let offset = offset.flatMap(validOffset) { date += offset }
        return date
    }

    /// An offset from UTC as EXIF writes it (`+02:00`, `-05:30`), or nil.
    static func validOffset(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.count == 6, bytes[0] == 43 || bytes[0] == 45, bytes[3] == 58,
            [1, 2, 4, 5].allSatisfy({ (48...57).contains(bytes[$0]) })
        else { return nil }
        let hours = Int(bytes[1] - 48) * 10 + Int(bytes[2] - 48)
        let minutes = Int(bytes[4] - 48) * 10 + Int(bytes[5] - 48)
        return hours <= 14 && minutes < 60 ? text : nil
    }

    /// Coordinates from GPS degrees, minutes and seconds and their references (`N`/`S`, `E`/`W`); nil unless both are
    /// whole and in range.
    static func location(latitude: [Double]?, north: String?, longitude: [Double]?, east: String?) -> PhotoLocation? {
        guard let latitude = degrees(latitude), let longitude = degrees(longitude),
            let north = north.flatMap({ sign($0, positive: "N", negative: "S") }),
            let east = east.flatMap({ sign($0, positive: "E", negative: "W") })
        else { return nil }
        let (lat, lon) = (latitude * north, longitude * east)
        guard abs(lat) <= 90, abs(lon) <= 180 else { return nil }
        return PhotoLocation(latitude: lat, longitude: lon)
    }

    private static func degrees(_ parts: [Double]?) -> Double? {
        guard let parts, parts.count == 3, parts.allSatisfy({ $0.isFinite && $0 >= 0 }), parts[1] < 60, parts[2] < 60
        else { return nil }
        return parts[0] + parts[1] / 60 + parts[2] / 3600
    }

    private static func sign(_ reference: String, positive: String, negative: String) -> Double? {
        switch reference.uppercased() {
        case positive: 1
        case negative: -1
        default: nil
        }
    }
}
