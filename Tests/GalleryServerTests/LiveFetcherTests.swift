import AsyncHTTPClient
import Foundation
import GalleryCore
import GalleryServer
import Synchronization
import Testing

/// Runs `body` with the live fetcher's HTTP client, shutting the client down afterwards.
private func withHTTPClient(_ body: (HTTPClient) async throws -> Void) async throws {
    let client = Fetcher.makeHTTPClient()
    do {
        try await body(client)
    } catch {
        try await client.shutdown()
        throw error
    }
    try await client.shutdown()
}

/// Fetches with the live fetcher and returns its error; records an issue if the fetch succeeds or reaches the sink.
private func liveFetchError(
    _ url: String, client: HTTPClient, resolver: Resolver, policy: AddressPolicy = AddressPolicy()
) async throws -> Fetcher.Error? {
    let fetcher = Fetcher.live(client: client, resolver: resolver, policy: policy)
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
    ])

    @Test func aNameResolvingToAPrivateAddressIsRefusedBeforeAnyConnection() async throws {
        try await withHTTPClient { client in
            let error = try await liveFetchError("http://intranet.test/a.png", client: client, resolver: Self.resolver)
            #expect(error == .blockedAddress)
        }
    }

    @Test func aNameWithOnePrivateAddressAmongPublicOnesIsRefused() async throws {
        try await withHTTPClient { client in
            let error = try await liveFetchError("https://mixed.test/a.png", client: client, resolver: Self.resolver)
            #expect(error == .blockedAddress)
        }
    }

    @Test(arguments: ["http://127.0.0.1/a.png", "http://[::1]:8080/a.png", "http://169.254.169.254/latest/meta-data"])
    func aLiteralPrivateAddressIsRefused(url: String) async throws {
        try await withHTTPClient { client in
            let error = try await liveFetchError(url, client: client, resolver: Self.resolver)
            #expect(error == .blockedAddress)
        }
    }

    @Test func anUnknownNameIsNotFound() async throws {
        try await withHTTPClient { client in
            let error = try await liveFetchError("http://nowhere.test/a.png", client: client, resolver: Self.resolver)
            #expect(error == .hostNotFound)
        }
    }

    @Test func anUnsupportedSchemeIsRefusedBeforeResolving() async throws {
        try await withHTTPClient { client in
            let resolved = Mutex<[String]>([])
            let resolver = Resolver { host in
                resolved.withLock { $0.append(host) }
                return [IPAddress(ipv4: 93, 184, 216, 34)]
            }
            let error = try await liveFetchError("ftp://site.test/a.png", client: client, resolver: resolver)
            guard case .invalidURL = error else {
                Issue.record("expected invalidURL, got \(String(describing: error))")
                return
            }
            #expect(resolved.withLock { $0 }.isEmpty)
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
