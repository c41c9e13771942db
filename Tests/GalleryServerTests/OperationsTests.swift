import Foundation
import GalleryCore
import GalleryStoreSQL
import GalleryStoreSQLite
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import TestSupport
import Testing

@testable import GalleryServer

/// A store whose database has gone away.
private final class UnreachableStore: ForwardingStore, @unchecked Sendable {
    override func ping() async throws { throw CancellationError() }
}

@Suite("Health checks and log lines")
struct OperationsTests {
    @Test func healthAndReadinessAreAnsweredWithoutSigningInButThroughTheGuard() async throws {
        try await testSignedInApplication { client, _ in
            let health = try await client.execute(uri: "/healthz", method: .get)
            #expect(health.status == .ok)
            #expect(String(buffer: health.body).contains(#""status":"ok""#))
            // The request guard answered too: its safety headers are on the answer.
            #expect(health.headers[.xContentTypeOptions] == "nosniff")
            let ready = try await client.execute(uri: "/readyz", method: .get)
            #expect(ready.status == .ok)
            #expect(String(buffer: ready.body).contains(#""status":"ready""#))
            // Anything else still needs signing in.
            #expect(try await client.execute(uri: "/api/galleries", method: .get).status == .unauthorized)
        }
    }

    @Test func metricsCountRequestsByRouteAndStatusForAdministratorsOnly() async throws {
        try await testSignedInApplication { client, world in
            #expect(try await client.send(.get, "/metrics", as: nil).status == .unauthorized)
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            let bob = try await client.signIn("bob", SignedInWorld.bobPassword)
            #expect(try await client.send(.get, "/metrics", as: bob).status == .forbidden)
            _ = try await client.send(.get, "/api/galleries/\(world.ownerGallery)/items", as: owner)
            _ = try await client.send(.get, "/api/galleries/\(world.ownerGallery)/items", as: owner)
            _ = try await client.send(.get, "/api/galleries/\(UUID().uuidString.lowercased())/items", as: owner)
            let answer = try await client.send(.get, "/metrics", as: owner)
            #expect(answer.status == .ok)
            #expect(answer.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
            let text = String(buffer: answer.body)
            // Counted by the route's pattern, never by the path (a gallery id is no label).
            #expect(
                text.contains(
                    #"image_gallery_http_requests_total{method="GET",route="/api/galleries/{gallery}/items",status="200"} 2"#
                ))
            #expect(
                text.contains(
                    #"image_gallery_http_requests_total{method="GET",route="/api/galleries/{gallery}/items",status="404"} 1"#
                ))
            #expect(text.contains(#"image_gallery_http_requests_total{method="GET",route="/metrics",status="403"} 1"#))
            #expect(!text.contains(world.ownerGallery))
            #expect(text.contains("image_gallery_http_request_duration_seconds_bucket"))
            #expect(text.contains("image_gallery_live_feeds 0"))
        }
    }

    @Test func metricsCountItemsThatFinishedLoadingByOutcome() async throws {
        let web = FakeWeb(["http://site.test/a.png": .bytes(PNGBuilder.make(width: 8, height: 8))])
        try await testApplication(web: web) { client in
            let gallery = try await client.firstGalleryID()
            let drop = try await client.drop(
                urls: ["http://site.test/a.png", "http://site.test/missing.png"], into: gallery)
            let ready = try await client.settled(drop.items[0].id)
            let failed = try await client.settled(drop.items[1].id)
            #expect(ready.state == "ready" && failed.state == "failed")
            let code = try #require(failed.failure?.code)
            let lines = [
                #"image_gallery_ingestions_total{outcome="ready",detail="image"} 1"#,
                #"image_gallery_ingestions_total{outcome="failed",detail="\#(code)"} 1"#,
            ]
            // An item is counted just after it is stored as settled, so a read right after may come first: the
            // counts are read again for a while until they are there.
            var text = ""
            for _ in 0..<50 {
                text = String(buffer: try await client.execute(uri: "/metrics", method: .get).body)
                if lines.allSatisfy(text.contains) { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            for line in lines { #expect(text.contains(line)) }
        }
    }

    @Test func metricsTellHowLongEventsTookToReachLiveFeedsAndHowLongStatementsTook() async throws {
        try await testLiveApplication { client in
            let gallery = try await client.firstGalleryID()
            try await client.rename(gallery, to: "One")
            try await client.rename(gallery, to: "Two")
            // A view that knows change 0 is sent both events.
            _ = try await client.ws("/api/galleries/\(gallery)/live?since=0") { inbound, outbound, _ in
                var events = 0
                for try await message in inbound.messages(maxSize: 1 << 20) {
                    guard case .text(let text) = message, text.contains(#""type":"event""#) else { continue }
                    events += 1
                    if events == 2 { break }
                }
                try await outbound.close(.normalClosure, reason: nil)
            }
            let text = String(buffer: try await client.execute(uri: "/metrics", method: .get).body)
            #expect(text.contains("image_gallery_live_event_delay_seconds_count 2"), "\(text)")
            let statements = text.split(separator: "\n").first {
                $0.hasPrefix("image_gallery_database_statement_duration_seconds_count ")
            }
            let count = try #require(statements.flatMap { Int($0.split(separator: " ").last ?? "") })
            #expect(count > 5)
        }
    }

    @Test func aDatabaseThatDoesNotAnswerIsNotReady() async throws {
        let store = UnreachableStore(base: SQLGalleryStore(database: try AppDatabase.makeInMemory()))
        let router = Router()
        HealthRoutes(store: store).add(to: router)
        try await Application(router: router).test(.router) { client in
            let ready = try await client.execute(uri: "/readyz", method: .get)
            #expect(ready.status == .serviceUnavailable)
            #expect(ready.headers[.retryAfter] == "5")
            #expect(String(buffer: ready.body).contains("The database does not answer."))
            #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)
        }
    }

    @Test func aJSONLogLineHoldsTheLevelMessageAndMetadataAsJSON() throws {
        let line = JSONLogHandler.line(
            date: Date(timeIntervalSince1970: 1_700_000_000), level: .warning, label: "image-gallery",
            message: #"a "quoted" message"#, source: "GalleryServer",
            metadata: ["hash": "abc", "widths": .array(["256", "512"]), "request": .dictionary(["id": "7"])])
        #expect(!line.contains("\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["level"] as? String == "warning")
        #expect(object["message"] as? String == #"a "quoted" message"#)
        #expect(object["label"] as? String == "image-gallery")
        #expect(object["time"] as? String == "2023-11-14T22:13:20.000Z")
        let metadata = try #require(object["metadata"] as? [String: Any])
        #expect(metadata["hash"] as? String == "abc")
        #expect(metadata["widths"] as? [String] == ["256", "512"])
        #expect((metadata["request"] as? [String: String]) == ["id": "7"])
    }
}
