import Foundation
import GalleryStoreSQL
import GalleryStoreSQLite
import HTTPTypes
import Hummingbird
import Testing

@testable import GalleryServer

/// Behind a reverse proxy every connection comes from the proxy: failed sign-ins must be counted per real client,
/// from the address the proxy adds, and only when the proxy is the one saying it.
@Suite("The client's address")
struct ClientAddressTests {
    func authenticator(proxy: Set<String>) async throws -> Authenticator {
        let accounts = SQLAccountStore(database: try AppDatabase.makeInMemory())
        return Authenticator(
            accounts: accounts, owner: try await Authenticator.prepareOwner(accounts), isRequired: true,
            proxyAddresses: proxy)
    }

    func request(forwardedFor: String?) -> Request {
        var fields = HTTPFields()
        if let forwardedFor { fields.set("X-Forwarded-For", forwardedFor) }
        return Request(
            head: HTTPRequest(
                method: .post, scheme: "http", authority: "localhost", path: "/api/session",
                headerFields: fields),
            body: .init(buffer: ByteBuffer()))
    }

    @Test func behindTheProxyTheAddressItAddedLastCounts() async throws {
        let auth = try await authenticator(proxy: ["127.0.0.1", "::1"])
        #expect(auth.clientAddress(of: request(forwardedFor: "198.51.100.7"), peer: "127.0.0.1") == "198.51.100.7")
        // A client may send its own X-Forwarded-For: only the proxy's last entry is believed.
        #expect(
            auth.clientAddress(of: request(forwardedFor: "10.0.0.1, 203.0.113.9"), peer: "::1") == "203.0.113.9")
        #expect(auth.clientAddress(of: request(forwardedFor: nil), peer: "127.0.0.1") == "127.0.0.1")
    }

    @Test func withoutAProxyOrFromAnyOtherPeerTheHeaderIsIgnored() async throws {
        let direct = try await authenticator(proxy: [])
        #expect(direct.clientAddress(of: request(forwardedFor: "198.51.100.7"), peer: "127.0.0.1") == "127.0.0.1")
        let proxied = try await authenticator(proxy: ["127.0.0.1"])
        #expect(proxied.clientAddress(of: request(forwardedFor: "198.51.100.7"), peer: "10.0.0.5") == "10.0.0.5")
        #expect(proxied.clientAddress(of: request(forwardedFor: nil), peer: nil) == "unknown")
    }
}
