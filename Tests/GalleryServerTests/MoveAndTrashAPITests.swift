import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

struct ItemListJSON: Decodable {
    var items: [ItemJSON]
}

struct TrashedRunJSON: Decodable {
    var trashed: Int
    var sequence: Int64
    var history: HistoryJSON
}

struct MovedRunJSON: Decodable {
    var moved: Int
    var sequence: Int64
    var history: HistoryJSON
}

struct EmptyTrashJSON: Decodable {
    var deleted: Int
}

extension TestClientProtocol {
    /// Drops links to `count` images that do not exist and waits until every placeholder has failed, so that nothing
    /// changes behind the test's back; returns the items in order.
    func settledItems(_ count: Int, in gallery: String) async throws -> [ItemJSON] {
        let urls = (0..<count).map { "http://nowhere.test/\($0).png" }
        let dropped = try await drop(urls: urls, into: gallery).items
        for item in dropped { _ = try await settled(item.id) }
        return try await items(in: gallery)
    }

    /// A JSON array of the ids.
    fileprivate func idList(_ items: [ItemJSON]) -> String {
        "[" + items.map { "\"\($0.id)\"" }.joined(separator: ",") + "]"
    }

    /// Moves items, expecting 200.
    fileprivate func move(_ items: [ItemJSON], in gallery: String, at position: String?) async throws -> [ItemJSON] {
        let at = position.map { #","at":\#($0)"# } ?? ""
        let body = #"{"itemIds":\#(idList(items))\#(at)}"#
        return try await call(.post, "/api/galleries/\(gallery)/moves", json: body, as: ItemListJSON.self).items
    }

    /// Trashes items, expecting 200.
    fileprivate func trash(_ items: [ItemJSON], in gallery: String) async throws -> [ItemJSON] {
        try await call(
            .post, "/api/galleries/\(gallery)/trash", json: #"{"itemIds":\#(idList(items))}"#, as: ItemListJSON.self
        ).items
    }

    /// The trash of a gallery.
    fileprivate func trashList(of gallery: String) async throws -> [ItemJSON] {
        try await call(.get, "/api/galleries/\(gallery)/trash", as: ItemListJSON.self).items
    }

    /// Empties the trash of a gallery, expecting 200.
    fileprivate func emptyTrash(of gallery: String) async throws -> Int {
        try await call(.delete, "/api/galleries/\(gallery)/trash", as: EmptyTrashJSON.self).deleted
    }

    /// What a test compares before and after a refused request: the gallery and its items.
    fileprivate func snapshot(_ gallery: String) async throws -> (GalleryJSON, [ItemJSON], [ItemJSON]) {
        (try await self.gallery(gallery), try await items(in: gallery), try await trashList(of: gallery))
    }
}

@Suite("Moving items over HTTP")
struct MoveAPITests {
    @Test(arguments: [
        (#"{"before":"$3"}"#, [0, 2, 1, 4, 3, 5]),
        (#"{"after":"$0"}"#, [0, 1, 4, 2, 3, 5]),
        (#"{"index":3}"#, [0, 2, 3, 1, 4, 5]),
        (#"{"start":true}"#, [1, 4, 0, 2, 3, 5]),
        (#"{}"#, [0, 2, 3, 5, 1, 4]),
        (nil, [0, 2, 3, 5, 1, 4]),
    ])
    func movedItemsLandAtThePositionKeepingTheirOrder(position: String?, expected: [Int]) async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let items = try await client.settledItems(6, in: gallery)
            let at = position.map { text in
                (0..<6).reduce(text) { $0.replacingOccurrences(of: "$\($1)", with: items[$1].id) }
            }
            let sequence = try await client.gallery(gallery).sequence

            let moved = try await client.move([items[1], items[4]], in: gallery, at: at)

            #expect(moved.map(\.id) == [items[1].id, items[4].id])
            #expect(try await client.items(in: gallery).map(\.id) == expected.map { items[$0].id })
            let changes: ChangesJSON = try await client.call(
                .get, "/api/galleries/\(gallery)/changes?since=\(sequence)")
            #expect(changes.items.map(\.id).sorted() == moved.map(\.id).sorted())
            #expect(changes.gallery.sequence == sequence + 1)
        }
    }

    @Test func aMoveNamingAnUnknownItemIsNotFoundAndMovesNothing() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let items = try await client.settledItems(3, in: gallery)
            let before = try await client.snapshot(gallery)
            let unknown = UUID().uuidString.lowercased()

            let response = try await client.send(
                .post, "/api/galleries/\(gallery)/moves",
                json: #"{"itemIds":["\#(items[2].id)","\#(unknown)"],"at":{"start":true}}"#)

            #expect(response.status == .notFound)
            #expect(!(try response.decoded(as: ErrorJSON.self).error.message.isEmpty))
            let after = try await client.snapshot(gallery)
            #expect(after.0 == before.0)
            #expect(after.1 == before.1)
        }
    }

    @Test(arguments: [
        #"{"itemIds":[]}"#,
        #"{"itemIds":["not-an-id"]}"#,
        #"{"itemIds":["$0","$0"]}"#,
        #"{"itemIds":["$0"],"at":{"index":-1}}"#,
        #"{"itemIds":["$0"],"at":{"after":"nope"}}"#,
        #"{"itemIds":["$0"],"at":{"before":"$1","start":true}}"#,
        #"{"itemIds":"$0"}"#,
        #"{"at":{"start":true}}"#,
        #"{"itemIds":["#,
    ])
    func aBadMoveIsRefusedAndMovesNothing(body: String) async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let items = try await client.settledItems(2, in: gallery)
            let before = try await client.snapshot(gallery)
            let json = body.replacingOccurrences(of: "$0", with: items[1].id)
                .replacingOccurrences(of: "$1", with: items[0].id)

            let response = try await client.send(.post, "/api/galleries/\(gallery)/moves", json: json)

            #expect(response.status == .badRequest)
            #expect(!(try response.decoded(as: ErrorJSON.self).error.message.isEmpty))
            let after = try await client.snapshot(gallery)
            #expect(after.0 == before.0)
            #expect(after.1 == before.1)
        }
    }

    @Test func aMoveOfMoreThanAThousandItemsIsRefused() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let ids = (0...1000).map { _ in "\"\(UUID().uuidString.lowercased())\"" }.joined(separator: ",")
            let response = try await client.send(
                .post, "/api/galleries/\(gallery)/moves", json: #"{"itemIds":[\#(ids)]}"#)
            #expect(response.status == .badRequest)
        }
    }

    @Test func aMoveInAnUnknownGalleryIsNotFound() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let items = try await client.settledItems(1, in: gallery)
            let unknown = UUID().uuidString.lowercased()
            let response = try await client.send(
                .post, "/api/galleries/\(unknown)/moves", json: #"{"itemIds":["\#(items[0].id)"]}"#)
            #expect(response.status == .notFound)
        }
    }

    @Test func aMoveOfAnItemOfAnotherGalleryTakesItThere() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let other: GalleryJSON = try await client.call(
                .post, "/api/galleries", json: #"{"name":"Other"}"#, expecting: .created)
            let stranger = try await client.settledItems(1, in: other.id)[0]
            let response = try await client.send(
                .post, "/api/galleries/\(gallery)/moves", json: #"{"itemIds":["\#(stranger.id)"]}"#)
            #expect(response.status == .ok)
            #expect(try await client.items(in: gallery).map(\.id) == [stranger.id])
            #expect(try await client.items(in: other.id).isEmpty)
        }
    }

    @Test func aDropGoesBeforeAnItem() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let items = try await client.settledItems(2, in: gallery)
            let dropped = try await client.drop(
                urls: ["http://nowhere.test/new.png"], into: gallery, at: #"{"before":"\#(items[1].id)"}"#)
            #expect(
                try await client.items(in: gallery).map(\.id) == [items[0].id, dropped.items[0].id, items[1].id])
        }
    }
}

@Suite("The trash over HTTP")
struct TrashAPITests {
    @Test func trashedItemsLeaveTheGalleryAndShowInItsTrash() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let items = try await client.settledItems(4, in: gallery)

            let trashed = try await client.trash([items[2], items[0]], in: gallery)

            #expect(trashed.map(\.id) == [items[2].id, items[0].id])
            #expect(trashed.allSatisfy { $0.trashed })
            #expect(try await client.items(in: gallery).map(\.id) == [items[1].id, items[3].id])
            #expect(Set(try await client.trashList(of: gallery).map(\.id)) == [items[0].id, items[2].id])
            let page: ItemPageJSON = try await client.call(.get, "/api/galleries/\(gallery)/items")
            #expect(page.gallery.trashCount == 2)
            #expect(try await client.gallery(gallery) == page.gallery)
            let changes: ChangesJSON = try await client.call(.get, "/api/galleries/\(gallery)/changes?since=0")
            #expect(changes.gallery.trashCount == 2)
        }
    }

    @Test func aTrashRequestNamingAnUnknownItemTrashesNothing() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let items = try await client.settledItems(2, in: gallery)
            let before = try await client.snapshot(gallery)
            let unknown = UUID().uuidString.lowercased()

            let response = try await client.send(
                .post, "/api/galleries/\(gallery)/trash", json: #"{"itemIds":["\#(items[0].id)","\#(unknown)"]}"#)

            #expect(response.status == .notFound)
            let after = try await client.snapshot(gallery)
            #expect(after.0 == before.0)
            #expect(after.1 == before.1)
            #expect(after.2.isEmpty)
            #expect(
                try await client.send(.post, "/api/galleries/\(gallery)/trash", json: #"{"itemIds":[]}"#).status
                    == .badRequest)
        }
    }

    @Test func aRangeTrashesTheRunAsOneUndoableChangeOrNothingWhenItChanged() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let items = try await client.settledItems(6, in: gallery)
            func range(_ first: Int, _ last: Int, count: Int) -> String {
                #"{"range":{"firstItemId":"\#(items[first].id)","lastItemId":"\#(items[last].id)","count":\#(count)}}"#
            }
            let before = try await client.snapshot(gallery)
            // The run is 4 items, not 3: somebody added one since (or the client counted wrong): nothing happens.
            let stale = try await client.send(.post, "/api/galleries/\(gallery)/trash", json: range(1, 4, count: 3))
            #expect(stale.status == .conflict)
            for bad in [
                range(4, 1, count: 4),
                #"{"range":{"firstItemId":"\#(items[0].id)","lastItemId":"\#(items[1].id)","count":0}}"#,
                #"{"itemIds":["\#(items[0].id)"],"range":{"firstItemId":"\#(items[0].id)","lastItemId":"\#(items[1].id)","count":2}}"#,
                "{}",
            ] {
                #expect(
                    try await client.send(.post, "/api/galleries/\(gallery)/trash", json: bad).status == .badRequest)
            }
            // However many were selected, the count is checked against the gallery, not against a cap.
            let miscounted = try await client.send(
                .post, "/api/galleries/\(gallery)/trash", json: range(0, 5, count: 1_000_000))
            #expect(miscounted.status == .conflict)
            let refusal = try miscounted.decoded(as: ErrorJSON.self).error.message
            #expect(refusal.contains("1,000,000 items were selected (they are 6 now)"))
            let after = try await client.snapshot(gallery)
            #expect(after.0 == before.0 && after.1 == before.1 && after.2.isEmpty)

            let session = "tab-one-0001"
            let sequence = try await client.gallery(gallery).sequence
            let trashed: TrashedRunJSON = try await client.call(
                .post, "/api/galleries/\(gallery)/trash", json: range(1, 4, count: 4), session: session)
            #expect(trashed.trashed == 4 && trashed.sequence == sequence + 1 && trashed.history.undo?.name == "Delete")
            #expect(try await client.items(in: gallery).map(\.id) == [items[0].id, items[5].id])
            #expect(try await client.gallery(gallery).trashCount == 4)
            // Its event tells the run by its ends.
            let events: EventsJSON = try await client.call(.get, "/api/galleries/\(gallery)/events?since=\(sequence)")
            #expect(events.events.count == 1 && events.events[0].items.isEmpty)
            #expect(
                events.events[0].runs == [
                    RunJSON(firstKey: items[1].orderKey, lastKey: items[4].orderKey, count: 4, left: true)
                ])

            let undone: HistoryStepJSON = try await client.call(
                .post, "/api/galleries/\(gallery)/undo", session: session)
            #expect(undone.message == "Undid the deletion of 4 items.")
            #expect(try await client.items(in: gallery).map(\.id) == items.map(\.id))
        }
    }

    @Test func aRangeMovesTheRunAsOneUndoableChangeToldByItsEndsOrNothingWhenItChanged() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let items = try await client.settledItems(6, in: gallery)
            func range(_ first: Int, _ last: Int, count: Int, at: String = #"{"start":true}"#) -> String {
                #"{"range":{"firstItemId":"\#(items[first].id)","lastItemId":"\#(items[last].id)","count":\#(count)},"at":\#(at)}"#
            }
            let before = try await client.snapshot(gallery)
            let stale = try await client.send(.post, "/api/galleries/\(gallery)/moves", json: range(2, 4, count: 2))
            #expect(stale.status == .conflict)
            for bad in [
                range(4, 2, count: 3),
                range(2, 4, count: 0),
                #"{"itemIds":["\#(items[0].id)"],"range":{"firstItemId":"\#(items[0].id)","lastItemId":"\#(items[1].id)","count":2}}"#,
                #"{"at":{"start":true}}"#,
            ] {
                #expect(
                    try await client.send(.post, "/api/galleries/\(gallery)/moves", json: bad).status == .badRequest)
            }
            // A copy names its items.
            #expect(
                try await client.send(.post, "/api/galleries/\(gallery)/copies", json: range(2, 4, count: 3)).status
                    == .badRequest)
            let after = try await client.snapshot(gallery)
            #expect(after.0 == before.0 && after.1 == before.1)

            let session = "tab-one-0001"
            let sequence = try await client.gallery(gallery).sequence
            let moved: MovedRunJSON = try await client.call(
                .post, "/api/galleries/\(gallery)/moves", json: range(2, 4, count: 3), session: session)
            #expect(moved.moved == 3 && moved.sequence == sequence + 1 && moved.history.undo?.name == "Move")
            let order = [2, 3, 4, 0, 1, 5].map { items[$0].id }
            let now = try await client.items(in: gallery)
            #expect(now.map(\.id) == order)
            // Its event tells where the run left and where it came, by their ends.
            let events: EventsJSON = try await client.call(.get, "/api/galleries/\(gallery)/events?since=\(sequence)")
            #expect(events.events.count == 1 && events.events[0].items.isEmpty)
            #expect(
                events.events[0].runs == [
                    RunJSON(firstKey: items[2].orderKey, lastKey: items[4].orderKey, count: 3, left: true),
                    RunJSON(firstKey: now[0].orderKey, lastKey: now[2].orderKey, count: 3, left: false),
                ])

            let undone: HistoryStepJSON = try await client.call(
                .post, "/api/galleries/\(gallery)/undo", session: session)
            #expect(undone.message == "Undid the move of 3 items.")
            #expect(try await client.items(in: gallery).map(\.id) == items.map(\.id))

            // To another gallery, by the same route.
            let other = try await client.createGallery("Other").id
            let transferred: MovedRunJSON = try await client.call(
                .post, "/api/galleries/\(other)/moves", json: range(0, 1, count: 2, at: "null"), session: session)
            #expect(transferred.moved == 2 && transferred.history.undo?.name == "Move Between Galleries")
            #expect(try await client.items(in: other).map(\.id) == [items[0].id, items[1].id])
            #expect(try await client.items(in: gallery).map(\.id) == items[2...].map(\.id))
        }
    }

    @Test func aRangeDroppedOnABoardFansOutFromItsPointButNamesNoPlaces() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let items = try await client.settledItems(3, in: gallery)
            let other = try await client.createGallery("Other").id
            let run = #""range":{"firstItemId":"\#(items[0].id)","lastItemId":"\#(items[1].id)","count":2}"#
            let places = try await client.send(
                .post, "/api/galleries/\(other)/moves", json: #"{\#(run),"boardPlaces":[{"x":0,"y":0,"width":9}]}"#)
            #expect(places.status == .badRequest)
            #expect(
                try places.decoded(as: ErrorJSON.self).error.message
                    == "'boardPlaces' goes with 'itemIds'; a 'range' takes a 'boardPoint'.")

            let moved: MovedRunJSON = try await client.call(
                .post, "/api/galleries/\(other)/moves", json: #"{\#(run),"boardPoint":{"x":-40,"y":12}}"#,
                session: "tab-one-0001")
            #expect(moved.moved == 2)
            let board = try await client.items(in: other).map { $0.board.map { [$0.x, $0.y, $0.width] } }
            #expect(board == [[-40, 12, 240], [224, 12, 240]])
        }
    }

    @Test func restoredItemsComeBackToTheirPlace() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let items = try await client.settledItems(4, in: gallery)
            _ = try await client.trash([items[1], items[2]], in: gallery)

            let restored: ItemListJSON = try await client.call(
                .post, "/api/galleries/\(gallery)/trash/restore", json: #"{"itemIds":["\#(items[2].id)"]}"#)

            #expect(restored.items.map(\.id) == [items[2].id])
            #expect(restored.items[0].trashed == false)
            #expect(restored.items[0].orderKey == items[2].orderKey)
            #expect(try await client.items(in: gallery).map(\.id) == [items[0].id, items[2].id, items[3].id])
            #expect(try await client.trashList(of: gallery).map(\.id) == [items[1].id])
            #expect(try await client.gallery(gallery).trashCount == 1)
        }
    }

    @Test func restoringAnItemThatIsNotInTheTrashIsRefusedAndRestoresNothing() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let items = try await client.settledItems(3, in: gallery)
            _ = try await client.trash([items[0]], in: gallery)
            let before = try await client.snapshot(gallery)

            let live = try await client.send(
                .post, "/api/galleries/\(gallery)/trash/restore",
                json: #"{"itemIds":["\#(items[0].id)","\#(items[1].id)"]}"#)
            #expect(live.status == .badRequest)
            let unknown = try await client.send(
                .post, "/api/galleries/\(gallery)/trash/restore",
                json: #"{"itemIds":["\#(items[0].id)","\#(UUID().uuidString.lowercased())"]}"#)
            #expect(unknown.status == .notFound)

            let after = try await client.snapshot(gallery)
            #expect(after.0 == before.0)
            #expect(after.1 == before.1)
            #expect(after.2 == before.2)
        }
    }

    @Test func emptyingTheTrashDeletesItsItems() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let items = try await client.settledItems(3, in: gallery)
            _ = try await client.trash([items[0], items[2]], in: gallery)

            #expect(try await client.emptyTrash(of: gallery) == 2)

            #expect(try await client.trashList(of: gallery).isEmpty)
            #expect(try await client.gallery(gallery).trashCount == 0)
            #expect(try await client.items(in: gallery).map(\.id) == [items[1].id])
            #expect(try await client.send(.get, "/api/items/\(items[0].id)").status == .notFound)
            #expect(try await client.emptyTrash(of: gallery) == 0)
            let unknown = UUID().uuidString.lowercased()
            #expect(try await client.send(.delete, "/api/galleries/\(unknown)/trash").status == .notFound)
            #expect(try await client.send(.get, "/api/galleries/\(unknown)/trash").status == .notFound)
        }
    }

    @Test func anImageFileGoesOnlyWhenNoGalleryUsesItAnyMore() async throws {
        let png = PNGBuilder.make(width: 3, height: 3)
        let web = FakeWeb(["http://site.test/a.png": .bytes(png), "http://mirror.test/a.png": .bytes(png)])
        try await testApplication(web: web) { client in
            let first = try await client.firstGalleryID()
            let second: GalleryJSON = try await client.call(
                .post, "/api/galleries", json: #"{"name":"Second"}"#, expecting: .created)
            let mine = try await client.drop(urls: ["http://site.test/a.png"], into: first).items[0]
            let theirs = try await client.drop(urls: ["http://mirror.test/a.png"], into: second.id).items[0]
            let imageURL = try #require(try await client.settled(mine.id).imageURL)
            #expect(try await client.settled(theirs.id).imageURL == imageURL)

            _ = try await client.trash([mine], in: first)
            #expect(try await client.emptyTrash(of: first) == 1)
            #expect(try await client.send(.get, imageURL).bytes == png)

            _ = try await client.trash([theirs], in: second.id)
            #expect(try await client.send(.get, imageURL).status == .ok)
            #expect(try await client.emptyTrash(of: second.id) == 1)
            #expect(try await client.send(.get, imageURL).status == .notFound)
        }
    }

    @Test func anImageDroppedAgainAfterItsFileWentIsStoredAgain() async throws {
        let png = PNGBuilder.make(width: 2, height: 5)
        try await testApplication(web: FakeWeb(["http://site.test/a.png": .bytes(png)])) { client in
            let gallery = try await client.firstGalleryID()
            let old = try await client.drop(urls: ["http://site.test/a.png"], into: gallery).items[0]
            _ = try await client.settled(old.id)
            _ = try await client.trash([old], in: gallery)
            _ = try await client.emptyTrash(of: gallery)

            let again = try await client.drop(urls: ["http://site.test/a.png"], into: gallery).items[0]
            let ready = try await client.settled(again.id)
            #expect(ready.state == "ready")
            #expect(try await client.send(.get, try #require(ready.imageURL)).bytes == png)
        }
    }
}
