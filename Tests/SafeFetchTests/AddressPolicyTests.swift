import GalleryCore
import SafeFetch
import Testing

private func address(_ text: String) throws -> IPAddress {
    try #require(IPAddress(text), "\(text) should parse as an address")
}

private func range(_ text: String) throws -> AddressRange {
    try #require(AddressRange(text), "\(text) should parse as a range")
}

@Suite("IP addresses")
struct IPAddressTests {
    @Test func dottedQuadParsesAsIPv4() throws {
        let parsed = try address("93.184.216.34")
        #expect(parsed.isIPv4)
        #expect(parsed == IPAddress(ipv4: 93, 184, 216, 34))
        #expect(parsed.bytes == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 93, 184, 216, 34])
        #expect(parsed.description == "93.184.216.34")
    }

    @Test func compressedIPv6Parses() throws {
        let parsed = try address("2606:4700::1111")
        #expect(!parsed.isIPv4)
        #expect(parsed.bytes == [0x26, 0x06, 0x47, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x11, 0x11])
        #expect(parsed.description == "2606:4700:0:0:0:0:0:1111")
    }

    @Test func fullIPv6Parses() throws {
        let parsed = try address("2001:0db8:0000:0000:0000:ff00:0042:8329")
        #expect(parsed == (try address("2001:db8::ff00:42:8329")))
    }

    @Test func ipv4MappedIPv6IsAnIPv6AddressNotTheIPv4AddressItCarries() throws {
        let parsed = try address("::ffff:1.2.3.4")
        #expect(!parsed.isIPv4)
        #expect(parsed.isIPv4Mapped)
        #expect(parsed != IPAddress(ipv4: 1, 2, 3, 4))
        #expect(parsed.bytes == IPAddress(ipv4: 1, 2, 3, 4).bytes)
        #expect(parsed == (try address("::ffff:102:304")))
        #expect(!IPAddress(ipv4: 1, 2, 3, 4).isIPv4Mapped)
    }

    @Test func bracketsAndZonesAreAccepted() throws {
        let loopback = try address("[::1]")
        #expect(loopback.bytes == [UInt8](repeating: 0, count: 15) + [1])
        #expect(try address("fe80::1%eth0") == (try address("fe80::1")))
    }

    @Test func addressesAreMadeFromFourOrSixteenBytes() {
        #expect(IPAddress(bytes: [10, 0, 0, 1]) == IPAddress(ipv4: 10, 0, 0, 1))
        #expect(IPAddress(bytes: [UInt8](repeating: 0, count: 15) + [1]) == IPAddress("::1"))
        let mapped = IPAddress(bytes: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 10, 0, 0, 1])
        #expect(mapped == IPAddress("::ffff:10.0.0.1"))
        #expect(mapped?.isIPv4 == false)
        #expect(IPAddress(bytes: [1, 2, 3]) == nil)
    }

    @Test(arguments: [
        "", "nonsense", "1.2.3", "1.2.3.4.5", "1.2.3.256", "1.2.3.-4", "1.2.3.4 ", "1..3.4", "1:2:3:4:5:6:7",
        "1:2:3:4:5:6:7:8:9", "1::2::3", ":::", "12345::", "g::1", "::1.2.3", "[::1",
    ])
    func malformedTextIsNotAnAddress(text: String) {
        #expect(IPAddress(text) == nil)
    }
}

@Suite("Address ranges")
struct AddressRangeTests {
    @Test func anIPv4RangeHoldsItsAddressesOnly() throws {
        let tens = try range("10.0.0.0/8")
        #expect(tens.contains(try address("10.0.0.0")))
        #expect(tens.contains(try address("10.255.1.2")))
        #expect(!tens.contains(try address("11.0.0.1")))
        #expect(!tens.contains(try address("9.255.255.255")))
        #expect(tens.description == "10.0.0.0/8")
    }

    @Test func aRangeNeedNotEndOnAByte() throws {
        let shared = try range("100.64.0.0/10")
        #expect(shared.contains(try address("100.127.255.255")))
        #expect(!shared.contains(try address("100.128.0.0")))
    }

    @Test func anIPv6RangeHoldsItsAddressesOnly() throws {
        let documentation = try range("2001:db8::/32")
        #expect(documentation.contains(try address("2001:db8:1::5")))
        #expect(!documentation.contains(try address("2001:db9::")))
    }

    @Test func aBareAddressIsARangeOfOne() throws {
        let single = try range("1.2.3.4")
        #expect(single.contains(try address("1.2.3.4")))
        #expect(!single.contains(try address("1.2.3.5")))
        #expect(single.description == "1.2.3.4/32")
    }

    @Test func theWholeIPv4SpaceHoldsNoIPv6Address() throws {
        let everything = try range("0.0.0.0/0")
        #expect(everything.contains(try address("203.0.113.9")))
        #expect(!everything.contains(try address("2606:4700::1111")))
        #expect(!everything.contains(try address("::ffff:203.0.113.9")))
    }

    @Test func theIPv4MappedRangeHoldsEveryMappedAddressAndNoIPv4Address() throws {
        let mapped = try range("::ffff:0:0/96")
        #expect(mapped.contains(try address("::ffff:0.0.0.0")))
        #expect(mapped.contains(try address("::ffff:203.0.113.9")))
        #expect(mapped.contains(try address("::ffff:255.255.255.255")))
        #expect(!mapped.contains(try address("203.0.113.9")))
        #expect(!mapped.contains(try address("::203.0.113.9")))
        #expect(!mapped.contains(try address("2606:4700::1111")))
    }

    @Test(arguments: ["10.0.0.0/33", "::/129", "10.0.0.0/x", "10.0.0.0/8/1", "10.0.0.0/", "/8", "nonsense"])
    func malformedTextIsNotARange(text: String) {
        #expect(AddressRange(text) == nil)
    }
}

@Suite("Address policy")
struct AddressPolicyTests {
    @Test(arguments: [
        "127.0.0.1", "10.1.2.3", "169.254.169.254", "192.168.1.1", "172.16.0.1", "100.64.0.1", "0.0.0.0",
        "224.0.0.1", "255.255.255.255", "::", "::1", "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1",
        "::ffff:127.0.0.1", "::127.0.0.1", "2002:7f00:1::1", "2002:c0a8:101::1", "64:ff9b::808:808",
        // IPv4-translated (the attack run's connection was attempted), Teredo, local NAT64, discard, documentation.
        "::ffff:0:7f00:1", "::ffff:0:808:808", "2001:0:4136:e378:8000:63bf:3fff:fdd2", "64:ff9b:1::a00:1", "100::1",
        "3fff::1",
    ])
    func specialPurposeAddressesAreBlockedByDefault(text: String) throws {
        let policy = AddressPolicy()
        #expect(!policy.permits(try address(text)))
        #expect(AddressPolicy.isBlockedByDefault(try address(text)))
    }

    @Test(arguments: ["93.184.216.34", "8.8.8.8", "2606:4700::1111", "2a00:1450:4001:80b::200e", "2002:5db8:d822::1"])
    func publicAddressesArePermitted(text: String) throws {
        #expect(AddressPolicy().permits(try address(text)))
    }

    @Test func aHostIsPermittedOnlyWhenEveryAddressIs() throws {
        let policy = AddressPolicy()
        let publicAddress = try address("93.184.216.34")
        let privateAddress = try address("192.168.1.1")
        #expect(policy.permits(all: [publicAddress]))
        #expect(!policy.permits(all: [publicAddress, privateAddress]))
        #expect(!policy.permits(all: []))
    }

    @Test func anAllowedRangeIsOpenedAndNothingElse() throws {
        let policy = AddressPolicy(allowed: try AddressPolicy.parseRanges(["10.0.0.0/8"]))
        #expect(policy.permits(try address("10.1.2.3")))
        #expect(!policy.permits(try address("::ffff:10.1.2.3")))
        #expect(!policy.permits(try address("192.168.1.1")))
        #expect(!policy.permits(try address("127.0.0.1")))
        #expect(policy.permits(try address("93.184.216.34")))
    }

    @Test(arguments: [
        "::ffff:0.0.0.0", "::ffff:8.8.8.8", "::ffff:93.184.216.34", "::ffff:127.0.0.1", "::ffff:10.1.2.3",
        "::ffff:255.255.255.255", "::ffff:5db8:d822",
    ])
    func everyIPv4MappedAddressIsBlockedByDefaultWhateverItCarries(text: String) throws {
        #expect(AddressPolicy.isBlockedByDefault(try address(text)))
        #expect(!AddressPolicy().permits(try address(text)))
    }

    @Test func aHostWithAnIPv4MappedAddressAmongPublicOnesIsRefused() throws {
        let policy = AddressPolicy()
        let publicAddress = try address("93.184.216.34")
        let mappedPublicAddress = try address("::ffff:93.184.216.34")
        #expect(!policy.permits(all: [publicAddress, mappedPublicAddress]))
        #expect(!policy.permits(all: [mappedPublicAddress]))
    }

    @Test func allowingTheIPv4MappedRangeOpensItAndNotIPv4() throws {
        let whole = AddressPolicy(allowed: try AddressPolicy.parseRanges(["::ffff:0:0/96"]))
        #expect(whole.permits(try address("::ffff:8.8.8.8")))
        #expect(whole.permits(try address("::ffff:10.1.2.3")))
        #expect(!whole.permits(try address("10.1.2.3")))

        let part = AddressPolicy(allowed: try AddressPolicy.parseRanges(["::ffff:192.168.1.0/120"]))
        #expect(part.permits(try address("::ffff:192.168.1.7")))
        #expect(!part.permits(try address("::ffff:192.168.2.7")))
        #expect(!part.permits(try address("::ffff:8.8.8.8")))
        #expect(!part.permits(try address("192.168.1.7")))
    }

    @Test func rangesAreSeparatedByCommasOrSpaces() throws {
        let ranges = try AddressPolicy.parseRanges(["10.0.0.0/8, 192.168.0.0/16", "fd00::/8 127.0.0.1"])
        #expect(ranges.map(\.description) == ["10.0.0.0/8", "192.168.0.0/16", "fd00:0:0:0:0:0:0:0/8", "127.0.0.1/32"])
        #expect(try AddressPolicy.parseRanges([]).isEmpty)
        #expect(try AddressPolicy.parseRanges([" , "]).isEmpty)
    }

    @Test func aMalformedRangeIsRefusedByName() {
        let error = #expect(throws: GalleryError.self) {
            try AddressPolicy.parseRanges(["10.0.0.0/8", "nonsense"])
        }
        guard case .invalid(let message) = error else {
            Issue.record("expected GalleryError.invalid, got \(String(describing: error))")
            return
        }
        #expect(message.contains("'nonsense'"))
    }
}
