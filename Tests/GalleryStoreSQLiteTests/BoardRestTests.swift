import Foundation
import GalleryCore
import Testing

@testable import GalleryStoreSQL

@Suite("The items not on the board yet, placed by the server")
struct BoardRestTests {
    @Test func anItemStillLoadingWaitsUntilItsSizeIsKnown() async throws {
        try await withLetteredGallery("AB") { store, gallery, items in
            try await store.markReady("A", items)
            #expect(try await store.placeRest(in: gallery, atMost: 100) == PlacedRest(placed: 1, more: false))
            #expect(try await store.item(try itemID("B", items)).boardPosition == nil)
            #expect(try await store.placeRest(in: gallery, atMost: 100) == PlacedRest(placed: 0, more: false))

            // Loaded, twice as tall as wide: it gets half a cell's width, so that it stays in its cell.
            _ = try await store.markReady(try itemID("B", items), image: storedImage(width: 50, height: 100))
            #expect(try await store.placeRest(in: gallery, atMost: 100) == PlacedRest(placed: 1, more: false))
            #expect(try await store.item(try itemID("B", items)).boardPosition?.width == 120)
        }
    }

    @Test func aSmallPlacingIsOneChangeWhoseEventCarriesThePlaces() async throws {
        try await withLetteredGallery("ABC") { store, gallery, items in
            try await store.markReady("ABC", items)
            var placed: PlacedRest?
            let events = try await store.onlyEvents(in: [gallery]) {
                placed = try await store.placeRest(in: gallery, atMost: 1000)
            }
            #expect(placed == PlacedRest(placed: 3, more: false))
            let places = events[0].items.map { [$0.title: $0.boardPosition.map { [$0.x, $0.y] }] }
            #expect(places == [["A": [0, 0]], ["B": [264, 0]], ["C": [528, 0]]])
            // It is no step of anyone's history, and the next placing finds nothing to look at.
            #expect(try await store.placeRest(in: gallery, atMost: 1000) == PlacedRest(placed: 0, more: false))
            #expect(try await store.gallery(gallery).sequence == events[0].sequence)
        }
    }

    @Test func aBatchTooBigToTellChangesOnlyTheBoard() async throws {
        let letters = String(repeating: "X", count: PlacedRest.toldAtMost + 1)
        try await withStore { store, _ in
            let gallery = try await store.firstGallery().id
            let added = try await store.insertPendingItems(
                letters.map { draft(String($0)) }, into: gallery, at: .end)
            for item in added { _ = try await store.markReady(item.id, image: storedImage()) }
            let before = try await store.gallery(gallery).sequence
            #expect(try await store.placeRest(in: gallery, atMost: 20_000).placed == letters.count)
            #expect(try await store.gallery(gallery).sequence == before)
            #expect(try await store.item(added[0].id).boardPosition != nil)
        }
    }
}
