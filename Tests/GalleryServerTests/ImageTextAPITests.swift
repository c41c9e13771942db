import Foundation
import GalleryCore
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import TestSupport
import Testing
import Thumbnails

@testable import GalleryServer

/// Runs `test` against an application with its own ingestion, which reads images' text when `readsImageText` (by
/// default: when Tesseract is installed), and hands it the service that reads them.
func testImageTextApplication(
    dataDirectory folder: URL, readsImageText: Bool? = nil, web: FakeWeb = FakeWeb(),
    _ test: @Sendable (any TestClientProtocol, ImageTextService) async throws -> Void
) async throws {
    var logger = Logger(label: "ImageTextAPITests")
    logger.logLevel = .error
    let configuration = ServerConfiguration(dataDirectory: folder, webRoot: webRoot, requiresSignIn: false)
    let built = try await buildServices(
        configuration: configuration, fetcher: web.fetcher, logger: logger, resumingWork: false)
    let ingestion = IngestionService(
        store: built.store, blobs: built.blobs, fetcher: web.fetcher, limits: configuration.imageLimits,
        fetchLimits: configuration.fetchLimits, logger: logger, thumbnails: built.ingestion.thumbnails,
        makesVideoCopies: false, readsImageText: readsImageText)
    let parts = GalleryServices(
        store: built.store, blobs: built.blobs, ingestion: ingestion, accounts: built.accounts,
        authenticator: built.authenticator, metrics: built.metrics, media: built.media)
    await ingestion.resumePendingWork()
    defer { ingestion.imageText.stop() }
    try await Application(router: buildRouter(parts, configuration: configuration)).test(.router) { client in
        try await test(client, ingestion.imageText)
    }
}

/// Text inside images (issue 28, point 4) and pages' visible text: read in the background with Tesseract when it is
/// installed, found by search, told in the item's own answer; without Tesseract nothing is read and all else works.
@Suite("Text inside images and pages, through the API")
struct ImageTextAPITests {
    private struct ItemTextJSON: Decodable {
        var id: String
        var state: String
        var imageText: String?
    }

    private struct FoundJSON: Decodable {
        struct Item: Decodable { var id: String }
        var items: [Item]
    }

    private struct PageJSON: Decodable {
        var items: [ItemTextJSON]
    }

    /// Drops and uploads the fixture image with printed text; the item as the upload left it.
    private func uploadPrintedText(_ client: any TestClientProtocol) async throws -> ItemTextJSON {
        let data = try Fixture.data("printed-text.png")
        let gallery = try await client.firstGalleryID()
        let drop = try await client.drop(payload: filePayload(name: "scan.png", size: data.count), into: gallery)
        let answer = try await client.upload(data, to: try #require(drop.uploads.first).uploadURL)
        #expect(answer.status == .ok)
        return try answer.decoded()
    }

    private func found(_ word: String, _ client: any TestClientProtocol) async throws -> [String] {
        let page: FoundJSON = try await client.call(.get, "/api/search?q=\(word)")
        return page.items.map(\.id)
    }

    // Tesseract is optional: without it (apt install tesseract-ocr tesseract-ocr-eng) images are never read.
    @Test(.enabled(if: ImageTextReader.isAvailable, "tesseract is not installed (apt install tesseract-ocr)"))
    func anImageWithPrintedTextIsFoundByAWordInItAndTellsItsText() async throws {
        try await withTemporaryFolder { folder in
            try await testImageTextApplication(dataDirectory: folder) { client, reader in
                let uploaded = try await uploadPrintedText(client)
                #expect(uploaded.state == "ready")
                await reader.waitUntilIdle()
                let item: ItemTextJSON = try await client.call(.get, "/api/items/\(uploaded.id)")
                let text = try #require(item.imageText)
                #expect(text.contains("INVOICE") && text.contains("2026"), "read: \(text)")
                #expect(try await found("invoice", client) == [uploaded.id])
                #expect(try await found("kerning", client) == [uploaded.id])
                #expect(try await found("scan", client) == [uploaded.id], "by its name too")
                // Lists go without it: it may be long.
                let gallery = try await client.firstGalleryID()
                let list: PageJSON = try await client.call(.get, "/api/galleries/\(gallery)/items")
                #expect(list.items.map(\.id) == [uploaded.id])
                #expect(list.items[0].imageText == nil)
            }
        }
    }

    @Test func withoutTesseractNothingIsReadAndTheImageIsReadyAllTheSame() async throws {
        try await withTemporaryFolder { folder in
            try await testImageTextApplication(dataDirectory: folder, readsImageText: false) { client, reader in
                #expect(!reader.isEnabled)
                let uploaded = try await uploadPrintedText(client)
                #expect(uploaded.state == "ready")
                await reader.waitUntilIdle()
                let item: ItemTextJSON = try await client.call(.get, "/api/items/\(uploaded.id)")
                #expect(item.imageText == nil)
                #expect(try await found("invoice", client).isEmpty)
                #expect(try await found("scan", client) == [uploaded.id], "found by its name")
            }
        }
    }

    @Test(.enabled(if: ImageTextReader.isAvailable, "tesseract is not installed (apt install tesseract-ocr)"))
    func imagesKeptWhileTesseractWasMissingAreReadAtTheNextStart() async throws {
        try await withTemporaryFolder { folder in
            let id = Mutex("")
            try await testImageTextApplication(dataDirectory: folder, readsImageText: false) { client, _ in
                let uploaded = try await uploadPrintedText(client)
                id.withLock { $0 = uploaded.id }
            }
            let uploaded = id.withLock { $0 }
            try await testImageTextApplication(dataDirectory: folder) { client, reader in
                await reader.waitUntilIdle()
                let item: ItemTextJSON = try await client.call(.get, "/api/items/\(uploaded)")
                #expect(item.imageText?.contains("INVOICE") == true)
                #expect(try await found("invoice", client) == [uploaded])
            }
        }
    }

    @Test func tesseractReadsTheDisplaySizeThumbnailElseTheDisplayCopyElseAnOriginalItReads() async throws {
        try await withTemporaryFolder { folder in
            try await testImageTextApplication(dataDirectory: folder, readsImageText: false) { _, reader in
                let hash = String(repeating: "c", count: 64)
                let png = StoredImage(hash: hash, mimeType: "image/png", width: 4000, height: 3000, byteCount: 10)
                var gif = png
                gif.mimeType = "image/gif"
                #expect(reader.readableFile(gif) == nil, "Tesseract reads no GIF")
                #expect(reader.readableFile(png) == reader.blobs.fileURL(forHash: hash))
                let thumbnails = reader.thumbnails
                for made in [
                    thumbnails.displayCopyURL(hash: hash), thumbnails.fileURL(hash: hash, width: 1024),
                    thumbnails.fileURL(hash: hash, width: 2048),
                ] {
                    try Data("made".utf8).write(to: made)
                    #expect(reader.readableFile(gif) == made)
                }
            }
        }
    }

    @Test func aLinkIsFoundByTheVisibleTextOfItsPageButNotByItsScripts() async throws {
        let page = """
            <html><head><title>Type notes</title><script>var hidden = "scriptword";</script></head>
            <body><p>An essay on <em>zeugma</em> &amp; kerning.</p><script>track("otherscript")</script></body></html>
            """
        let web = FakeWeb(["http://site.test/essay": .bytes(Data(page.utf8))])
        try await withTemporaryFolder { folder in
            try await testImageTextApplication(dataDirectory: folder, readsImageText: false, web: web) { client, _ in
                let gallery = try await client.firstGalleryID()
                let pending = try await client.drop(urls: ["http://site.test/essay"], into: gallery).items[0]
                #expect(try await client.settled(pending.id).state == "ready")
                #expect(try await found("zeugma", client) == [pending.id])
                #expect(try await found("scriptword", client).isEmpty)
                #expect(try await found("otherscript", client).isEmpty)
            }
        }
    }
}
