import Foundation
import GalleryCore
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@testable import GalleryServer

/// Imports that can neither stall the server nor swell it: a body that is no zip is refused from its first bytes,
/// imports take turns, every manifest field is held to the API's limits, and a page of items is bounded in bytes.
@Suite("Gallery imports within bounds")
struct ImportBoundsTests {
    /// The head of an import request declaring a body of `length` bytes.
    static func importHead(declaring length: Int) -> String {
        RawHTTPConnection.request(
            "POST", "/api/galleries/import", ["Content-Type: application/zip", "Content-Length: \(length)"])
    }

    @Test func aSixtyMegabyteBodyThatIsNoZipIsRefusedFromItsFirstBytesWhileTheRestIsStillToCome() async throws {
        try await testLiveApplication { client in
            let connection = try RawHTTPConnection(port: try #require(client.port))
            // 64 KB of a declared 60 MB: the answer can only come while the rest is still to be sent.
            try connection.send(Self.importHead(declaring: 60 << 20) + String(repeating: "x", count: 64 << 10))
            let answer = try await connection.answer()
            #expect(answer.status == 400)
            #expect(String(decoding: answer.body, as: UTF8.self).contains("not a zip archive"))
            #expect(try await client.galleryCount() == 1)
        }
    }

    @Test func twoImportsStalledInTheirBodiesLeaveHealthChecksAndOtherRequestsAnswered() async throws {
        try await testLiveApplication { client in
            let port = try #require(client.port)
            // Two zips that start well and then stop sending, and one body that is no zip.
            let stalled = try (0..<2).map { _ in
                let connection = try RawHTTPConnection(port: port)
                try connection.send(
                    Self.importHead(declaring: 60 << 20) + "PK\u{3}\u{4}" + String(repeating: "z", count: 64 << 10))
                return connection
            }
            let refused = try RawHTTPConnection(port: port)
            try refused.send(Self.importHead(declaring: 60 << 20) + String(repeating: "x", count: 64 << 10))
            #expect(try await refused.answer().status == 400)
            let health = try await client.execute(uri: "/healthz", method: .get)
            #expect(health.status == .ok)
            #expect(try await client.galleryCount() == 1)
            #expect(stalled.count == 2)
        }
    }

    /// An archive of one image and one more item, `entry`.
    static func archive(with entry: ManifestJSON.Entry, name: String = "Fine") throws -> Data {
        let manifest = ManifestJSON(
            format: "image-gallery/1", name: name, imagesPerRow: 4, view: "grid",
            items: [.init(kind: "image", state: "ready", title: "a.png", file: "files/a.png"), entry])
        return try makeZip(
            [("gallery.json", try manifestData(manifest)), ("files/a.png", PNGBuilder.make(width: 2, height: 2))],
            compressed: true)
    }

    @Test func aManifestBreakingAFieldsLimitIsRefusedWholeNamingTheFieldTheItemAndTheLimit() async throws {
        let page = "https://site.test/page"
        let cases: [(String, ManifestJSON.Entry, [String])] = [
            (
                "a link description of 2 MB",
                .init(
                    kind: "link", state: "ready", title: "Page", sourceURL: page,
                    pageDescription: String(repeating: "d", count: 2 << 20)),
                ["Item 2", "pageDescription", "1,000 characters"]
            ),
            (
                "a link description just over its limit",
                .init(
                    kind: "link", state: "ready", title: "Page", sourceURL: page,
                    pageDescription: String(repeating: "d", count: LinkDetails.maximumDescriptionLength + 1)),
                ["Item 2", "pageDescription", "1,000 characters"]
            ),
            (
                "a javascript: link",
                .init(kind: "link", state: "ready", title: "Page", sourceURL: "javascript:alert(document.cookie)"),
                ["Item 2", "sourceURL", "only http and https"]
            ),
            (
                "a data: page",
                .init(kind: "link", state: "ready", title: "Page", sourceURL: "data:text/html,hello"),
                ["Item 2", "sourceURL", "only http and https"]
            ),
            (
                "a title over its limit",
                .init(kind: "link", state: "ready", title: String(repeating: "t", count: 301), sourceURL: page),
                ["Item 2", "title", "300 characters"]
            ),
            (
                "a site name over its limit",
                .init(
                    kind: "link", state: "ready", title: "Page", sourceURL: page,
                    siteName: String(repeating: "s", count: 201)),
                ["Item 2", "siteName", "200 characters"]
            ),
            (
                "a note over its limit",
                .init(kind: "note", state: "ready", title: "n", text: String(repeating: "n", count: 20_001)),
                ["Item 2", "20,000 characters"]
            ),
        ]
        try await testApplication { client in
            let before = try await client.galleryCount()
            for (what, entry, says) in cases {
                let response = try await client.importArchive(try Self.archive(with: entry))
                #expect(response.status == .badRequest, "\(what): \(response.status)")
                let message = (try? response.decoded(as: ErrorJSON.self))?.error.message ?? ""
                for part in says { #expect(message.contains(part), "\(what): \(message)") }
            }
            #expect(try await client.galleryCount() == before)
            // The same archive within the limits imports.
            let fine = ManifestJSON.Entry(
                kind: "link", state: "ready", title: "Page", sourceURL: page,
                pageDescription: String(repeating: "d", count: LinkDetails.maximumDescriptionLength))
            #expect(try await client.importArchive(try Self.archive(with: fine)).status == .created)
        }
    }

    @Test func importsTakeTurnsAFewWaitAndTheRestAreRefusedWithRetryAfter() async throws {
        let bounds = ServerConfiguration.Bounds(concurrentImports: 1, waitingImports: 1, importPatience: .seconds(9))
        let limiter = ArchiveRoutes<AppRequestContext>.importLimiter(within: bounds)
        let gate = Gate()
        let first = await ConcurrencyLimiterTests.holdPermit(of: limiter, until: gate)
        let second = Task { try await limiter.withPermit {} }
        await ConcurrencyLimiterTests.waitUntil(limiter, hasWaiting: 1)
        #expect(limiter.occupancy == (1, 1))
        await #expect(throws: BoundsError.importsBusy(retryAfterSeconds: 9)) { try await limiter.withPermit {} }
        #expect(BoundsError.importsBusy(retryAfterSeconds: 9).status == .serviceUnavailable)
        gate.open()
        try await first.value
        try await second.value
        #expect(limiter.occupancy == (0, 0))
    }

    @Test func aPageOfItemsIsCutShortByBytesAndItsCursorGoesOnToTheRest() async throws {
        let budget = 16 * 1024
        try await testApplication(bounds: .init(itemPageBytes: budget)) { client in
            let (gallery, texts) = try await client.tenLongNotes()
            var seen: [String] = []
            var cursor: String?
            var pages = 0
            repeat {
                let query = cursor.map { "&cursor=\($0)" } ?? ""
                let response = try await client.send(.get, "/api/galleries/\(gallery)/items?limit=500\(query)")
                let page: ItemPageJSON = try response.decoded()
                #expect(!page.items.isEmpty)
                #expect(response.bytes.count <= budget + 2048)
                #expect(page.count == 10)
                seen += page.items.compactMap(\.text)
                cursor = page.nextCursor
                pages += 1
            } while cursor != nil && pages < 20
            #expect(pages > 1)
            #expect(seen == texts)
        }
    }
}

@Suite("A gallery's changes bounded by bytes")
struct ChangesBoundsAPITests {
    @Test func changesAreCutShortByBytesAtTheEndOfAChangeAndReadOnFromThrough() async throws {
        let budget = 16 * 1024
        try await testApplication(bounds: .init(itemPageBytes: budget)) { client in
            let (gallery, texts) = try await client.tenLongNotes()
            var seen: [String] = []
            var since: Int64 = 0
            var reads = 0
            var complete = false
            while !complete && reads < 20 {
                let response = try await client.send(.get, "/api/galleries/\(gallery)/changes?since=\(since)")
                let changes: ChangesJSON = try response.decoded()
                #expect(response.bytes.count <= budget + 2048)
                seen += changes.items.compactMap(\.text)
                #expect(changes.through > since || changes.complete)
                since = changes.through
                complete = changes.complete
                reads += 1
            }
            #expect(reads > 1)
            #expect(seen == texts)
            #expect(since == (try await client.gallery(gallery).sequence))
        }
    }
}

extension TestClientProtocol {
    /// Ten notes of about 3 KB each in the first gallery, in order: more than a page of 16 KB holds.
    fileprivate func tenLongNotes() async throws -> (gallery: String, texts: [String]) {
        let gallery = try await firstGalleryID()
        let texts = (1...10).map { "\($0) " + String(repeating: "w", count: 3_000) }
        for text in texts {
            _ = try await call(
                .post, "/api/galleries/\(gallery)/notes", json: #"{"text":"\#(text)"}"#, expecting: .created,
                as: NoteAPITests.ItemsJSON.self)
        }
        return (gallery, texts)
    }
}
