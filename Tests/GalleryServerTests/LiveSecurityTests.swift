import Foundation
import HTTPTypes
import HummingbirdTesting
import HummingbirdWSTesting
import Synchronization
import Testing
import WSClient

/// A page on another site cannot open a gallery's live socket through the user's browser (WebSocket hijacking), even
/// without sign-in on loopback. (The test client also sends its own `Origin: ws://localhost`, which the server takes
/// as a non-browser client; a second, foreign origin still fails. The browser tests try it from a real foreign page.)
@Suite("Live sockets from other websites")
struct LiveSecurityTests {
    @Test func anUpgradeFromAnotherOriginOrANullOriginIsRefused() async throws {
        try await testLiveApplication { client in
            let gallery = try await client.firstGalleryID()
            for origin in ["http://attacker.example", "null", "http://localhost:1"] {
                let configuration = WebSocketClientConfiguration(additionalHeaders: [.origin: origin])
                let heard = Mutex(false)
                do {
                    try await client.ws("/api/galleries/\(gallery)/live?since=0", configuration: configuration) {
                        inbound, _, _ in
                        for try await _ in inbound.messages(maxSize: 1 << 20) { heard.withLock { $0 = true } }
                    }
                } catch {}
                #expect(!heard.withLock { $0 }, "\(origin)")
            }
        }
    }

    @Test func aFeedNeedsASessionAndTheRightToSeeItsGallery() async throws {
        try await testSignedInApplication(live: true) { client, world in
            let carol = try await client.signIn("carol", SignedInWorld.carolPassword)
            for headers: HTTPFields in [[:], [.cookie: carol.cookie], [.cookie: "ig_session=forged"]] {
                let heard = Mutex(false)
                do {
                    try await client.ws(
                        "/api/galleries/\(world.ownerGallery)/live?since=0",
                        configuration: WebSocketClientConfiguration(additionalHeaders: headers)
                    ) { inbound, _, _ in
                        for try await _ in inbound.messages(maxSize: 1 << 20) { heard.withLock { $0 = true } }
                    }
                } catch {}
                #expect(!heard.withLock { $0 })
            }
        }
    }

    @Test(.timeLimit(.minutes(3))) func anOpenFeedClosesOnceItsViewerIsNoLongerGivenTheGallery() async throws {
        try await testSignedInApplication(live: true) { client, world in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            _ = try await client.send(
                .put, "/api/galleries/\(world.ownerGallery)/shares/bob", json: #"{"role":"viewer"}"#, as: owner)
            let bob = try await client.signIn("bob", SignedInWorld.bobPassword)
            let close = try await client.ws(
                "/api/galleries/\(world.ownerGallery)/live?since=0",
                configuration: WebSocketClientConfiguration(additionalHeaders: [.cookie: bob.cookie])
            ) { inbound, _, _ in
                // The socket is open: now the owner takes the gallery back; the feed must end by itself.
                _ = try await client.send(
                    .delete, "/api/galleries/\(world.ownerGallery)/shares/bob", json: "{}", as: owner)
                for try await _ in inbound.messages(maxSize: 1 << 20) {}
            }
            #expect(close?.closeCode == .unknown(4404))
            #expect(close?.reason == "You can no longer see this gallery.")
        }
    }

    @Test(.timeLimit(.minutes(3))) func openFeedsCloseAsSignedOutOnceTheirSessionEnds() async throws {
        try await testSignedInApplication(live: true) { client, world in
            for path in ["/api/galleries/\(world.ownerGallery)/live?since=0", "/api/galleries/live"] {
                let browser = try await client.signIn("owner", SignedInWorld.ownerPassword)
                let close = try await client.ws(
                    path, configuration: WebSocketClientConfiguration(additionalHeaders: [.cookie: browser.cookie])
                ) { inbound, _, _ in
                    // The socket is open: now that browser signs out; its feeds must end, told apart from a gallery
                    // taken away (the page then asks whether it is still signed in, not "the gallery is gone").
                    _ = try await client.send(.delete, "/api/session", json: "{}", as: browser)
                    for try await _ in inbound.messages(maxSize: 1 << 20) {}
                }
                #expect(close?.closeCode == .unknown(4401), "\(path)")
                #expect(close?.reason == "Signed out.")
            }
        }
    }
}
