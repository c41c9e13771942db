import Foundation
import HTTPTypes
import HummingbirdTesting
import Synchronization
import TestSupport
import Testing

/// What the first run left behind, for the second run to check.
private struct FirstRun: Sendable {
    var gallery: String
    var ready: ItemJSON
    var pending: ItemJSON
}

@Suite("Restarting the server")
struct RestartTests {
    @Test func itemsSurviveARestartAndAnUnfinishedLinkLoadsAfterIt() async throws {
        let readyPNG = PNGBuilder.make(width: 2, height: 2)
        let latePNG = PNGBuilder.make(width: 9, height: 4)
        try await withTemporaryFolder { folder in
            let firstWeb = FakeWeb([
                "http://site.test/ready.png": .bytes(readyPNG),
                "http://slow.test/late.png": .silence,
            ])
            let firstRun = Mutex<FirstRun?>(nil)
            try await testApplication(dataDirectory: folder, web: firstWeb) { client in
                let gallery = try await client.firstGalleryID()
                _ = try await client.call(
                    .patch, "/api/galleries/\(gallery)", json: #"{"imagesPerRow":5}"#, as: GalleryJSON.self)
                let drop = try await client.drop(
                    urls: ["http://site.test/ready.png", "http://slow.test/late.png"], into: gallery)
                let ready = try await client.settled(drop.items[0].id)
                #expect(ready.state == "ready")
                #expect(try await client.item(drop.items[1].id).state == "pending")
                firstRun.withLock { $0 = FirstRun(gallery: gallery, ready: ready, pending: drop.items[1]) }
            }
            let first = try #require(firstRun.withLock { $0 })

            let secondWeb = FakeWeb(["http://slow.test/late.png": .bytes(latePNG)])
            try await testApplication(dataDirectory: folder, web: secondWeb) { client in
                #expect(try await client.firstGalleryID() == first.gallery)
                #expect(try await client.gallery(first.gallery).imagesPerRow == 5)
                #expect(try await client.items(in: first.gallery).map(\.id) == [first.ready.id, first.pending.id])
                #expect(try await client.item(first.ready.id) == first.ready)
                let image = try await client.send(.get, try #require(first.ready.imageURL))
                #expect(image.bytes == readyPNG)

                let resumed = try await client.settled(first.pending.id)
                #expect(resumed.state == "ready")
                #expect(resumed.width == 9)
                #expect(resumed.orderKey == first.pending.orderKey)
                #expect(try await client.send(.get, try #require(resumed.imageURL)).bytes == latePNG)
            }
            #expect(secondWeb.requestedURLs == ["http://slow.test/late.png"])
        }
    }

    @Test func anUploadCutOffByARestartFailsAsInterrupted() async throws {
        try await withTemporaryFolder { folder in
            let upload = Mutex<String?>(nil)
            try await testApplication(dataDirectory: folder, web: FakeWeb()) { client in
                let gallery = try await client.firstGalleryID()
                let drop = try await client.drop(
                    payload: #"{"files":[{"name":"a.png","type":"image/png","size":100}]}"#, into: gallery)
                upload.withLock { $0 = drop.items[0].id }
            }
            let id = try #require(upload.withLock { $0 })

            try await testApplication(dataDirectory: folder, web: FakeWeb()) { client in
                let failed = try await client.settled(id)
                #expect(failed.state == "failed")
                #expect(failed.failure?.code == "upload-interrupted")
            }
        }
    }
}
