import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

@testable import GalleryServer

@Suite("Titles, captions and tags through the API")
struct DescriptionAPITests {
    struct DescribedJSON: Decodable {
        var id: String
        var title: String
        var caption: String?
        var tags: [String]
        var history: NoteAPITests.HistoryJSON?
    }

    struct DescribedListJSON: Decodable { var items: [DescribedJSON] }

    private func notes(_ texts: [String], in gallery: String, _ client: some TestClientProtocol) async throws
        -> [String]
    {
        var ids: [String] = []
        for text in texts {
            let payload = String(decoding: try JSONEncoder().encode(["plainText": text]), as: UTF8.self)
            ids.append(try #require(try await client.drop(payload: payload, into: gallery).items.first).id)
        }
        return ids
    }

    @Test func oneItemsTitleCaptionAndTagsAreChangedAsOneUndoableEdit() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let id = try await notes(["harbour"], in: gallery, client)[0]
            let edited = try await client.call(
                .patch, "/api/items/\(id)",
                json: #"{"title":"Harbour at dawn","caption":"Boats\nand gulls","tags":["sea"," Sky ","SEA"]}"#,
                session: "session-one", as: DescribedJSON.self)
            #expect(edited.title == "Harbour at dawn")
            #expect(edited.caption == "Boats\nand gulls")
            #expect(edited.tags == ["sea", "Sky"])
            #expect(edited.history?.undo?.name == "Edit Details")
            let read = try await client.call(.get, "/api/items/\(id)", as: DescribedJSON.self)
            #expect(read.tags == ["sea", "Sky"] && read.caption == "Boats\nand gulls")

            let undone = try await client.call(
                .post, "/api/galleries/\(gallery)/undo", session: "session-one", as: NoteAPITests.StepJSON.self)
            #expect(undone.message == "Undid the edit of the details of 1 item.")
            let back = try await client.call(.get, "/api/items/\(id)", as: DescribedJSON.self)
            #expect(back.title == "harbour" && back.caption == nil && back.tags.isEmpty)
        }
    }

    @Test func aSelectionGetsTagsAddedAndRemovedInOneRequest() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let ids = try await notes(["a", "b", "c"], in: gallery, client)
            let list = ids.map { "\"\($0)\"" }.joined(separator: ",")
            let tagged = try await client.call(
                .post, "/api/galleries/\(gallery)/descriptions",
                json: #"{"itemIds":[\#(list)],"addTags":["red","blue"]}"#, session: "session-one",
                as: DescribedListJSON.self)
            #expect(tagged.items.map(\.tags) == Array(repeating: ["red", "blue"], count: 3))
            let untagged = try await client.call(
                .post, "/api/galleries/\(gallery)/descriptions",
                json: #"{"itemIds":["\#(ids[0])"],"removeTags":["RED"]}"#, session: "session-one",
                as: DescribedListJSON.self)
            #expect(untagged.items[0].tags == ["blue"])
            _ = try await client.call(
                .post, "/api/galleries/\(gallery)/undo", session: "session-one", as: NoteAPITests.StepJSON.self)
            #expect(
                try await client.call(.get, "/api/items/\(ids[0])", as: DescribedJSON.self).tags == ["red", "blue"])
        }
    }

    struct RetaggedJSON: Decodable {
        var changed: Int
        var sequence: Int64
        var history: NoteAPITests.HistoryJSON?
    }

    @Test func aRunGetsATagInOneRequestAndOneUndoableChange() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let ids = try await notes(["a", "b", "c", "d"], in: gallery, client)
            let range = #"{"firstItemId":"\#(ids[0])","lastItemId":"\#(ids[2])","count":3}"#
            let tagged = try await client.call(
                .post, "/api/galleries/\(gallery)/descriptions", json: #"{"range":\#(range),"addTags":["sky"]}"#,
                session: "session-one", as: RetaggedJSON.self)
            #expect(tagged.changed == 3)
            #expect(tagged.history?.undo?.name == "Edit Details")
            #expect(try await client.call(.get, "/api/items/\(ids[2])", as: DescribedJSON.self).tags == ["sky"])
            #expect(try await client.call(.get, "/api/items/\(ids[3])", as: DescribedJSON.self).tags.isEmpty)
            let undone = try await client.call(
                .post, "/api/galleries/\(gallery)/undo", session: "session-one", as: NoteAPITests.StepJSON.self)
            #expect(undone.message == "Undid the edit of the details of 3 items.")
            #expect(try await client.call(.get, "/api/items/\(ids[0])", as: DescribedJSON.self).tags.isEmpty)

            for body in [
                #"{"range":\#(range),"caption":"all"}"#,
                #"{"range":\#(range),"itemIds":["\#(ids[0])"],"addTags":["x"]}"#,
                #"{"range":{"firstItemId":"\#(ids[0])","lastItemId":"\#(ids[2])","count":0},"addTags":["x"]}"#,
                #"{"range":\#(range),"addTags":["two\nlines"]}"#,
            ] {
                let answer = try await client.send(.post, "/api/galleries/\(gallery)/descriptions", json: body)
                #expect(answer.status == .badRequest, "\(body)")
            }
            let stale = try await client.send(
                .post, "/api/galleries/\(gallery)/descriptions",
                json: #"{"range":{"firstItemId":"\#(ids[0])","lastItemId":"\#(ids[2])","count":2},"addTags":["x"]}"#)
            #expect(stale.status == .conflict)
            #expect(try await client.call(.get, "/api/items/\(ids[1])", as: DescribedJSON.self).tags.isEmpty)
        }
    }

    @Test func everyBadFieldIsA400AndChangesNothing() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let id = try await notes(["keep"], in: gallery, client)[0]
            let fiftyOne = (0...50).map { "\"t\($0)\"" }.joined(separator: ",")
            let bodies = [
                #"{"tags":["\#(String(repeating: "x", count: 101))"]}"#,
                #"{"tags":["two\nlines"]}"#,
                #"{"tags":[\#(fiftyOne)]}"#,
                #"{"title":""}"#,
                #"{"caption":"\#(String(repeating: "c", count: 2001))"}"#,
                #"{}"#,
                #"{"tags":"red"}"#,
            ]
            for body in bodies {
                let answer = try await client.send(.patch, "/api/items/\(id)", json: body)
                #expect(answer.status == .badRequest, "\(body.prefix(40))")
            }
            let kept = try await client.call(.get, "/api/items/\(id)", as: DescribedJSON.self)
            #expect(kept.title == "keep" && kept.tags.isEmpty && kept.caption == nil)
            let missing = try await client.send(.patch, "/api/items/\(UUID().uuidString)", json: #"{"title":"x"}"#)
            #expect(missing.status == .notFound || missing.status == .badRequest)
        }
    }

    @Test func aViewerCannotTagItemsOfTheGalleryTheyMayOnlyRead() async throws {
        try await testSignedInApplication { client, world in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            _ = try await client.send(
                .put, "/api/galleries/\(world.ownerGallery)/shares/bob", json: #"{"role":"viewer"}"#, as: owner)
            let drop: DropJSON = try await client.call(
                .post, "/api/galleries/\(world.ownerGallery)/drops", json: #"{"payload":{"plainText":"mine"}}"#,
                as: owner, expecting: .created)
            let note = try #require(drop.items.first?.id)
            let bob = try await client.signIn("bob", SignedInWorld.bobPassword)
            let bulk = try await client.send(
                .post, "/api/galleries/\(world.ownerGallery)/descriptions",
                json: #"{"itemIds":["\#(note)"],"addTags":["mine now"]}"#, as: bob)
            #expect(bulk.status == .forbidden)
            let run = try await client.send(
                .post, "/api/galleries/\(world.ownerGallery)/descriptions",
                json: #"{"range":{"firstItemId":"\#(note)","lastItemId":"\#(note)","count":1},"addTags":["x"]}"#,
                as: bob)
            #expect(run.status == .forbidden)
            let one = try await client.send(.patch, "/api/items/\(note)", json: #"{"tags":["x"]}"#, as: bob)
            #expect(one.status == .forbidden)
            let read = try await client.call(.get, "/api/items/\(note)", as: owner, as: DescribedJSON.self)
            #expect(read.tags.isEmpty)
        }
    }
}
