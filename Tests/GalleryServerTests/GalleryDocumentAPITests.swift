import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

struct GalleryListJSON: Decodable {
    var galleries: [GalleryJSON]
}

struct HistoryJSON: Decodable, Equatable {
    struct Action: Decodable, Equatable { var name: String }
    var undo: Action?
    var redo: Action?
}

struct HistoryStepJSON: Decodable {
    var message: String
    var history: HistoryJSON
}

extension TestClientProtocol {
    /// Makes a gallery, expecting 201.
    func createGallery(_ name: String) async throws -> GalleryJSON {
        try await call(.post, "/api/galleries", json: #"{"name":"\#(name)"}"#, expecting: .created)
    }

    /// The ids of a gallery's live items, in order.
    func itemIDs(in gallery: String) async throws -> [String] { try await items(in: gallery).map(\.id) }

    /// A JSON array of the ids.
    func jsonList(_ ids: [String]) -> String { "[" + ids.map { "\"\($0)\"" }.joined(separator: ",") + "]" }
}

@Suite("Galleries as documents over HTTP")
struct GalleryDocumentAPITests {
    static let png = PNGBuilder.make(width: 6, height: 4)

    @Test func aDuplicateHasCopiesOfEveryItemInOrderAndTheSameCover() async throws {
        let web = FakeWeb(["http://site.test/a.png": .bytes(Self.png), "http://site.test/b.png": .bytes(Self.png)])
        try await testApplication(web: web) { client in
            let gallery = try await client.firstGalleryID()
            let dropped = try await client.drop(
                urls: ["http://site.test/a.png", "http://site.test/b.png"], into: gallery
            ).items
            for item in dropped { _ = try await client.settled(item.id) }
            let original = try await client.gallery(gallery)
            #expect(original.itemCount == 2)
            #expect(original.cover?.itemId == dropped[0].id)

            let copy: GalleryJSON = try await client.call(
                .post, "/api/galleries/\(gallery)/duplicate", expecting: .created)
            #expect(copy.name == "My Gallery copy")
            #expect(copy.itemCount == 2)
            let copies = try await client.items(in: copy.id)
            #expect(copies.map(\.title) == ["a.png", "b.png"])
            #expect(Set(copies.map(\.id)).isDisjoint(with: dropped.map(\.id)))
            #expect(copies.map(\.imageURL) == (try await client.items(in: gallery)).map(\.imageURL))
            #expect(copy.cover?.imageURL == original.cover?.imageURL)
        }
    }

    @Test func aDeletedGalleryGoesToTheTrashOfGalleriesAndComesBack() async throws {
        try await testApplication { client in
            let fruit = try await client.createGallery("Fruit")
            let deleted: GalleryJSON = try await client.call(.delete, "/api/galleries/\(fruit.id)")
            #expect(deleted.trashed)
            let live: GalleryListJSON = try await client.call(.get, "/api/galleries")
            #expect(!live.galleries.map(\.id).contains(fruit.id))
            let trashed: GalleryListJSON = try await client.call(.get, "/api/galleries?trashed=true")
            #expect(trashed.galleries.map(\.id) == [fruit.id])
            #expect(try await client.send(.get, "/api/galleries/\(fruit.id)").status == .notFound)

            let restored: GalleryJSON = try await client.call(.post, "/api/galleries/\(fruit.id)/restore")
            #expect(!restored.trashed)
            let after: GalleryListJSON = try await client.call(.get, "/api/galleries")
            #expect(after.galleries.map(\.name).contains("Fruit"))
        }
    }

    @Test func aMoveBetweenGalleriesIsAllOrNothing() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let other = try await client.createGallery("Other")
            let mine = try await client.settledItems(2, in: gallery)
            let theirs = try await client.settledItems(2, in: other.id)
            let before = (try await client.gallery(gallery), try await client.gallery(other.id))
            let unknown = UUID().uuidString.lowercased()

            let refused = try await client.send(
                .post, "/api/galleries/\(other.id)/moves",
                json: #"{"itemIds":\#(client.jsonList([mine[0].id, unknown]))}"#)
            #expect(refused.status == .notFound)
            #expect(try await client.itemIDs(in: gallery) == mine.map(\.id))
            #expect(try await client.itemIDs(in: other.id) == theirs.map(\.id))
            #expect(try await client.gallery(gallery).sequence == before.0.sequence)
            #expect(try await client.gallery(other.id).sequence == before.1.sequence)

            let moved: ItemListJSON = try await client.call(
                .post, "/api/galleries/\(other.id)/moves",
                json: #"{"itemIds":\#(client.jsonList(mine.map(\.id))),"at":{"after":"\#(theirs[0].id)"}}"#)
            #expect(moved.items.allSatisfy { $0.galleryId == other.id })
            #expect(try await client.itemIDs(in: gallery).isEmpty)
            #expect(try await client.itemIDs(in: other.id) == [theirs[0].id, mine[0].id, mine[1].id, theirs[1].id])
        }
    }

    @Test func aCopyLeavesTheOriginalsAndAddsNewItemsAtThePosition() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let other = try await client.createGallery("Other")
            let mine = try await client.settledItems(2, in: gallery)
            let copied: ItemListJSON = try await client.call(
                .post, "/api/galleries/\(other.id)/copies", json: #"{"itemIds":\#(client.jsonList(mine.map(\.id)))}"#,
                expecting: .created)
            #expect(copied.items.map(\.title) == mine.map(\.title))
            #expect(try await client.itemIDs(in: gallery) == mine.map(\.id))
            #expect(try await client.itemIDs(in: other.id) == copied.items.map(\.id))
        }
    }

    @Test func undoAndRedoOfAMoveBetweenGalleriesFollowTheSession() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let other = try await client.createGallery("Other")
            let mine = try await client.settledItems(2, in: gallery)
            let session = "tab-one-0001"
            let _: ItemListJSON = try await client.call(
                .post, "/api/galleries/\(other.id)/moves", json: #"{"itemIds":["\#(mine[1].id)"]}"#,
                session: session)
            let history: HistoryJSON = try await client.call(
                .get, "/api/galleries/\(other.id)/history", session: session)
            #expect(history == HistoryJSON(undo: .init(name: "Move Between Galleries"), redo: nil))
            let anotherTab: HistoryJSON = try await client.call(
                .get, "/api/galleries/\(other.id)/history", session: "tab-two-0002")
            #expect(anotherTab == HistoryJSON(undo: nil, redo: nil))

            let undone: HistoryStepJSON = try await client.call(
                .post, "/api/galleries/\(other.id)/undo", session: session)
            #expect(undone.message.hasPrefix("Undid"))
            #expect(try await client.itemIDs(in: gallery) == mine.map(\.id))
            #expect(try await client.itemIDs(in: other.id).isEmpty)
            #expect(undone.history == HistoryJSON(undo: nil, redo: .init(name: "Move Between Galleries")))

            let redone: HistoryStepJSON = try await client.call(
                .post, "/api/galleries/\(other.id)/redo", session: session)
            #expect(redone.message.hasPrefix("Redid"))
            #expect(try await client.itemIDs(in: other.id) == [mine[1].id])
            let nothing = try await client.send(.post, "/api/galleries/\(other.id)/redo", session: session)
            #expect(nothing.status == .conflict)
            let noSession = try await client.send(.post, "/api/galleries/\(other.id)/undo")
            #expect(noSession.status == .badRequest)
        }
    }

    @Test func aMoveBetweenGalleriesIsUndoneFromTheSourceGalleryToo() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let other = try await client.createGallery("Other")
            let mine = try await client.settledItems(3, in: gallery)
            let session = "tab-one-0001"
            let _: ItemListJSON = try await client.call(
                .post, "/api/galleries/\(other.id)/moves",
                json: #"{"itemIds":\#(client.jsonList([mine[0].id, mine[2].id]))}"#,
                session: session)
            let sourceHistory: HistoryJSON = try await client.call(
                .get, "/api/galleries/\(gallery)/history", session: session)
            #expect(sourceHistory.undo == .init(name: "Move Between Galleries"))

            let undone: HistoryStepJSON = try await client.call(
                .post, "/api/galleries/\(gallery)/undo", session: session)
            #expect(undone.message == "Undid the move of 2 items between galleries.")
            #expect(try await client.itemIDs(in: gallery) == mine.map(\.id))
            #expect(try await client.itemIDs(in: other.id).isEmpty)
            let targetHistory: HistoryJSON = try await client.call(
                .get, "/api/galleries/\(other.id)/history", session: session)
            #expect(targetHistory == HistoryJSON(undo: nil, redo: .init(name: "Move Between Galleries")))
        }
    }

    @Test func undoingARenameThatSomeoneElseChangedSinceSaysSo() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let session = "tab-one-0001"
            let _: GalleryJSON = try await client.call(
                .patch, "/api/galleries/\(gallery)", json: #"{"name":"Fruit"}"#, session: session)
            try await client.rename(gallery, to: "Vegetables")
            let undone: HistoryStepJSON = try await client.call(
                .post, "/api/galleries/\(gallery)/undo", session: session)
            #expect(undone.message.contains("renamed by someone else"))
            #expect(try await client.gallery(gallery).name == "Vegetables")
        }
    }

    @Test func aChangeIsAnsweredWithItsUndoInWordsAndThatUndoUndoesExactlyIt() async throws {
        struct Summary: Decodable {
            struct History: Decodable {
                struct Action: Decodable {
                    var name: String
                    var entry: Int64?
                    var summary: String?
                }
                var undo: Action?
            }
            var history: History?
        }
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let sky = try await client.createGallery("Sky")
            let items = try await client.settledItems(3, in: gallery)
            let session = "tab-one-0001"
            let ids = items.prefix(2).map { #""\#($0.id)""# }.joined(separator: ",")
            let moved: Summary = try await client.call(
                .post, "/api/galleries/\(sky.id)/moves", json: #"{"itemIds":[\#(ids)]}"#, session: session)
            let move = try #require(moved.history?.undo)
            #expect(move.summary == "Moved 2 items to 'Sky'")
            let entry = try #require(move.entry)

            let trashed: Summary = try await client.call(
                .post, "/api/galleries/\(gallery)/trash", json: #"{"itemIds":["\#(items[2].id)"]}"#, session: session)
            #expect(trashed.history?.undo?.summary == "Trashed 1 item")
            let stale = try await client.send(.post, "/api/galleries/\(gallery)/undo?entry=\(entry)", session: session)
            #expect(stale.status == .conflict)
            #expect(try await client.items(in: gallery).count == 0)

            let undone: HistoryStepJSON = try await client.call(
                .post, "/api/galleries/\(sky.id)/undo?entry=\(entry)", session: session)
            #expect(undone.message == "Undid the move of 2 items between galleries.")
            #expect(try await client.items(in: gallery).count == 2)
            let malformed = try await client.send(.post, "/api/galleries/\(gallery)/undo?entry=last", session: session)
            #expect(malformed.status == .badRequest)
        }
    }

    @Test func everyChangeAnswersWithTheHistoryItLeftForItsSession() async throws {
        struct Answer: Decodable { var history: HistoryJSON? }
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let other = try await client.createGallery("Other")
            let items = try await client.settledItems(3, in: gallery)
            let session = "tab-one-0001"
            func history(
                _ method: HTTPRequest.Method, _ uri: String, _ json: String?,
                expecting status: HTTPResponse.Status = .ok
            ) async throws -> HistoryJSON? {
                let answer: Answer = try await client.call(
                    method, uri, json: json, session: session, expecting: status)
                return answer.history
            }
            let one = #"{"itemIds":["\#(items[0].id)"]}"#
            #expect(
                try await history(
                    .post, "/api/galleries/\(gallery)/moves", #"{"itemIds":["\#(items[2].id)"],"at":{"start":true}}"#)
                    == HistoryJSON(undo: .init(name: "Move"), redo: nil))
            #expect(try await history(.post, "/api/galleries/\(gallery)/trash", one)?.undo?.name == "Delete")
            #expect(try await history(.post, "/api/galleries/\(gallery)/trash/restore", one)?.undo?.name == "Restore")
            #expect(try await history(.delete, "/api/items/\(items[1].id)", nil)?.undo?.name == "Delete")
            // The images per row are a preference: saved without an undo step, the history stays as it was.
            #expect(
                try await history(.patch, "/api/galleries/\(gallery)", #"{"imagesPerRow":5}"#)?.undo?.name
                    == "Delete")
            #expect(
                try await history(.post, "/api/galleries/\(other.id)/copies", one, expecting: .created)?.undo?.name
                    == "Copy")
            #expect(
                try await history(
                    .post, "/api/galleries/\(gallery)/drops",
                    #"{"payload":\#(uriListPayload(["http://site.test/none.png"]))}"#, expecting: .created)?.undo?.name
                    == "Drop")
            // Without a session there is no history to tell.
            let plain: Answer = try await client.call(
                .post, "/api/galleries/\(gallery)/moves", json: #"{"itemIds":["\#(items[0].id)"],"at":{"start":true}}"#)
            #expect(plain.history == nil)
        }
    }
}
