extension IPAddress {
    /// The address a host written as a number means, in every spelling resolvers accept: IPv6 literals, dotted quads,
    /// and the inet_aton forms with fewer parts or octal (`0177.0.0.1`) and hex (`0x7f000001`) parts, so `127.1`,
    /// `2130706433` and `0x7f000001` are all recognised as 127.0.0.1. Nil for a name.
    public init?(hostSpelling host: String) {
        if let literal = IPAddress(host) {
            self = literal
            return
        }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count) else { return nil }
        var values: [UInt64] = []
        for part in parts {
            guard let value = Self.numericPart(part) else { return nil }
            values.append(value)
        }
        // Every part but the last is one byte; the last fills the remaining bytes.
        let lastBits = UInt64(8 * (5 - parts.count))
        guard values.dropLast().allSatisfy({ $0 <= 0xff }), let last = values.last, last < (1 << lastBits) else {
            return nil
        }
        var number: UInt64 = last
        for (index, value) in values.dropLast().enumerated() {
            number |= value << UInt64(24 - 8 * index)
        }
        self.init(
            ipv4: UInt8(number >> 24 & 0xff), UInt8(number >> 16 & 0xff), UInt8(number >> 8 & 0xff),
            UInt8(number & 0xff))
    }

    /// One part of an inet_aton address: decimal, octal with a leading 0, or hex with 0x.
    static func numericPart(_ part: Substring) -> UInt64? {
        guard !part.isEmpty, part.count <= 34 else { return nil }
        let lower = part.lowercased()
        if lower.hasPrefix("0x") {
            let digits = lower.dropFirst(2)
            return digits.isEmpty ? 0 : UInt64(digits, radix: 16)
        }
        if lower.count > 1, lower.hasPrefix("0") {
            return UInt64(lower.dropFirst(), radix: 8)
        }
        return UInt64(lower, radix: 10)
    }
}
