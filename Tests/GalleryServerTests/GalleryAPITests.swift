import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@Suite("Galleries over HTTP")
struct GalleryAPITests {
    @Test func imagesPerRowIsChangedAndKept() async throws {
        try await testApplication { client in
            let id = try await client.firstGalleryID()
            let before = try await client.gallery(id)
            let updated: GalleryJSON = try await client.call(
                .patch, "/api/galleries/\(id)", json: #"{"imagesPerRow":3}"#)
            #expect(updated.imagesPerRow == 3)
            #expect(updated.sequence > before.sequence)
            #expect(try await client.gallery(id).imagesPerRow == 3)
        }
    }

    @Test(arguments: [#"{"imagesPerRow":0}"#, #"{"imagesPerRow":13}"#, #"{"name":"  "}"#, #"{}"#, #"{"imagesPerRow":"#])
    func anInvalidChangeIsRefusedAndChangesNothing(body: String) async throws {
        try await testApplication { client in
            let id = try await client.firstGalleryID()
            _ = try await client.call(
                .patch, "/api/galleries/\(id)", json: #"{"imagesPerRow":3}"#, as: GalleryJSON.self)
            let before = try await client.gallery(id)

            let response = try await client.send(.patch, "/api/galleries/\(id)", json: body)
            #expect(response.status == .badRequest)
            #expect(!(try response.decoded(as: ErrorJSON.self).error.message.isEmpty))
            #expect(try await client.gallery(id) == before)
        }
    }

    @Test func aGalleryIsRenamed() async throws {
        try await testApplication { client in
            let id = try await client.firstGalleryID()
            let renamed: GalleryJSON = try await client.call(
                .patch, "/api/galleries/\(id)", json: #"{"name":" Trips "}"#)
            #expect(renamed.name == "Trips")
            #expect(try await client.gallery(id).name == "Trips")
        }
    }

    @Test func aNewGalleryIsCreatedAndListed() async throws {
        try await testApplication { client in
            let created: GalleryJSON = try await client.call(
                .post, "/api/galleries", json: #"{"name":"Another"}"#, expecting: .created)
            #expect(created.name == "Another")
            struct List: Decodable { var galleries: [GalleryJSON] }
            let list: List = try await client.call(.get, "/api/galleries")
            #expect(list.galleries.map(\.name) == ["Another", "My Gallery"])
        }
    }

    @Test func anUnknownGalleryIsNotFound() async throws {
        try await testApplication { client in
            let unknown = UUID().uuidString.lowercased()
            #expect(try await client.send(.get, "/api/galleries/\(unknown)").status == .notFound)
            #expect(try await client.send(.get, "/api/galleries/\(unknown)/items").status == .notFound)
            #expect(try await client.send(.get, "/api/galleries/\(unknown)/changes?since=0").status == .notFound)
            #expect(
                try await client.send(.patch, "/api/galleries/\(unknown)", json: #"{"imagesPerRow":3}"#).status
                    == .notFound)
            let drop = try await client.send(
                .post, "/api/galleries/\(unknown)/drops", json: #"{"payload":{"uriList":"http://site.test/a.png"}}"#)
            #expect(drop.status == .notFound)
            #expect(try await client.send(.get, "/api/galleries/not-an-id").status == .notFound)
        }
    }

    @Test func changesSinceANumberHoldOnlyLaterChanges() async throws {
        let web = FakeWeb([
            "http://site.test/a.png": .bytes(PNGBuilder.make(width: 1, height: 1)),
            "http://site.test/b.png": .bytes(PNGBuilder.make(width: 2, height: 2)),
        ])
        try await testApplication(web: web) { client in
            let gallery = try await client.firstGalleryID()
            let first = try await client.drop(urls: ["http://site.test/a.png"], into: gallery).items[0]
            #expect(try await client.settled(first.id).state == "ready")
            let mark = try await client.gallery(gallery).sequence

            let nothing: ChangesJSON = try await client.call(.get, "/api/galleries/\(gallery)/changes?since=\(mark)")
            #expect(nothing.items.isEmpty)
            #expect(nothing.gallery.sequence == mark)

            let second = try await client.drop(urls: ["http://site.test/b.png"], into: gallery).items[0]
            #expect(try await client.settled(second.id).state == "ready")
            let changes: ChangesJSON = try await client.call(.get, "/api/galleries/\(gallery)/changes?since=\(mark)")
            #expect(changes.items.map(\.id) == [second.id])
            #expect(changes.items.first?.state == "ready")
            #expect(changes.gallery.sequence > mark)

            let everything: ChangesJSON = try await client.call(.get, "/api/galleries/\(gallery)/changes?since=0")
            #expect(Set(everything.items.map(\.id)) == [first.id, second.id])
            #expect(everything.complete && everything.through == everything.gallery.sequence)
        }
    }

    @Test func itemsComeInPages() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let urls = (1...5).map { "http://site.test/\($0).png" }
            let dropped = try await client.drop(urls: urls, into: gallery).items.map(\.id)

            var seen: [String] = []
            var cursor: String?
            for _ in 0..<10 {
                let query = cursor.map { "&cursor=\($0)" } ?? ""
                let page: ItemPageJSON = try await client.call(.get, "/api/galleries/\(gallery)/items?limit=2\(query)")
                seen += page.items.map(\.id)
                cursor = page.nextCursor
                if cursor == nil { break }
            }
            #expect(seen == dropped)
        }
    }

    @Test func windowsAreReadAtAPositionAroundAnItemAndBeforeACursor() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let urls = (1...9).map { "http://site.test/\($0).png" }
            let ids = try await client.drop(urls: urls, into: gallery).items.map(\.id)
            let items = "/api/galleries/\(gallery)/items"

            let middle: ItemPageJSON = try await client.call(.get, "\(items)?position=3&limit=3")
            #expect(middle.items.map(\.id) == Array(ids[3...5]))
            #expect(middle.position == 3 && middle.count == 9)
            #expect(middle.previousCursor != nil && middle.nextCursor != nil)

            let before: ItemPageJSON = try await client.call(
                .get, "\(items)?before=\(middle.previousCursor!)&limit=2")
            #expect(before.items.map(\.id) == Array(ids[1...2]))
            #expect(before.position == 1)

            let around: ItemPageJSON = try await client.call(.get, "\(items)?around=\(ids[7])&limit=3")
            #expect(around.items.map(\.id) == Array(ids[6...8]))
            #expect(around.position == 6 && around.nextCursor == nil)

            // Past the end, the window ends at the end.
            let end: ItemPageJSON = try await client.call(.get, "\(items)?position=1000&limit=4")
            #expect(end.items.map(\.id) == Array(ids[5...8]) && end.position == 5)

            let first: ItemPageJSON = try await client.call(.get, "\(items)?limit=2")
            #expect(first.position == 0 && first.previousCursor == nil && first.count == 9)
        }
    }

    @Test func aWindowAskedForTwiceOrMalformedIsRefused() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let id = try await client.drop(urls: ["http://site.test/1.png"], into: gallery).items[0].id
            let items = "/api/galleries/\(gallery)/items"
            for query in [
                "position=1&around=\(id)", "position=-1", "position=x", "before=%21%21", "cursor=a0&before=a0",
            ] {
                let response = try await client.send(.get, "\(items)?\(query)")
                #expect(response.status == .badRequest, "\(query)")
            }
            let unknown = try await client.send(.get, "\(items)?around=\(UUID().uuidString.lowercased())")
            #expect(unknown.status == .notFound)
        }
    }
}
