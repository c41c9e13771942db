import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

extension TestClientProtocol {
    /// Puts items on a gallery's board (a JSON array of positions), expecting 200.
    fileprivate func arrange(_ positions: String, in gallery: String, session: String? = nil) async throws
        -> [ItemJSON]
    {
        try await call(
            .post, "/api/galleries/\(gallery)/board", json: #"{"positions":\#(positions)}"#, session: session,
            as: ItemListJSON.self
        ).items
    }

    /// The board positions of a gallery's live items, in order.
    fileprivate func board(of gallery: String) async throws -> [BoardJSON?] {
        try await items(in: gallery).map(\.board)
    }
}

/// A position as the API's JSON.
private func position(_ id: String, x: Double, y: Double = 0, width: Double = 300, z: Int = 0) -> String {
    #"{"itemId":"\#(id)","x":\#(x),"y":\#(y),"width":\#(width),"z":\#(z)}"#
}

/// `GET /api/galleries/{id}/board`'s answer.
private struct BoardPageJSON: Decodable {
    var gallery: GalleryJSON
    var items: [ItemJSON]
    var complete: Bool
}

/// `GET /api/galleries/{id}/board/bounds`'s answer.
private struct BoardBoundsJSON: Decodable {
    struct Rect: Decodable { var x, y, width, height: Double }
    var bounds: Rect?
}

/// `POST /api/galleries/{id}/board/rest`'s answer.
private struct PlacedRestJSON: Decodable {
    var placed: Int
    var more: Bool
}

@Suite("The board over HTTP")
struct BoardAPITests {
    @Test func arrangedItemsComeBackWithTheirPlaceAndEveryOtherItemSaysItHasNone() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let items = try await client.settledItems(3, in: gallery)
            let arranged = try await client.arrange(
                "[\(position(items[2].id, x: 1, y: 2, width: 300, z: 4)),\(position(items[0].id, x: -5.5))]",
                in: gallery)
            #expect(arranged.map(\.id) == [items[2].id, items[0].id])
            #expect(arranged[0].board == BoardJSON(x: 1, y: 2, width: 300, z: 4))
            #expect(
                try await client.board(of: gallery)
                    == [BoardJSON(x: -5.5, y: 0, width: 300, z: 0), nil, BoardJSON(x: 1, y: 2, width: 300, z: 4)])
            #expect(try await client.itemIDs(in: gallery) == items.map(\.id))

            // "Not on the board" is written out as null, not left out.
            let raw = try await client.send(.get, "/api/items/\(items[1].id)")
            let json = try JSONSerialization.jsonObject(with: raw.bytes) as? [String: Any]
            #expect(json?["board"] is NSNull)
        }
    }

    @Test func anArrangementIsOneEventThatLiveViewsReceive() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let items = try await client.settledItems(2, in: gallery)
            let sequence = try await client.gallery(gallery).sequence
            _ = try await client.arrange("[\(position(items[1].id, x: 10))]", in: gallery)
            let feed: EventsJSON = try await client.call(.get, "/api/galleries/\(gallery)/events?since=\(sequence)")
            #expect(feed.events.map(\.sequence) == [sequence + 1])
            #expect(feed.events.first?.items.map(\.id) == [items[1].id])
            #expect(feed.events.first?.items.first?.board == BoardJSON(x: 10, y: 0, width: 300, z: 0))
        }
    }

    @Test func undoPutsItemsBackWhereTheyLayAndRedoArrangesThemAgain() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let items = try await client.settledItems(2, in: gallery)
            let session = "tab-one-0001"
            _ = try await client.arrange("[\(position(items[0].id, x: 1))]", in: gallery, session: session)
            _ = try await client.arrange(
                "[\(position(items[0].id, x: 2)),\(position(items[1].id, x: 3))]", in: gallery, session: session)
            let history: HistoryJSON = try await client.call(
                .get, "/api/galleries/\(gallery)/history", session: session)
            #expect(history.undo == .init(name: "Arrange"))

            let undone: HistoryStepJSON = try await client.call(
                .post, "/api/galleries/\(gallery)/undo", session: session)
            #expect(undone.message == "Undid the arrangement of 2 items.")
            #expect(try await client.board(of: gallery).map { $0?.x } == [1, nil])

            let _: HistoryStepJSON = try await client.call(.post, "/api/galleries/\(gallery)/redo", session: session)
            #expect(try await client.board(of: gallery).map { $0?.x } == [2, 3])
        }
    }

    @Test func theServerPlacesTheRestAsNoUndoableActionOfItsOwnAndTellsTheViewsWhere() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let items = try await client.settledItems(2, in: gallery)
            let session = "tab-one-0001"
            _ = try await client.arrange("[\(position(items[0].id, x: 1))]", in: gallery, session: session)
            let before = try await client.gallery(gallery).sequence
            let rest: PlacedRestJSON = try await client.call(
                .post, "/api/galleries/\(gallery)/board/rest?limit=1000", session: session)
            #expect(rest.placed == 1 && !rest.more)
            // Below the first, at the board's left edge: one change, whose event carries the place.
            let board = try await client.board(of: gallery)
            #expect(board.map { $0?.x } == [1, 0] && (board[1]?.y ?? 0) > 0)
            let events: EventsJSON = try await client.call(.get, "/api/galleries/\(gallery)/events?since=\(before)")
            #expect(events.events.map { $0.items.map(\.board) } == [[board[1]]])
            let history: HistoryJSON = try await client.call(
                .get, "/api/galleries/\(gallery)/history", session: session)
            #expect(history.undo == .init(name: "Arrange"))

            for limit in ["0", "20001", "many"] {
                let response = try await client.send(.post, "/api/galleries/\(gallery)/board/rest?limit=\(limit)")
                #expect(response.status == .badRequest, "\(limit)")
                #expect(
                    try response.decoded(as: ErrorJSON.self).error.message
                        == "'limit' must be a whole number from 1 to 20000.")
            }
        }
    }

    @Test(arguments: [
        ("out of range", #"[$A,{"itemId":"$B","x":1e10,"y":0,"width":10,"z":0}]"#, HTTPResponse.Status.badRequest),
        ("negative width", #"[$A,{"itemId":"$B","x":0,"y":0,"width":-10,"z":0}]"#, .badRequest),
        ("z beyond 32 bits", #"[$A,{"itemId":"$B","x":0,"y":0,"width":10,"z":4294967296}]"#, .badRequest),
        ("fractional z", #"[$A,{"itemId":"$B","x":0,"y":0,"width":10,"z":1.5}]"#, .badRequest),
        ("missing field", #"[$A,{"itemId":"$B","x":0,"y":0,"z":0}]"#, .badRequest),
        ("duplicate", #"[$A,$A]"#, .badRequest),
        ("no positions", #"[]"#, .badRequest),
        ("unknown item", #"[$A,{"itemId":"$U","x":0,"y":0,"width":10,"z":0}]"#, .notFound),
        ("item of another gallery", #"[$A,{"itemId":"$O","x":0,"y":0,"width":10,"z":0}]"#, .notFound),
        ("trashed item", #"[$A,{"itemId":"$T","x":0,"y":0,"width":10,"z":0}]"#, .notFound),
    ])
    func aMalformedArrangementIsRefusedWithAMessageAndChangesNothing(
        what: String, positions: String, status: HTTPResponse.Status
    ) async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let items = try await client.settledItems(3, in: gallery)
            let other = try await client.createGallery("Other")
            let foreign = try await client.settledItems(1, in: other.id)
            let _: ItemListJSON = try await client.call(
                .post, "/api/galleries/\(gallery)/trash", json: #"{"itemIds":["\#(items[2].id)"]}"#)
            let before = (try await client.gallery(gallery), try await client.items(in: gallery))
            let body = positions.replacingOccurrences(of: "$A", with: position(items[0].id, x: 7))
                .replacingOccurrences(of: "$B", with: items[1].id)
                .replacingOccurrences(of: "$U", with: UUID().uuidString.lowercased())
                .replacingOccurrences(of: "$O", with: foreign[0].id)
                .replacingOccurrences(of: "$T", with: items[2].id)

            let response = try await client.send(
                .post, "/api/galleries/\(gallery)/board", json: #"{"positions":\#(body)}"#, session: "tab-one-0001")

            #expect(response.status == status, "\(what)")
            let message = try response.decoded(as: ErrorJSON.self).error.message
            #expect(!message.isEmpty)
            #expect(try await client.gallery(gallery) == before.0)
            #expect(try await client.items(in: gallery) == before.1)
            #expect(try await client.items(in: other.id) == foreign)
        }
    }

    @Test func theBoardIsReadByTheRectangleShownAndABadRectangleIsExplained() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let items = try await client.settledItems(3, in: gallery)
            _ = try await client.arrange(
                "[\(position(items[0].id, x: 0, y: 0, width: 300)),\(position(items[1].id, x: 5000, y: 0, width: 300))]",
                in: gallery)
            let shown: BoardPageJSON = try await client.call(
                .get, "/api/galleries/\(gallery)/board?x=-100&y=-100&width=1000&height=600")
            #expect(shown.items.map(\.id) == [items[0].id])
            #expect(shown.items.first?.board == BoardJSON(x: 0, y: 0, width: 300, z: 0))
            #expect(shown.complete)
            #expect(shown.gallery.id == gallery)
            let far: BoardPageJSON = try await client.call(
                .get, "/api/galleries/\(gallery)/board?x=4900&y=-50&width=200&height=100&limit=1")
            #expect(far.items.map(\.id) == [items[1].id])

            for (query, message) in [
                (
                    "x=0&y=0&width=10",
                    "'height' must be a number: the board rectangle to read is x, y, width and height."
                ),
                (
                    "x=0&y=0&width=0&height=10",
                    "A board rectangle's width and height must be above 0 and at most 4000000000."
                ),
                (
                    "x=nan&y=0&width=1&height=1",
                    "A board rectangle's x and y must be numbers from -2000000000 to 2000000000."
                ),
            ] {
                let response = try await client.send(.get, "/api/galleries/\(gallery)/board?\(query)")
                #expect(response.status == .badRequest, "\(query)")
                #expect(try response.decoded(as: ErrorJSON.self).error.message == message)
            }
            let bounds: BoardBoundsJSON = try await client.call(.get, "/api/galleries/\(gallery)/board/bounds")
            #expect(bounds.bounds?.x == 0 && bounds.bounds?.width == 5300)
            // The rest are put below them, and read there.
            let rest: PlacedRestJSON = try await client.call(.post, "/api/galleries/\(gallery)/board/rest")
            #expect(rest.placed == 1 && !rest.more)
            let below: BoardPageJSON = try await client.call(
                .get, "/api/galleries/\(gallery)/board?x=0&y=300&width=100&height=100")
            #expect(below.items.map(\.id) == [items[2].id])
            let unknown = try await client.send(
                .get, "/api/galleries/\(UUID().uuidString.lowercased())/board?x=0&y=0&width=1&height=1")
            #expect(unknown.status == .notFound)
        }
    }

    @Test func aPositionOutOfRangeIsExplained() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let items = try await client.settledItems(1, in: gallery)
            let response = try await client.send(
                .post, "/api/galleries/\(gallery)/board",
                json: #"{"positions":[\#(position(items[0].id, x: 0, width: -1))]}"#)
            #expect(response.status == .badRequest)
            #expect(
                try response.decoded(as: ErrorJSON.self).error.message
                    == "The item \(items[0].id) cannot go there: A board position's width must be above 0 and at most 1000000."
            )
        }
    }

    @Test func morePositionsThanABatchMayNameAreRefused() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let entries = (0...1000).map { _ in position(UUID().uuidString.lowercased(), x: 0) }
            let response = try await client.send(
                .post, "/api/galleries/\(gallery)/board",
                json: #"{"positions":[\#(entries.joined(separator: ","))]}"#)
            #expect(response.status == .badRequest)
            #expect(
                try response.decoded(as: ErrorJSON.self).error.message == "'positions' may place at most 1000 items.")
        }
    }

    @Test func aCopyIntoAnotherGalleryIsNotOnItsBoardYet() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let items = try await client.settledItems(1, in: gallery)
            _ = try await client.arrange("[\(position(items[0].id, x: 5))]", in: gallery)
            let other = try await client.createGallery("Other")
            let copies: ItemListJSON = try await client.call(
                .post, "/api/galleries/\(other.id)/copies", json: #"{"itemIds":["\#(items[0].id)"]}"#,
                expecting: .created)
            #expect(copies.items.map(\.board) == [nil])
            #expect(try await client.board(of: gallery).map { $0?.x } == [5])
        }
    }

    @Test func aCopyOrArrangementOntoABoardWhoseGalleryWasTrashedMeanwhileSaysSoAndChangesNothing() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let items = try await client.settledItems(1, in: gallery)
            let other = try await client.createGallery("Board")
            let copied: ItemListJSON = try await client.call(
                .post, "/api/galleries/\(other.id)/copies", json: #"{"itemIds":["\#(items[0].id)"]}"#,
                expecting: .created)
            let _: GalleryJSON = try await client.call(.delete, "/api/galleries/\(other.id)")

            let copy = try await client.send(
                .post, "/api/galleries/\(other.id)/copies", json: #"{"itemIds":["\#(items[0].id)"]}"#)
            #expect(copy.status == .notFound)
            #expect(
                try copy.decoded(as: ErrorJSON.self).error.message
                    == "The gallery 'Board' is in the trash of galleries.")
            let arrange = try await client.send(
                .post, "/api/galleries/\(other.id)/board",
                json: #"{"positions":[\#(position(copied.items[0].id, x: 40))]}"#)
            #expect(arrange.status == .notFound)
            #expect(
                try arrange.decoded(as: ErrorJSON.self).error.message
                    == "The gallery 'Board' is in the trash of galleries.")

            let _: GalleryJSON = try await client.call(.post, "/api/galleries/\(other.id)/restore")
            #expect(try await client.items(in: other.id).map(\.board) == [nil])
            #expect(try await client.items(in: other.id).count == 1)
        }
    }

    // MARK: - The gallery's view

    @Test func aGalleryShowsAsAGridUntilAnotherViewIsChosenAndTheChoiceIsNoUndoStep() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            #expect(try await client.gallery(gallery).view == "grid")
            let session = "tab-one-0001"
            let changed: GalleryJSON = try await client.call(
                .patch, "/api/galleries/\(gallery)", json: #"{"view":"board"}"#, session: session)
            #expect(changed.view == "board")
            let feed: EventsJSON = try await client.call(
                .get, "/api/galleries/\(gallery)/events?since=\(changed.sequence - 1)")
            #expect(feed.events.map(\.gallery.view) == ["board"])

            // The view is a preference (the gallery's default), not an action: there is nothing to undo.
            let history: HistoryJSON = try await client.call(
                .get, "/api/galleries/\(gallery)/history", session: session)
            #expect(history == HistoryJSON(undo: nil, redo: nil))
            let undo = try await client.send(.post, "/api/galleries/\(gallery)/undo", session: session)
            #expect(undo.status == .conflict)
            #expect(try await client.gallery(gallery).view == "board")
        }
    }

    @Test func anUnknownViewIsRefusedAndChangesNothing() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let before = try await client.gallery(gallery)
            let response = try await client.send(
                .patch, "/api/galleries/\(gallery)", json: #"{"view":"wall","name":"Renamed"}"#)
            #expect(response.status == .badRequest)
            #expect(
                try response.decoded(as: ErrorJSON.self).error.message
                    == "A gallery's view must be 'grid', 'list' or 'board'.")
            #expect(try await client.gallery(gallery) == before)
        }
    }
}
