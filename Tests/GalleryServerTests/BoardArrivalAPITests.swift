import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

/// A drop, a copy or a move that names where it landed on the board (`boardPoint`, or for copies and moves
/// `boardPlaces`): its items come back, and in the gallery's one event, already on the board there.
@Suite("Items added on the board over HTTP")
struct BoardArrivalAPITests {
    @Test func aDropAtABoardPointAnswersAndTellsItsItemsOnTheBoardFannedOutInOneChange() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let sequence = try await client.gallery(gallery).sequence
            let payload = uriListPayload((0..<3).map { "http://nowhere.test/\($0).png" })
            let dropped: DropJSON = try await client.call(
                .post, "/api/galleries/\(gallery)/drops",
                json: #"{"payload":\#(payload),"boardPoint":{"x":-120.5,"y":40}}"#, expecting: .created)
            #expect(
                dropped.items.map(\.board) == [
                    BoardJSON(x: -120.5, y: 40, width: 240, z: 1), BoardJSON(x: 143.5, y: 40, width: 240, z: 2),
                    BoardJSON(x: 407.5, y: 40, width: 240, z: 3),
                ])
            let feed: EventsJSON = try await client.call(.get, "/api/galleries/\(gallery)/events?since=\(sequence)")
            #expect(feed.events.first?.sequence == sequence + 1)
            #expect(feed.events.first?.items.map(\.board) == dropped.items.map(\.board))
        }
    }

    @Test func aCopyAtPlacesAndAMoveAtAPointAreOnTheBoardInTheirAnswer() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let items = try await client.settledItems(2, in: gallery)
            let other = try await client.createGallery("Other")
            let copies: ItemListJSON = try await client.call(
                .post, "/api/galleries/\(gallery)/copies",
                json: #"{"itemIds":["\#(items[0].id)"],"boardPlaces":[{"x":7,"y":8,"width":90}]}"#,
                expecting: .created)
            #expect(copies.items.map(\.board) == [BoardJSON(x: 7, y: 8, width: 90, z: 1)])
            let moved: ItemListJSON = try await client.call(
                .post, "/api/galleries/\(other.id)/moves",
                json: #"{"itemIds":["\#(items[1].id)"],"boardPoint":{"x":0,"y":0}}"#)
            #expect(moved.items.map(\.board) == [BoardJSON(x: 0, y: 0, width: 240, z: 1)])
        }
    }

    @Test func aGalleryNotShownAsABoardKeepsThePlaceForWhenItIs() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            #expect(try await client.gallery(gallery).view == "grid")
            let dropped: DropJSON = try await client.call(
                .post, "/api/galleries/\(gallery)/drops",
                json: #"{"payload":\#(uriListPayload(["http://nowhere.test/a.png"])),"boardPoint":{"x":1,"y":2}}"#,
                expecting: .created)
            #expect(dropped.items.map(\.board) == [BoardJSON(x: 1, y: 2, width: 240, z: 1)])
        }
    }

    @Test(arguments: [
        ("a string", "drops", #""boardPoint":{"x":"left","y":0}"#, "bad value at 'boardPoint.x'"),
        ("NaN", "drops", #""boardPoint":{"x":NaN,"y":0}"#, "malformed JSON"),
        ("no y", "drops", #""boardPoint":{"x":1}"#, "missing 'y'"),
        ("huge", "drops", #""boardPoint":{"x":1e300,"y":0}"#, "'boardPoint' must have x and y, numbers from"),
        ("places on a drop", "drops", #""boardPlaces":[{"x":0,"y":0,"width":10}]"#, "A drop names 'boardPoint'"),
        ("both", "copies", #""boardPoint":{"x":0,"y":0},"boardPlaces":[{"x":0,"y":0,"width":9}]"#, "not both"),
        ("negative width", "copies", #""boardPlaces":[{"x":0,"y":0,"width":-9}]"#, "must be above 0"),
        ("places short", "copies", #""boardPlaces":[]"#, "one place per item: 1, not 0"),
        ("huge place", "moves", #""boardPlaces":[{"x":0,"y":-2e9,"width":9}]"#, "'boardPlaces' must have x and y"),
    ])
    func aBadBoardPointOrPlaceIsRefusedWithAMessageAndChangesNothing(
        what: String, route: String, field: String, message: String
    ) async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let items = try await client.settledItems(1, in: gallery)
            let before = (try await client.gallery(gallery), try await client.items(in: gallery))
            let body =
                route == "drops"
                ? #"{"payload":\#(uriListPayload(["http://nowhere.test/b.png"])),\#(field)}"#
                : #"{"itemIds":["\#(items[0].id)"],\#(field)}"#

            let response = try await client.send(.post, "/api/galleries/\(gallery)/\(route)", json: body)

            #expect(response.status == .badRequest, "\(what)")
            let said = try response.decoded(as: ErrorJSON.self).error.message
            #expect(said.contains(message), "\(what): \(said)")
            #expect(try await client.gallery(gallery) == before.0)
            #expect(try await client.items(in: gallery) == before.1)
        }
    }
}
