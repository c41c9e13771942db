import SafeFetch
import Testing

@Suite struct HostSpellingTests {
    @Test(arguments: [
        "127.0.0.1", "127.1", "127.0.1", "2130706433", "0x7f000001", "0X7F000001", "0177.0.0.1", "0x7f.1",
        "0177.0.0.01", "0x7f.0x0.0x0.0x1",
    ])
    func everySpellingOfLoopbackIsRecognisedAndBlocked(host: String) throws {
        let address = try #require(IPAddress(hostSpelling: host))
        #expect(address == IPAddress(ipv4: 127, 0, 0, 1))
        #expect(AddressPolicy.isBlockedByDefault(address))
    }

    @Test func otherNumericSpellingsMeanWhatResolversMakeOfThem() {
        #expect(IPAddress(hostSpelling: "10.1") == IPAddress(ipv4: 10, 0, 0, 1))
        #expect(IPAddress(hostSpelling: "0") == IPAddress(ipv4: 0, 0, 0, 0))
        #expect(IPAddress(hostSpelling: "3232235777") == IPAddress(ipv4: 192, 168, 1, 1))
        #expect(IPAddress(hostSpelling: "::ffff:127.0.0.1") == IPAddress("::ffff:7f00:1"))
        #expect(IPAddress(hostSpelling: "::ffff:127.0.0.1").map(AddressPolicy.isBlockedByDefault) == true)
        #expect(IPAddress(hostSpelling: "[::1]") == IPAddress("::1"))
    }

    @Test(arguments: [
        "example.com", "127.0.0.1.nip.io", "1.2.3.4.5", "256.0.0.1", "4294967296", "0x", "08", "1..2", "",
    ])
    func namesAndImpossibleNumbersAreNotAddresses(host: String) {
        if host == "0x" {
            // inet_aton takes a bare "0x" as 0; either reading is safe because 0.0.0.0 is blocked.
            #expect(IPAddress(hostSpelling: host).map(AddressPolicy.isBlockedByDefault) ?? true)
        } else {
            #expect(IPAddress(hostSpelling: host) == nil)
        }
    }

    @Test func theFixedResolverReadsNumericSpellingsWithoutALookup() async throws {
        let addresses = try await Resolver.fixed([:]).resolve("0x7f000001")
        #expect(addresses == [IPAddress(ipv4: 127, 0, 0, 1)])
    }
}
