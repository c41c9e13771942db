import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@Suite("Dropping links")
struct DropTests {
    @Test func theRootOpensTheFirstGallery() async throws {
        try await testApplication { client in
            let id = try await client.firstGalleryID()
            let gallery = try await client.gallery(id)
            #expect(gallery.name == "My Gallery")
            #expect(try await client.firstGalleryID() == id)

            let page = try await client.send(.get, "/g/\(id)")
            #expect(page.status == .ok)
            #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
        }
    }

    @Test func aDropOfMoreThan500ItemsIsRefusedWholeSayingSoAndOneOf500IsTakenWhole() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            func files(_ count: Int) -> String {
                let entries = (0..<count).map { #"{"name":"photo\#($0).png","type":"image/png","size":100}"# }
                return #"{"payload":{"files":[\#(entries.joined(separator: ","))]}}"#
            }
            let tooMany = try await client.send(.post, "/api/galleries/\(gallery)/drops", json: files(1_060))
            #expect(tooMany.status == .badRequest)
            let error: ErrorJSON = try tooMany.decoded()
            #expect(error.error.message.contains("at most 500 items at once; this one holds 1,060 files"))
            let links = (0..<501).map { "https://site.test/\($0).png" }
            let tooManyLinks = try await client.send(
                .post, "/api/galleries/\(gallery)/drops", json: #"{"payload":\#(uriListPayload(links))}"#)
            #expect(tooManyLinks.status == .badRequest)
            #expect(try await client.items(in: gallery).isEmpty)

            let full: DropJSON = try await client.call(
                .post, "/api/galleries/\(gallery)/drops", json: files(500), expecting: .created)
            #expect(full.items.count == 500)
            #expect(full.uploads.count == 500)
        }
    }

    @Test func aDroppedURLBecomesAReadyImage() async throws {
        let png = PNGBuilder.make(width: 4, height: 3)
        let web = FakeWeb(["http://site.test/a.png": .bytes(png)])
        try await testApplication(web: web) { client in
            let gallery = try await client.firstGalleryID()
            let response = try await client.send(
                .post, "/api/galleries/\(gallery)/drops", json: #"{"payload":{"uriList":"http://site.test/a.png"}}"#)
            #expect(response.status == .created)
            let drop: DropJSON = try response.decoded()
            let placeholder = try #require(drop.items.first)
            #expect(drop.items.count == 1)
            #expect(drop.uploads.isEmpty)
            #expect(placeholder.origin == "remote")
            #expect(placeholder.title == "a.png")
            #expect(placeholder.sourceURL == "http://site.test/a.png")
            #expect(placeholder.galleryId == gallery)

            let ready = try await client.settled(placeholder.id)
            #expect(ready.state == "ready")
            #expect(ready.width == 4)
            #expect(ready.height == 3)
            #expect(ready.mimeType == "image/png")
            #expect(ready.byteCount == Int64(png.count))
            #expect(ready.orderKey == placeholder.orderKey)
            let imageURL = try #require(ready.imageURL)
            #expect(imageURL.hasPrefix("/media/"))
            #expect(imageURL.hasSuffix(".png"))

            let image = try await client.send(.get, imageURL)
            #expect(image.status == .ok)
            #expect(image.bytes == png)
            #expect(image.headers[.contentType] == "image/png")
            #expect(image.headers[.cacheControl]?.contains("immutable") == true)
            #expect(image.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff")

            #expect(try await client.items(in: gallery).map(\.id) == [placeholder.id])
            #expect(web.requestedURLs == ["http://site.test/a.png"])
        }
    }

    @Test func anImageIsNotSentAgainWhenTheBrowserHasIt() async throws {
        let web = FakeWeb(["http://site.test/a.png": .bytes(PNGBuilder.make(width: 2, height: 2))])
        try await testApplication(web: web) { client in
            let gallery = try await client.firstGalleryID()
            let placeholder = try await client.drop(urls: ["http://site.test/a.png"], into: gallery).items[0]
            let imageURL = try #require(try await client.settled(placeholder.id).imageURL)
            let etag = try #require(try await client.send(.get, imageURL).headers[.eTag])
            let again = try await client.execute(uri: imageURL, method: .get, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
        }
    }

    @Test func anUnknownImageIsNotFound() async throws {
        try await testApplication { client in
            let missing = String(repeating: "a", count: 64)
            let unknownHash = try await client.send(.get, "/media/\(missing).png")
            #expect(unknownHash.status == .notFound)
            #expect(try await client.send(.get, "/media/not-a-hash.png").status == .notFound)
        }
    }

    @Test func malformedJSONIsRefusedAndAddsNothing() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let response = try await client.send(
                .post, "/api/galleries/\(gallery)/drops", json: #"{"payload":{"uriList":"#)
            #expect(response.status == .badRequest)
            let error: ErrorJSON = try response.decoded()
            #expect(!error.error.message.isEmpty)
            #expect(try await client.items(in: gallery).isEmpty)
        }
    }

    @Test(arguments: [
        #"{"payload":{"plainText":" \n\t "}}"#,
        #"{"payload":{"uriList":"ftp://site.test/a.png"}}"#,
        #"{"payload":{}}"#,
    ])
    func aDropWithNothingUsableIsRefusedAndAddsNothing(body: String) async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let response = try await client.send(.post, "/api/galleries/\(gallery)/drops", json: body)
            #expect(response.status == .badRequest)
            let error: ErrorJSON = try response.decoded()
            #expect(error.error.message.contains("Nothing in this drop"))
            #expect(try await client.items(in: gallery).isEmpty)
        }
    }

    @Test func aTextFileFailsAsNotAnImage() async throws {
        let web = FakeWeb(["http://site.test/notes.txt": .bytes(Data("These are my notes.\n".utf8))])
        try await testApplication(web: web) { client in
            let gallery = try await client.firstGalleryID()
            let placeholder = try await client.drop(urls: ["http://site.test/notes.txt"], into: gallery).items[0]
            let failed = try await client.settled(placeholder.id)
            #expect(failed.state == "failed")
            #expect(failed.failure == .init(code: "not-an-image", message: "Not an image"))
            #expect(failed.imageURL == nil)
            #expect(failed.retryable)
        }
    }

    @Test func aBlockedAddressFailsAsAddressNotAllowed() async throws {
        let web = FakeWeb(["http://intranet.test/a.png": .failure(.blockedAddress)])
        try await testApplication(web: web) { client in
            let gallery = try await client.firstGalleryID()
            let placeholder = try await client.drop(urls: ["http://intranet.test/a.png"], into: gallery).items[0]
            let failed = try await client.settled(placeholder.id)
            #expect(failed.state == "failed")
            #expect(failed.failure == .init(code: "address-not-allowed", message: "Address not allowed"))
        }
    }

    @Test func aMissingPageFailsWithTheSiteAnswer() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let placeholder = try await client.drop(urls: ["http://site.test/gone.png"], into: gallery).items[0]
            let failed = try await client.settled(placeholder.id)
            #expect(failed.failure == .init(code: "http-status", message: "The site answered 404 (not found)"))
        }
    }

    @Test func threeURLsInOneDropKeepTheirOrder() async throws {
        let urls = (1...3).map { "http://site.test/\($0).png" }
        var answers: [String: WebAnswer] = [:]
        for (index, url) in urls.enumerated() {
            answers[url] = .bytes(PNGBuilder.make(width: index + 1, height: 1))
        }
        let web = FakeWeb(answers)
        try await testApplication(web: web) { client in
            let gallery = try await client.firstGalleryID()
            let drop = try await client.drop(urls: urls, into: gallery)
            #expect(drop.items.map(\.title) == ["1.png", "2.png", "3.png"])
            for item in drop.items {
                #expect(try await client.settled(item.id).state == "ready")
            }
            let items = try await client.items(in: gallery)
            #expect(items.map(\.title) == ["1.png", "2.png", "3.png"])
            #expect(items.map(\.width) == [1, 2, 3])
        }
    }

    @Test func aDropAtIndexZeroGoesFirst() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            _ = try await client.drop(urls: ["http://site.test/a.png", "http://site.test/b.png"], into: gallery)
            let first = try await client.drop(urls: ["http://site.test/c.png"], into: gallery, at: #"{"index":0}"#)
            let items = try await client.items(in: gallery)
            #expect(items.map(\.title) == ["c.png", "a.png", "b.png"])
            #expect(items.first?.id == first.items.first?.id)
        }
    }

    @Test func aDropAfterAnItemFollowsIt() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let earlier = try await client.drop(
                urls: ["http://site.test/a.png", "http://site.test/b.png"], into: gallery)
            _ = try await client.drop(
                urls: ["http://site.test/c.png"], into: gallery, at: #"{"after":"\#(earlier.items[0].id)"}"#)
            #expect(try await client.items(in: gallery).map(\.title) == ["a.png", "c.png", "b.png"])
        }
    }

    @Test func aNegativeIndexIsRefused() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let response = try await client.send(
                .post, "/api/galleries/\(gallery)/drops",
                json: #"{"payload":{"uriList":"http://site.test/a.png"},"at":{"index":-1}}"#)
            #expect(response.status == .badRequest)
            #expect(try await client.items(in: gallery).isEmpty)
        }
    }

    @Test func aSlowImageArrivesWhereItsPlaceholderIsNow() async throws {
        let gate = Gate()
        let web = FakeWeb([
            "http://slow.test/late.png": .bytesAfter(gate, PNGBuilder.make(width: 5, height: 5)),
            "http://site.test/quick.png": .bytes(PNGBuilder.make(width: 1, height: 1)),
        ])
        try await testApplication(web: web) { client in
            let gallery = try await client.firstGalleryID()
            let late = try await client.drop(urls: ["http://slow.test/late.png"], into: gallery).items[0]
            let quick = try await client.drop(
                urls: ["http://site.test/quick.png"], into: gallery, at: #"{"index":0}"#
            ).items[0]
            #expect(try await client.settled(quick.id).state == "ready")
            #expect(try await client.item(late.id).state == "pending")

            gate.open()
            let ready = try await client.settled(late.id)
            #expect(ready.state == "ready")
            #expect(ready.orderKey == late.orderKey)
            #expect(try await client.items(in: gallery).map(\.id) == [quick.id, late.id])
        }
    }

    @Test func anImageDroppedInlineAsADataURLBecomesReady() async throws {
        let png = PNGBuilder.make(width: 2, height: 3)
        let payload = #"{"uriList":"data:image/png;base64,\#(png.base64EncodedString())"}"#
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let placeholder = try await client.drop(payload: payload, into: gallery).items[0]
            #expect(placeholder.origin == "inline")
            let ready = try await client.settled(placeholder.id)
            #expect(ready.state == "ready")
            #expect(ready.width == 2)
            #expect(ready.height == 3)
        }
    }

    @Test func theSameImageFromTwoLinksIsStoredOnce() async throws {
        let png = PNGBuilder.make(width: 3, height: 3)
        let web = FakeWeb(["http://site.test/a.png": .bytes(png), "http://mirror.test/a.png": .bytes(png)])
        try await testApplication(web: web) { client in
            let gallery = try await client.firstGalleryID()
            let drop = try await client.drop(
                urls: ["http://site.test/a.png", "http://mirror.test/a.png"], into: gallery)
            let first = try await client.settled(drop.items[0].id)
            let second = try await client.settled(drop.items[1].id)
            #expect(first.imageURL != nil)
            #expect(first.imageURL == second.imageURL)
        }
    }
}
