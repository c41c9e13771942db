import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TestSupport
import Testing

/// A drop payload carrying one file.
func filePayload(name: String = "a.png", type: String = "image/png", size: Int) -> String {
    #"{"files":[{"name":"\#(name)","type":"\#(type)","size":\#(size)}]}"#
}

extension TestClientProtocol {
    /// Uploads bytes to an upload URL.
    func upload(_ bytes: Data, to uploadURL: String) async throws -> TestResponse {
        try await execute(
            uri: uploadURL, method: .put, headers: [.contentType: "application/octet-stream"],
            body: ByteBuffer(bytes: bytes))
    }
}

@Suite("Uploads, retries and removal")
struct ItemAPITests {
    @Test func aDroppedFileBecomesReadyOnceItsBytesAreUploaded() async throws {
        let png = PNGBuilder.make(width: 6, height: 4)
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let drop = try await client.drop(payload: filePayload(size: png.count), into: gallery)
            let placeholder = try #require(drop.items.first)
            let upload = try #require(drop.uploads.first)
            #expect(placeholder.state == "pending")
            #expect(placeholder.origin == "upload")
            #expect(placeholder.title == "a.png")
            #expect(upload.itemId == placeholder.id)
            #expect(upload.fileIndex == 0)
            #expect(upload.uploadURL == "/api/items/\(placeholder.id)/content")

            let response = try await client.upload(png, to: upload.uploadURL)
            #expect(response.status == .ok)
            let ready: ItemJSON = try response.decoded()
            #expect(ready.state == "ready")
            #expect(ready.width == 6)
            #expect(ready.height == 4)
            #expect(ready.byteCount == Int64(png.count))

            let imageURL = try #require(ready.imageURL)
            #expect(try await client.send(.get, imageURL).bytes == png)
        }
    }

    @Test func uploadingToAnItemThatIsNoLongerPendingIsAConflict() async throws {
        let png = PNGBuilder.make(width: 2, height: 2)
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let upload = try #require(
                try await client.drop(payload: filePayload(size: png.count), into: gallery).uploads.first)
            let first = try await client.upload(png, to: upload.uploadURL)
            #expect(first.status == .ok, "\(String(buffer: first.body))")

            let again = try await client.upload(png, to: upload.uploadURL)
            #expect(again.status == .conflict)
            #expect(!(try again.decoded(as: ErrorJSON.self).error.message.isEmpty))
        }
    }

    @Test func uploadingToARemoteItemIsAConflict() async throws {
        try await testApplication(web: FakeWeb(["http://slow.test/a.png": .silence])) { client in
            let gallery = try await client.firstGalleryID()
            let remote = try await client.drop(urls: ["http://slow.test/a.png"], into: gallery).items[0]
            let response = try await client.upload(
                PNGBuilder.make(width: 1, height: 1), to: "/api/items/\(remote.id)/content")
            #expect(response.status == .conflict)
        }
    }

    @Test func uploadedTextFailsAsNotAnImage() async throws {
        let text = Data("not a picture".utf8)
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let drop = try await client.drop(
                payload: filePayload(name: "notes.png", size: text.count), into: gallery)
            let response = try await client.upload(text, to: drop.uploads[0].uploadURL)
            let failed: ItemJSON = try response.decoded()
            #expect(failed.state == "failed")
            #expect(failed.failure?.code == "not-an-image")
            #expect(!failed.retryable)
        }
    }

    @Test func aFileDeclaredOverTheLimitFailsAsTooLargeAtOnce() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let drop = try await client.drop(payload: filePayload(name: "huge.png", size: 60_000_000), into: gallery)
            #expect(drop.uploads.isEmpty)
            let item = try #require(drop.items.first)
            #expect(item.state == "failed")
            #expect(item.failure == .init(code: "too-large", message: "Too large (the limit is 50 MB)"))
            #expect(try await client.item(item.id).state == "failed")
        }
    }

    @Test func aFailedLinkLoadsWhenRetriedAfterTheSiteRecovers() async throws {
        let url = "http://flaky.test/a.png"
        let web = FakeWeb([url: .failure(.httpStatus(503))])
        try await testApplication(web: web) { client in
            let gallery = try await client.firstGalleryID()
            let placeholder = try await client.drop(urls: [url], into: gallery).items[0]
            let failed = try await client.settled(placeholder.id)
            #expect(failed.failure?.code == "http-status")
            #expect(failed.retryable)

            web.answer(url, with: .bytes(PNGBuilder.make(width: 7, height: 2)))
            let retry = try await client.send(.post, "/api/items/\(placeholder.id)/retry")
            #expect(retry.status == .accepted)
            let pending: ItemJSON = try retry.decoded()
            #expect(pending.state == "pending")
            #expect(pending.failure == nil)

            let ready = try await client.settled(placeholder.id)
            #expect(ready.state == "ready")
            #expect(ready.width == 7)
            #expect(ready.orderKey == placeholder.orderKey)
            #expect(web.requestedURLs == [url, url])
        }
    }

    @Test func onlyAFailedItemCanBeRetried() async throws {
        let png = PNGBuilder.make(width: 1, height: 1)
        try await testApplication(web: FakeWeb(["http://site.test/a.png": .bytes(png)])) { client in
            let gallery = try await client.firstGalleryID()
            let placeholder = try await client.drop(urls: ["http://site.test/a.png"], into: gallery).items[0]
            #expect(try await client.settled(placeholder.id).state == "ready")
            #expect(try await client.send(.post, "/api/items/\(placeholder.id)/retry").status == .conflict)
        }
    }

    @Test func aRemovedItemLeavesTheListAndShowsAsTrashedInTheChanges() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let drop = try await client.drop(urls: ["http://site.test/a.png", "http://site.test/b.png"], into: gallery)
            let removed = drop.items[0]
            _ = try await client.settled(removed.id)

            let response = try await client.send(.delete, "/api/items/\(removed.id)")
            #expect(response.status == .ok)
            #expect(try response.decoded(as: ItemJSON.self).trashed)

            #expect(try await client.items(in: gallery).map(\.id) == [drop.items[1].id])
            let changes: ChangesJSON = try await client.call(.get, "/api/galleries/\(gallery)/changes?since=0")
            let change = try #require(changes.items.first { $0.id == removed.id })
            #expect(change.trashed)
        }
    }

    @Test func anUnknownItemIsNotFound() async throws {
        try await testApplication { client in
            let unknown = UUID().uuidString.lowercased()
            let response = try await client.send(.get, "/api/items/\(unknown)")
            #expect(response.status == .notFound)
            #expect(try await client.send(.delete, "/api/items/\(unknown)").status == .notFound)
            #expect(try await client.send(.post, "/api/items/\(unknown)/retry").status == .notFound)
            #expect(try await client.send(.get, "/api/items/not-an-id").status == .notFound)
        }
    }
}
