/// An IPv4 or IPv6 address as 16 bytes (IPv4 kept in its IPv4-mapped form), parsed without I/O.
///
/// The family is kept apart from the bytes: an IPv6 address of the IPv4-mapped range (`::ffff:1.2.3.4`, as a AAAA
/// record or a bracketed literal may give it) is an IPv6 address, not equal to the IPv4 address it carries, so the
/// address policy can refuse that range whole.
public struct IPAddress: Hashable, Sendable, CustomStringConvertible {
    /// The 16 bytes of the IPv6 form.
    public private(set) var bytes: [UInt8]

    /// Whether this is an IPv4 address (its bytes are the IPv4-mapped form); false for every IPv6 address, those of
    /// the IPv4-mapped range included.
    public let isIPv4: Bool

    /// Makes an IPv4 address.
    public init(ipv4 a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) {
        self.init(sixteen: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, a, b, c, d], isIPv4: true)
    }

    private init(sixteen: [UInt8], isIPv4: Bool) {
        bytes = sixteen
        self.isIPv4 = isIPv4
    }

    /// Makes an address from 4 (IPv4) or 16 (IPv6) bytes.
    public init?(bytes: [UInt8]) {
        if bytes.count == 4 {
            self.init(ipv4: bytes[0], bytes[1], bytes[2], bytes[3])
        } else if bytes.count == 16 {
            self.init(sixteen: bytes, isIPv4: false)
        } else {
            return nil
        }
    }

    /// Whether this is an IPv6 address of the IPv4-mapped range, `::ffff:0:0/96`.
    public var isIPv4Mapped: Bool {
        !isIPv4 && bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xff && bytes[11] == 0xff
    }

    /// Parses dotted-quad IPv4 or RFC 4291 IPv6 text (brackets and a zone suffix are accepted).
    public init?(_ text: String) {
        var text = Substring(text)
        if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        if let percent = text.firstIndex(of: "%") { text = text[..<percent] }
        if text.contains(":") {
            guard let parsed = Self.parseIPv6(text) else { return nil }
            self.init(sixteen: parsed, isIPv4: false)
        } else {
            guard let parsed = Self.parseIPv4(text) else { return nil }
            self.init(ipv4: parsed[0], parsed[1], parsed[2], parsed[3])
        }
    }

    static func parseIPv4(_ text: Substring) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var result: [UInt8] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 3, part.allSatisfy(\.isASCII), let value = UInt8(part) else {
                return nil
            }
            result.append(value)
        }
        return result
    }

    static func parseIPv6(_ text: Substring) -> [UInt8]? {
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ part: String) -> [UInt8]? {
            if part.isEmpty { return [] }
            var out: [UInt8] = []
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if index == pieces.count - 1, piece.contains(".") {
                    guard let v4 = parseIPv4(piece) else { return nil }
                    out += v4
                } else {
                    guard (1...4).contains(piece.count), let value = UInt16(piece, radix: 16) else { return nil }
                    out += [UInt8(value >> 8), UInt8(value & 0xff)]
                }
            }
            return out
        }
        guard let head = groups(halves[0]) else { return nil }
        if halves.count == 1 { return head.count == 16 ? head : nil }
        guard let tail = groups(halves[1]), head.count + tail.count <= 14 else { return nil }
        return head + Array(repeating: 0, count: 16 - head.count - tail.count) + tail
    }

    /// The usual text form.
    public var description: String {
        if isIPv4 { return bytes[12...].map(String.init).joined(separator: ".") }
        return stride(from: 0, to: 16, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
            .joined(separator: ":")
    }
}

/// A range of addresses in CIDR notation.
public struct AddressRange: Hashable, Sendable, CustomStringConvertible {
    /// The first address of the range.
    public let base: IPAddress
    /// Prefix length in bits of the 128-bit form.
    public let prefixLength: Int

    /// Parses `10.0.0.0/8`, `::1/128`, or a bare address (a range of one).
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let address = IPAddress(String(parts[0])) else { return nil }
        let maxLength = address.isIPv4 ? 32 : 128
        var length = maxLength
        if parts.count == 2 {
            guard let parsed = Int(parts[1]), (0...maxLength).contains(parsed) else { return nil }
            length = parsed
        }
        self.init(base: address, prefixLength: address.isIPv4 ? length + 96 : length)
    }

    /// Makes a range from a base and a 128-bit prefix length.
    public init(base: IPAddress, prefixLength: Int) {
        self.base = base
        self.prefixLength = prefixLength
    }

    /// Whether the address is inside the range: an IPv4 range holds IPv4 addresses only, an IPv6 range IPv6 ones only
    /// (so `0.0.0.0/0` holds no IPv4-mapped IPv6 address, and `::ffff:0:0/96` no IPv4 address).
    public func contains(_ address: IPAddress) -> Bool {
        guard address.isIPv4 == base.isIPv4 else { return false }
        var remaining = prefixLength
        for index in 0..<16 where remaining > 0 {
            let bits = min(8, remaining)
            let mask = UInt8(truncatingIfNeeded: 0xff << (8 - bits))
            if address.bytes[index] & mask != base.bytes[index] & mask { return false }
            remaining -= bits
        }
        return true
    }

    /// CIDR text.
    public var description: String {
        base.isIPv4 && prefixLength >= 96 ? "\(base)/\(prefixLength - 96)" : "\(base)/\(prefixLength)"
    }
}
