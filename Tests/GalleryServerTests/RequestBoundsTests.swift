import Foundation
import GalleryServer
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing

@Suite("Request bounds: bodies, decoding and loading are limited before they cost anything")
struct RequestBoundsTests {
    /// Headers declaring a body of `length` bytes that the test never sends: a server that tried to read it would
    /// find it empty and answer 400 (malformed JSON), never 404 or 413.
    static func declaring(_ length: Int) -> HTTPFields {
        [.contentType: "application/json", .contentLength: String(length)]
    }

    static let unknownGallery = "00000000-0000-4000-8000-000000000000"

    struct GalleryListJSON: Decodable { var galleries: [GalleryJSON] }

    @Test func aDropIntoAnUnknownGalleryIsNotFoundBeforeItsBodyIsRead() async throws {
        try await testApplication { client in
            let response = try await client.execute(
                uri: "/api/galleries/\(Self.unknownGallery)/drops", method: .post,
                headers: Self.declaring(60_000_000), body: nil)
            #expect(response.status == .notFound)
            let error: ErrorJSON = try response.decoded()
            #expect(error.error.message.contains("no such gallery"))
        }
    }

    @Test func aDropIntoAGalleryInTheTrashIsNotFoundBeforeItsBodyIsRead() async throws {
        try await testApplication { client in
            let created: GalleryJSON = try await client.call(
                .post, "/api/galleries", json: #"{"name":"Old"}"#, expecting: .created)
            let _: GalleryJSON = try await client.call(.delete, "/api/galleries/\(created.id)")
            let response = try await client.execute(
                uri: "/api/galleries/\(created.id)/drops", method: .post, headers: Self.declaring(60_000_000),
                body: nil)
            #expect(response.status == .notFound)
            let error: ErrorJSON = try response.decoded()
            #expect(error.error.message.contains("in the trash of galleries"))
        }
    }

    @Test func aDropDeclaringMoreThanItsLimitIsRefusedBeforeItIsReadAndChangesNothing() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let before = try await client.gallery(gallery)
            let response = try await client.execute(
                uri: "/api/galleries/\(gallery)/drops", method: .post, headers: Self.declaring(60_000_000), body: nil)
            #expect(response.status == .contentTooLarge)
            let error: ErrorJSON = try response.decoded()
            #expect(error.error.message.contains("larger than 8 MB"))
            #expect(error.error.message.contains("/api/items/{id}/content"))
            #expect(try await client.gallery(gallery).sequence == before.sequence)
            #expect(try await client.items(in: gallery).isEmpty)
        }
    }

    @Test func aDropWithAnInlineImageOverTheLimitIsRefusedAndChangesNothing() async throws {
        let bounds = ServerConfiguration.Bounds(dropBodyBytes: 4096)
        let inline = Data(repeating: 0x89, count: 4096).base64EncodedString()
        try await testApplication(bounds: bounds) { client in
            let gallery = try await client.firstGalleryID()
            let response = try await client.send(
                .post, "/api/galleries/\(gallery)/drops",
                json: #"{"payload":{"uriList":"data:image/png;base64,\#(inline)"}}"#)
            #expect(response.status == .contentTooLarge)
            let error: ErrorJSON = try response.decoded()
            #expect(
                error.error.message
                    == "The request is larger than 4 KB; upload big files as files (PUT /api/items/{id}/content), not inline in the drop."
            )
            #expect(try await client.items(in: gallery).isEmpty)
        }
    }

    @Test func aDropWithinItsLimitIsStillAccepted() async throws {
        let bounds = ServerConfiguration.Bounds(dropBodyBytes: 4096)
        try await testApplication(bounds: bounds) { client in
            let gallery = try await client.firstGalleryID()
            let drop = try await client.drop(urls: ["http://site.test/a.png"], into: gallery)
            #expect(drop.items.count == 1)
        }
    }

    @Test func everyOtherJSONBodyOverItsLimitIsRefusedBeforeItIsRead() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let routes: [(HTTPRequest.Method, String)] = [
                (.post, "/api/galleries"), (.patch, "/api/galleries/\(gallery)"),
                (.post, "/api/galleries/\(gallery)/duplicate"), (.post, "/api/galleries/\(gallery)/moves"),
                (.post, "/api/galleries/\(gallery)/copies"), (.post, "/api/galleries/\(gallery)/trash"),
                (.post, "/api/galleries/\(gallery)/trash/restore"),
            ]
            for (method, uri) in routes {
                let response = try await client.execute(
                    uri: uri, method: method, headers: Self.declaring(300 * 1024), body: nil)
                #expect(response.status == .contentTooLarge, "\(method) \(uri)")
                let error: ErrorJSON = try response.decoded()
                #expect(error.error.message == "The request is larger than 256 KB.", "\(method) \(uri)")
            }
            #expect(try await client.call(.get, "/api/galleries", as: GalleryListJSON.self).galleries.count == 1)
        }
    }

    @Test func aJSONBodyOverItsLimitIsRefusedWhenItIsSent() async throws {
        let bounds = ServerConfiguration.Bounds(jsonBodyBytes: 64)
        try await testApplication(bounds: bounds) { client in
            let name = String(repeating: "n", count: 100)
            let response = try await client.send(.post, "/api/galleries", json: #"{"name":"\#(name)"}"#)
            #expect(response.status == .contentTooLarge)
            #expect(try await client.call(.get, "/api/galleries", as: GalleryListJSON.self).galleries.count == 1)
            let _: GalleryJSON = try await client.call(
                .post, "/api/galleries", json: #"{"name":"Short"}"#, expecting: .created)
        }
    }

    @Test func aDropThatWouldLoadMoreImagesThanTheLimitIsRefusedAndChangesNothing() async throws {
        let web = FakeWeb(["http://site.test/a.png": .silence, "http://site.test/b.png": .silence])
        try await testApplication(web: web, bounds: ServerConfiguration.Bounds(pendingLoads: 2)) { client in
            let gallery = try await client.firstGalleryID()
            let first = try await client.drop(
                urls: ["http://site.test/a.png", "http://site.test/b.png"], into: gallery)
            #expect(first.items.count == 2)
            let before = try await client.gallery(gallery)

            let response = try await client.send(
                .post, "/api/galleries/\(gallery)/drops",
                json: #"{"payload":\#(uriListPayload(["http://site.test/c.png"]))}"#)
            #expect(response.status == .serviceUnavailable)
            #expect(response.headers[.retryAfter] == "30")
            let error: ErrorJSON = try response.decoded()
            #expect(error.error.message == "Too many images are loading (at most 2 at once); try again in 30 seconds.")
            #expect(try await client.gallery(gallery).sequence == before.sequence)
            #expect(try await client.items(in: gallery).count == 2)
        }
    }

    @Test func aDropOfFilesOnlyIsNotCountedAsLoadsByTheServer() async throws {
        let web = FakeWeb(["http://site.test/a.png": .silence])
        try await testApplication(web: web, bounds: ServerConfiguration.Bounds(pendingLoads: 1)) { client in
            let gallery = try await client.firstGalleryID()
            _ = try await client.drop(urls: ["http://site.test/a.png"], into: gallery)
            let files = #"{"files":[{"name":"a.png","type":"image/png","size":10}]}"#
            let drop = try await client.drop(payload: files, into: gallery)
            #expect(drop.uploads.count == 1)
        }
    }
}
