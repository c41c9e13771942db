import GalleryCore

/// Decides which addresses the server may fetch from: public ones, plus ranges the operator allows.
public struct AddressPolicy: Sendable, Equatable {
    /// Ranges opened by the operator (`--fetch-allow`).
    public var allowed: [AddressRange]

    /// Makes a policy with the given allowed ranges.
    public init(allowed: [AddressRange] = []) {
        self.allowed = allowed
    }

    /// Whether a fetch may connect to this address.
    public func permits(_ address: IPAddress) -> Bool {
        if allowed.contains(where: { $0.contains(address) }) { return true }
        return !Self.isBlockedByDefault(address)
    }

    /// Whether a fetch may go to a host with these resolved addresses: all must be permitted.
    public func permits(all addresses: [IPAddress]) -> Bool {
        !addresses.isEmpty && addresses.allSatisfy(permits)
    }

    /// Whether the address is in a special-purpose range (loopback, private, link-local, …).
    public static func isBlockedByDefault(_ address: IPAddress) -> Bool {
        if blockedRanges.contains(where: { $0.contains(address) }) { return true }
        if let embedded = embeddedIPv4(in: address) { return isBlockedByDefault(embedded) }
        return false
    }

    /// The IPv4 address carried by the IPv4-compatible (`::a.b.c.d`) or 6to4 (`2002::/16`) forms, if any.
    static func embeddedIPv4(in address: IPAddress) -> IPAddress? {
        let b = address.bytes
        if address.isIPv4 { return nil }
        if b[0..<12].allSatisfy({ $0 == 0 }) { return IPAddress(ipv4: b[12], b[13], b[14], b[15]) }  // ::a.b.c.d
        if b[0] == 0x20, b[1] == 0x02 { return IPAddress(ipv4: b[2], b[3], b[4], b[5]) }  // 2002::/16 6to4
        return nil
    }

    /// Special-purpose ranges refused unless allowed.
    ///
    /// IPv4-mapped IPv6 addresses (`::ffff:0:0/96`) and IPv4-translated ones (`::ffff:0:0:0/96`, RFC 2765) are
    /// refused whole, whatever IPv4 address they carry: no public host is reached by one, and a socket given one
    /// connects over IPv4 (or through a translator) by rules that differ between systems. So are the IETF protocol
    /// assignments (`2001::/23`, Teredo among them, which hides an IPv4 address), local NAT64 (`64:ff9b:1::/48`),
    /// discard-only (`100::/64`) and both documentation ranges.
    public static let blockedRanges: [AddressRange] = [
        "0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12",
        "192.0.0.0/24", "192.0.2.0/24", "192.168.0.0/16", "198.18.0.0/15", "198.51.100.0/24",
        "203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4", "255.255.255.255/32",
        "::/128", "::1/128", "::ffff:0:0/96", "::ffff:0:0:0/96", "fe80::/10", "fc00::/7", "ff00::/8", "2001::/23",
        "2001:db8::/32", "3fff::/20", "64:ff9b::/96", "64:ff9b:1::/48", "100::/64",
    ].compactMap(AddressRange.init)

    /// The loopback ranges: this machine itself.
    public static let loopback: [AddressRange] = ["127.0.0.0/8", "::1/128"].compactMap(AddressRange.init)

    /// Parses comma- or space-separated CIDR ranges; throws with the first bad one.
    public static func parseRanges(_ texts: [String]) throws(GalleryError) -> [AddressRange] {
        var ranges: [AddressRange] = []
        for text in texts {
            for piece in text.split(whereSeparator: { $0 == "," || $0 == " " }) {
                guard let range = AddressRange(String(piece)) else {
                    throw .invalid("'\(piece)' is not an address range such as 192.168.1.0/24")
                }
                ranges.append(range)
            }
        }
        return ranges
    }
}
