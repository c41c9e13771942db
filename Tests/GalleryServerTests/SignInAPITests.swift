import Foundation
import GalleryServer
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Sign-in, sessions, the setup link, sign-out and the slowing down of guesses, over HTTP.
@Suite("Signing in")
struct SignInAPITests {
    @Test func signingInSetsAStrictHttpOnlyCookieThatSignsTheRequestsIn() async throws {
        try await testSignedInApplication { client, world in
            let response = try await client.execute(
                uri: "/api/session", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"name":"bob","password":"\#(SignedInWorld.bobPassword)"}"#))
            #expect(response.status == .ok)
            let cookie = try #require(response.headers[.setCookie])
            #expect(cookie.hasPrefix("ig_session="))
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Strict"))
            #expect(cookie.contains("Path=/"))
            #expect(!cookie.contains("Secure"))
            let bob = try await client.signIn("bob", SignedInWorld.bobPassword)
            let session: SessionJSON = try await client.call(.get, "/api/session", as: bob)
            #expect(session.user?.name == "bob")
            #expect(session.authRequired)
        }
    }

    @Test func aWrongPasswordAndAnUnknownNameGetTheSameAnswer() async throws {
        try await testSignedInApplication { client, world in
            for (name, password) in [("bob", "not-his-password"), ("nobody", "whatever-1")] {
                let response = try await client.send(
                    .post, "/api/session", json: #"{"name":"\#(name)","password":"\#(password)"}"#, as: nil)
                #expect(response.status == .unauthorized)
                #expect(String(buffer: response.body).contains("Wrong name or password."))
                #expect(response.headers[.setCookie] == nil)
            }
        }
    }

    @Test func guessesAtOneAccountAreSlowedDownButItsOwnerStillGetsInLater() async throws {
        try await testSignedInApplication { client, world in
            var statuses: [HTTPResponse.Status] = []
            for attempt in 0..<7 {
                let response = try await client.send(
                    .post, "/api/session", json: #"{"name":"carol","password":"guess-\#(attempt)"}"#, as: nil)
                statuses.append(response.status)
                if response.status == .tooManyRequests {
                    #expect(Int(response.headers[.retryAfter] ?? "") ?? 0 >= 1)
                }
            }
            #expect(statuses.prefix(5).allSatisfy { $0 == .unauthorized })
            #expect(statuses.last == .tooManyRequests)
            // Even the right password waits now: the guesser learns nothing from it.
            let right = try await client.send(
                .post, "/api/session", json: #"{"name":"carol","password":"\#(SignedInWorld.carolPassword)"}"#,
                as: nil)
            #expect(right.status == .tooManyRequests)
        }
    }

    @Test func signingOutEndsTheSessionOnTheServer() async throws {
        try await testSignedInApplication { client, world in
            let bob = try await client.signIn("bob", SignedInWorld.bobPassword)
            let out = try await client.send(.delete, "/api/session", json: "{}", as: bob)
            #expect(out.status == .noContent)
            #expect(out.headers[.setCookie]?.contains("Max-Age=0") == true)
            let after = try await client.send(.get, "/api/galleries", as: bob)
            #expect(after.status == .unauthorized)
        }
    }

    @Test func pagesSendThoseNotSignedInToTheSignInPage() async throws {
        try await testSignedInApplication { client, world in
            let page = try await client.send(.get, "/g/\(world.ownerGallery)", as: nil)
            #expect(page.status == .found)
            #expect(
                page.headers[.location]
                    == "/signin?next=%2Fg%2F\(world.ownerGallery.replacingOccurrences(of: "-", with: "%2D"))")
            let api = try await client.send(.get, "/api/galleries", as: nil)
            #expect(api.status == .unauthorized)
            let image = try await client.send(.get, "/media/\(String(repeating: "a", count: 64)).png", as: nil)
            #expect(image.status == .unauthorized)
            let signInPage = try await client.send(.get, "/signin", as: nil)
            #expect(signInPage.status == .ok)
        }
    }

    @Test func theAppsIconsManifestAndThemeScriptAreServedBeforeSignIn() async throws {
        try await testSignedInApplication { client, _ in
            let expected = [
                "/icons/icon.svg": "image/svg+xml", "/icons/favicon.svg": "image/svg+xml",
                "/icons/icon-192.png": "image/png", "/icons/icon-512.png": "image/png",
                "/manifest.webmanifest": "application/manifest+json", "/theme.js": "text/javascript",
            ]
            for (path, type) in expected {
                let response = try await client.send(.get, path, as: nil)
                #expect(response.status == .ok, "\(path)")
                #expect(response.headers[.contentType]?.hasPrefix(type) == true, "\(path)")
            }
            // The rest of the page's files still ask for sign-in.
            #expect(try await client.send(.get, "/app.js", as: nil).status == .unauthorized)
            #expect(try await client.send(.get, "/samples/sea-at-dusk.jpg", as: nil).status == .unauthorized)
        }
    }

    @Test func theSetupLinkSetsTheOwnersPasswordOnceAndSignsIn() async throws {
        try await withTemporaryFolder { folder in
            let configuration = ServerConfiguration(dataDirectory: folder, webRoot: webRoot)
            let parts = try await buildServices(configuration: configuration, fetcher: FakeWeb().fetcher)
            let token = try #require(try await parts.authenticator.makeSetupTokenIfNeeded())
            try await Application(router: buildRouter(parts, configuration: configuration)).test(.router) { client in
                let short = try await client.send(
                    .post, "/api/setup", json: #"{"token":"\#(token)","password":"short"}"#, as: nil)
                #expect(short.status == .badRequest)
                // A refused name leaves the link working.
                _ = try await AccountAdministration.open(dataDirectory: folder).addUser(
                    named: "taken", password: "a-long-password")
                let taken = try await client.send(
                    .post, "/api/setup", json: #"{"token":"\#(token)","name":"taken","password":"a-long-password"}"#,
                    as: nil)
                #expect(taken.status == .conflict)
                let badName = try await client.send(
                    .post, "/api/setup", json: #"{"token":"\#(token)","name":"a b","password":"a-long-password"}"#,
                    as: nil)
                #expect(badName.status == .badRequest)
                let set = try await client.send(
                    .post, "/api/setup", json: #"{"token":"\#(token)","name":"anna","password":"a-long-password"}"#,
                    as: nil)
                #expect(set.status == .ok)
                #expect(set.headers[.setCookie]?.hasPrefix("ig_session=") == true)
                let again = try await client.send(
                    .post, "/api/setup", json: #"{"token":"\#(token)","password":"another-password"}"#, as: nil)
                #expect(again.status == .notFound)
                let anna = try await client.signIn("anna", "a-long-password")
                let galleries = try await client.call(.get, "/api/galleries", as: anna, as: GalleryListJSON.self)
                #expect(galleries.galleries.map(\.name) == ["My Gallery"])
            }
            #expect(try await parts.authenticator.makeSetupTokenIfNeeded() == nil)
        }
    }
}
