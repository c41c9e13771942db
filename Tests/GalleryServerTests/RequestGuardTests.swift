import Foundation
import GalleryServer
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// No other website can act through the user's browser: foreign names (DNS rebinding), foreign and `null` origins,
/// cross-site fetches, forms and `text/plain` bodies, framing; and the safety headers on every answer.
@Suite("Requests from other websites")
struct RequestGuardTests {
    @Test func aChangeFromAnotherOriginOrANullOriginOrCrossSiteChangesNothing() async throws {
        try await testSignedInApplication { client, world in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            let body = #"{"name":"Planted"}"#
            let attempts: [HTTPFields] = [
                [.origin: "http://attacker.example"],
                [.origin: "null"],
                [.origin: "http://localhost:9999"],
                [.origin: "http://localhost.attacker.example"],
                [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"],
            ]
            for headers in attempts {
                let response = try await client.send(.post, "/api/galleries", json: body, as: owner, headers: headers)
                #expect(response.status == .forbidden)
            }
            let sameSite = try await client.send(
                .post, "/api/galleries", json: body, as: owner,
                headers: [.origin: "http://localhost", HTTPField.Name("Sec-Fetch-Site")!: "same-origin"])
            #expect(sameSite.status == .created)
            let names = try await client.call(.get, "/api/galleries", as: owner, as: GalleryListJSON.self)
                .galleries.map(\.name)
            #expect(names.filter { $0 == "Planted" }.count == 1)
        }
    }

    @Test func formsAndPlainTextBodiesCannotChangeAnything() async throws {
        try await testSignedInApplication { client, world in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            for type in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""] {
                var headers: HTTPFields = [.cookie: owner.cookie, HTTPField.Name("X-CSRF-Token")!: owner.csrfToken]
                if !type.isEmpty { headers[.contentType] = type }
                let created = try await client.execute(
                    uri: "/api/galleries", method: .post, headers: headers,
                    body: ByteBuffer(string: #"{"name":"Planted"}"#))
                #expect(created.status == .unsupportedMediaType, "\(type)")
                let trashed = try await client.execute(
                    uri: "/api/galleries/\(world.ownerGallery)", method: .delete, headers: headers)
                #expect(trashed.status == .unsupportedMediaType, "\(type)")
            }
            let names = try await client.call(.get, "/api/galleries", as: owner, as: GalleryListJSON.self)
                .galleries.map(\.name)
            #expect(names == ["My Gallery"])
        }
    }

    @Test func aCookieSessionNeedsItsCSRFTokenToChangeAnything() async throws {
        try await testSignedInApplication { client, world in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            let csrf = HTTPField.Name("X-CSRF-Token")!
            for token in ["", "wrong", String(owner.csrfToken.dropLast()) + "x"] {
                var headers: HTTPFields = [.contentType: "application/json", .cookie: owner.cookie]
                if !token.isEmpty { headers[csrf] = token }
                let response = try await client.execute(
                    uri: "/api/galleries", method: .post, headers: headers,
                    body: ByteBuffer(string: #"{"name":"Planted"}"#))
                #expect(response.status == .forbidden)
            }
            let reading = try await client.execute(
                uri: "/api/galleries", method: .get, headers: [.cookie: owner.cookie])
            #expect(reading.status == .ok)
        }
    }

    @Test func anAPITokenWorksWithoutCookieOrCSRFTokenUntilRevoked() async throws {
        try await withTemporaryFolder { folder in
            let administration = try await AccountAdministration.open(dataDirectory: folder)
            let secret = try await administration.createToken(named: "backup-script", for: "owner")
            let configuration = ServerConfiguration(dataDirectory: folder, webRoot: webRoot)
            let parts = try await buildServices(configuration: configuration, fetcher: FakeWeb().fetcher)
            try await Application(router: buildRouter(parts, configuration: configuration)).test(.router) { client in
                let bearer: HTTPFields = [.authorization: "Bearer \(secret)", .contentType: "application/json"]
                let made = try await client.execute(
                    uri: "/api/galleries", method: .post, headers: bearer, body: ByteBuffer(string: #"{"name":"B"}"#))
                #expect(made.status == .created)
                try await administration.revokeToken(named: "backup-script", for: "owner")
                let after = try await client.execute(uri: "/api/galleries", method: .get, headers: bearer)
                #expect(after.status == .unauthorized)
                let junk = try await client.execute(
                    uri: "/api/galleries", method: .get, headers: [.authorization: "Bearer nonsense"])
                #expect(junk.status == .unauthorized)
            }
        }
    }

    @Test func everyAnswerCarriesTheSafetyHeadersAndEveryPageItsPolicy() async throws {
        try await testSignedInApplication { client, world in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            for uri in [
                "/api/galleries", "/api/galleries/\(UUID().uuidString)", "/g/\(world.ownerGallery)", "/galleries",
                "/index.html", "/galleries.html", "/signin", "/app.js", "/no-such-file",
            ] {
                let response = try await client.send(.get, uri, as: owner)
                #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(uri)")
                #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer", "\(uri)")
                #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY", "\(uri)")
                if response.headers[.contentType]?.hasPrefix("text/html") == true {
                    let policy = try #require(response.headers[.contentSecurityPolicy], "\(uri)")
                    #expect(policy.contains("frame-ancestors 'none'"))
                    #expect(!policy.contains("unsafe-inline"))
                }
            }
            let signedOut = try await client.send(.get, "/galleries.html", as: nil)
            #expect(signedOut.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
        }
    }

    @Test func controlCharactersInPathsAreRefusedAndDoubleSlashesNeverLeaveTheSite() async throws {
        try await testSignedInApplication { client, world in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            for uri in ["/api/galleries%00", "/g/%0d%0aSet-Cookie:x=1", "/media/%01.png"] {
                let response = try await client.send(.get, uri, as: owner)
                #expect(response.status == .badRequest, "\(uri)")
            }
            for uri in ["//attacker.example", "//attacker.example/%2e%2e", "/\\attacker.example"] {
                let response = try await client.send(.get, uri, as: owner)
                if let location = response.headers[.location] {
                    #expect(location.hasPrefix("/") && !location.hasPrefix("//"), "\(uri) → \(location)")
                }
            }
        }
    }

    @Test func openingAGalleryPageChangesNothing() async throws {
        try await testSignedInApplication { client, world in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            let other: GalleryJSON = try await client.call(
                .post, "/api/galleries", json: #"{"name":"Other"}"#, as: owner, expecting: .created)
            _ = try await client.send(.get, "/g/\(other.id)", as: owner)
            let start = try await client.send(.get, "/", as: owner)
            #expect(start.headers[.location] == "/g/\(world.ownerGallery)")
            let opened = try await client.send(.post, "/api/galleries/\(other.id)/opened", json: "{}", as: owner)
            #expect(opened.status == .noContent)
            let again = try await client.send(.get, "/", as: owner)
            #expect(again.headers[.location] == "/g/\(other.id)")
            // Never a gallery in the trash, nor one that does not exist.
            _ = try await client.send(.delete, "/api/galleries/\(other.id)", as: owner)
            let afterTrash = try await client.send(.get, "/", as: owner)
            #expect(afterTrash.headers[.location] == "/g/\(world.ownerGallery)")
            let unknown = try await client.send(
                .post, "/api/galleries/\(UUID().uuidString)/opened", json: "{}", as: owner)
            #expect(unknown.status == .notFound)
        }
    }

    @Test func withoutSignInTheServerOnlyListensOnLoopback() {
        for host in ["127.0.0.1", "::1", "[::1]", "localhost", "127.0.0.2"] {
            let configuration = ServerConfiguration(
                host: host, dataDirectory: URL(fileURLWithPath: "/tmp"), requiresSignIn: false)
            #expect(configuration.refusal == nil, "\(host)")
        }
        for host in ["0.0.0.0", "::", "192.168.1.2", "photos.example"] {
            let configuration = ServerConfiguration(
                host: host, dataDirectory: URL(fileURLWithPath: "/tmp"), requiresSignIn: false)
            #expect(configuration.refusal?.contains("--no-auth") == true, "\(host)")
        }
        #expect(ServerConfiguration(host: "0.0.0.0", dataDirectory: URL(fileURLWithPath: "/tmp")).refusal == nil)
    }
}
