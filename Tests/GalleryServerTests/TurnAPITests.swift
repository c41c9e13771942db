import Foundation
import HummingbirdTesting
import TestSupport
import Testing

@testable import GalleryServer

@Suite("Images turned through the API")
struct TurnAPITests {
    struct TurnedJSON: Decodable {
        struct Orientation: Decodable, Equatable {
            var quarterTurns: Int
            var mirrored: Bool
        }
        var id: String
        var width: Int?
        var height: Int?
        var orientation: Orientation?
    }

    struct TurnedListJSON: Decodable {
        var items: [TurnedJSON]
        var history: NoteAPITests.HistoryJSON?
    }

    /// Uploads `count` PNGs 6 wide and 4 tall into the gallery: ready images.
    private func images(_ count: Int, in gallery: String, _ client: some TestClientProtocol) async throws -> [ItemJSON]
    {
        let png = PNGBuilder.make(width: 6, height: 4)
        var ready: [ItemJSON] = []
        for index in 0..<count {
            let drop = try await client.drop(payload: filePayload(name: "\(index).png", size: png.count), into: gallery)
            ready.append(try await client.upload(png, to: try #require(drop.uploads.first).uploadURL).decoded())
        }
        return ready
    }

    @Test func imagesTurnAsOneUndoableChangeAndShowTheirSidesSwapped() async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let items = try await images(2, in: gallery, client)
            let (width, height) = (6, 4)
            let list = items.map { "\"\($0.id)\"" }.joined(separator: ",")
            let turned = try await client.call(
                .post, "/api/galleries/\(gallery)/turns", json: #"{"itemIds":[\#(list)],"turn":"left"}"#,
                session: "session-one", as: TurnedListJSON.self)
            #expect(
                turned.items.map(\.orientation) == [.init(quarterTurns: 3, mirrored: false)] + [
                    .init(quarterTurns: 3, mirrored: false)
                ])
            #expect(turned.items[0].width == height && turned.items[0].height == width)
            #expect(turned.history?.undo?.name == "Rotate")
            let read = try await client.call(.get, "/api/items/\(items[0].id)", as: TurnedJSON.self)
            #expect(read.orientation?.quarterTurns == 3)

            let undone = try await client.call(
                .post, "/api/galleries/\(gallery)/undo", session: "session-one", as: NoteAPITests.StepJSON.self)
            #expect(undone.message == "Undid the rotation of 2 items.")
            let back = try await client.call(.get, "/api/items/\(items[0].id)", as: TurnedJSON.self)
            #expect(back.orientation == nil && back.width == width)
        }
    }

    @Test(arguments: [
        (#"{"itemIds":["$A"],"turn":"up"}"#, 400),
        (#"{"itemIds":["$A"]}"#, 400),
        (#"{"itemIds":[],"turn":"left"}"#, 400),
        (#"{"itemIds":["$N"],"turn":"left"}"#, 400),
        (#"{"itemIds":["00000000-0000-4000-8000-000000000001"],"turn":"flip"}"#, 404),
    ])
    func aBadTurnIsRefusedAndTurnsNothing(body: String, status: Int) async throws {
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let image = try await images(1, in: gallery, client)[0]
            let note = try #require(
                try await client.drop(payload: #"{"plainText":"words"}"#, into: gallery).items.first)
            let json = body.replacingOccurrences(of: "$A", with: image.id).replacingOccurrences(of: "$N", with: note.id)
            let response = try await client.send(.post, "/api/galleries/\(gallery)/turns", json: json)
            #expect(response.status.code == status, "\(body)")
            let read = try await client.call(.get, "/api/items/\(image.id)", as: TurnedJSON.self)
            #expect(read.orientation == nil)
        }
    }
}
