import Foundation
import GalleryCore
import Hummingbird
import HummingbirdTesting
import NIOCore
import SafeFetch
import Synchronization
import TestSupport
import Testing

/// Fetches with the live fetcher and returns its error; records an issue if the fetch succeeds or reaches the sink.
private func liveFetchError(
    _ url: String, resolver: Resolver, policy: AddressPolicy = AddressPolicy()
) async throws -> Fetcher.Error? {
    let fetcher = Fetcher.live(resolver: resolver, policy: policy)
    let chunks = Mutex(0)
    let target = try #require(URL(string: url))
    return await #expect(throws: Fetcher.Error.self) {
        _ = try await fetcher.fetch(
            target, Fetcher.Limits(deadline: .seconds(5)), { _ in chunks.withLock { $0 += 1 } }, { _, _ in })
    }.flatMap { error in
        #expect(chunks.withLock { $0 } == 0)
        return error
    }
}

@Suite("The live fetcher, without a network")
struct LiveFetcherTests {
    private static let resolver = Resolver.fixed([
        "intranet.test": [IPAddress(ipv4: 10, 0, 0, 1)],
        "mixed.test": [IPAddress(ipv4: 93, 184, 216, 34), IPAddress(ipv4: 192, 168, 1, 1)],
        // A AAAA record of the IPv4-mapped form of a public IPv4 address.
        "mapped.test": [IPAddress("::ffff:93.184.216.34")!],
    ])

    @Test func aNameResolvingToAPrivateAddressIsRefusedBeforeAnyConnection() async throws {
        let error = try await liveFetchError("http://intranet.test/a.png", resolver: Self.resolver)
        #expect(error == .blockedAddress)
    }

    @Test func aNameWithOnePrivateAddressAmongPublicOnesIsRefused() async throws {
        let error = try await liveFetchError("https://mixed.test/a.png", resolver: Self.resolver)
        #expect(error == .blockedAddress)
    }

    @Test(arguments: ["http://127.0.0.1/a.png", "http://[::1]:8080/a.png", "http://169.254.169.254/latest/meta-data"])
    func aLiteralPrivateAddressIsRefused(url: String) async throws {
        let error = try await liveFetchError(url, resolver: Self.resolver)
        #expect(error == .blockedAddress)
    }

    @Test(arguments: ["http://[::ffff:93.184.216.34]/a.png", "http://mapped.test/a.png"])
    func anIPv4MappedAddressIsRefusedEvenForAPublicIPv4Address(url: String) async throws {
        let error = try await liveFetchError(url, resolver: Self.resolver)
        #expect(error == .blockedAddress)
    }

    @Test func anUnknownNameIsNotFound() async throws {
        let error = try await liveFetchError("http://nowhere.test/a.png", resolver: Self.resolver)
        #expect(error == .hostNotFound)
    }

    @Test func anUnsupportedSchemeIsRefusedBeforeResolving() async throws {
        let resolved = Mutex<[String]>([])
        let resolver = Resolver { host in
            resolved.withLock { $0.append(host) }
            return [IPAddress(ipv4: 93, 184, 216, 34)]
        }
        let error = try await liveFetchError("ftp://site.test/a.png", resolver: resolver)
        guard case .invalidURL = error else {
            Issue.record("expected invalidURL, got \(String(describing: error))")
            return
        }
        #expect(resolved.withLock { $0 }.isEmpty)
    }

    @Test func theConnectionGoesToTheCheckedAddressNotToASecondLookup() async throws {
        // "pinned.test" exists only in this resolver: the fetch can only reach the server if the connection is made
        // to the address the policy checked, with no lookup of its own.
        let router = Router()
        router.get("image.png") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "image/png"],
                body: .init(byteBuffer: ByteBuffer(bytes: PNGBuilder.make(width: 2, height: 2))))
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let fetcher = Fetcher.live(
                resolver: .fixed(["pinned.test": [IPAddress(ipv4: 127, 0, 0, 1)]]),
                policy: AddressPolicy(allowed: [try #require(AddressRange("127.0.0.0/8"))]))
            let received = Mutex(0)
            let target = try #require(URL(string: "http://pinned.test:\(port)/image.png"))
            let response = try await fetcher.fetch(
                target, Fetcher.Limits(deadline: .seconds(10)), { chunk in received.withLock { $0 += chunk.count } },
                { _, _ in })
            #expect(response.byteCount == Int64(PNGBuilder.make(width: 2, height: 2).count))
            #expect(received.withLock { $0 } == PNGBuilder.make(width: 2, height: 2).count)
        }
    }

    @Test(arguments: [
        "ftp://site.test/a.png", "file:///etc/passwd", "http://user:secret@site.test/a.png",
        "https://user@site.test/a.png", "javascript:alert(1)", "data:image/png;base64,AAAA",
    ])
    func validationRefusesLinksTheServerDoesNotFetch(text: String) throws {
        let url = try #require(URL(string: text))
        let error = #expect(throws: Fetcher.Error.self) { try Fetcher.validate(url) }
        guard case .invalidURL = error else {
            Issue.record("expected invalidURL, got \(String(describing: error))")
            return
        }
    }

    @Test(arguments: [
        ("https://site.test/a.png", "site.test"),
        ("HTTP://Site.Test:8080/a.png?x=1", "Site.Test"),
        ("http://[2606:4700::1111]/a.png", "2606:4700::1111"),
    ])
    func validationGivesTheHostOfAWebLink(text: String, host: String) throws {
        let url = try #require(URL(string: text))
        #expect(try Fetcher.validate(url) == host)
    }
}
