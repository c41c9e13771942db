import Foundation
import GalleryCore
import Testing

@testable import GalleryStoreSQL
@testable import GalleryStoreSQLite

/// The fan of `count` items from (x, y), as the rule says, above `topZ`: what the store must have written.
private func fan(_ count: Int, x: Double, y: Double, above topZ: Int, aspect: Double = 0.75) -> [BoardPosition] {
    BoardArrival.fannedOut(from: BoardPoint(x: x, y: y)).positions(
        aspects: Array(repeating: aspect, count: count), above: topZ)
}

/// Items added to a gallery with a board point (a drop, a copy, a move from another gallery) are on its board in the
/// change that adds them: the answer and the event carry their places, and one undo takes them away.
@Suite("Items added on the board")
struct BoardArrivalStoreTests {
    @Test func aDropAtABoardPointPutsItsItemsThereFannedOutAboveWhatTheyMeetInItsOwnEvent() async throws {
        try await withLetteredGallery("AB") { store, gallery, items in
            let (a, b) = (try itemID("A", items), try itemID("B", items))
            // A lies under the drop; B, higher in the stack, far away (the new items need not go above it).
            _ = try await store.arrangeItems(
                [(a, BoardPosition(x: 0, y: 0, width: 100, z: 5)), (b, BoardPosition(x: 9000, y: 0, width: 9, z: 9))],
                in: gallery, recordingFor: nil)
            var dropped: [Item] = []
            let events = try await store.onlyEvents(in: [gallery]) {
                dropped = try await store.insertPendingItems(
                    drafts("P", "Q", "R"), into: gallery, at: .end,
                    onBoard: .fannedOut(from: BoardPoint(x: 50, y: 10)), recordingFor: sessionOne)
            }
            #expect(dropped.map(\.boardPosition) == fan(3, x: 50, y: 10, above: 5))
            #expect(events[0].items.map(\.title) == ["P", "Q", "R"])
            #expect(events[0].items.map(\.boardPosition) == dropped.map(\.boardPosition))
            // Found by the board's index where they lie.
            let page = try await store.boardItems(
                in: gallery, meeting: BoardRect(x: 40, y: 0, width: 800, height: 100), limit: 10)
            #expect(Set(page.items.map(\.title)) == ["A", "P", "Q", "R"])

            // One undo takes the drop away, places and all; redo brings them back where they were.
            _ = try await store.step(.undo, in: gallery, for: sessionOne, mayChange: { _ in true })
            #expect(try await store.letters(in: gallery) == "AB")
            _ = try await store.step(.redo, in: gallery, for: sessionOne, mayChange: { _ in true })
            #expect(
                try await store.allItems(in: gallery).suffix(3).map(\.boardPosition) == dropped.map(\.boardPosition))
        }
    }

    @Test func aDropWithoutABoardPointLeavesItsItemsOffTheBoard() async throws {
        try await withLetteredGallery("A") { store, gallery, _ in
            let dropped = try await store.insertPendingItems(drafts("P"), into: gallery, at: .end)
            #expect(dropped.map(\.boardPosition) == [nil])
        }
    }

    @Test func copiesArePutAtTheirPlacesAndKeepTheirOriginalsShape() async throws {
        try await withLetteredGallery("AB") { store, gallery, items in
            let (a, b) = (try itemID("A", items), try itemID("B", items))
            _ = try await store.settle([.file(b, storedImage(width: 100, height: 400))])
            let places = [BoardPoint.Place(x: 1, y: 2, width: 50), BoardPoint.Place(x: 3, y: 4, width: 60)]
            let copies = try await store.copyItems(
                [a, b], to: gallery, at: .end, onBoard: .placed(places), recordingFor: sessionOne)
            #expect(
                copies.map(\.boardPosition)
                    == [BoardPosition(x: 1, y: 2, width: 50, z: 1), BoardPosition(x: 3, y: 4, width: 60, z: 2)])
            let fanned = try await store.copyItems(
                [b], to: gallery, at: .end, onBoard: .fannedOut(from: BoardPoint(x: 0, y: 0)), recordingFor: nil)
            #expect(fanned.map(\.boardPosition) == fan(1, x: 0, y: 0, above: 2, aspect: 4))
            // The originals stay where they were (off the board).
            #expect(try await store.item(a).boardPosition == nil)
        }
    }

    @Test func aMoveFromAnotherGalleryPutsOnlyTheArrivingItemsOnTheBoard() async throws {
        try await withLetteredGallery("AB") { store, gallery, items in
            let a = try itemID("A", items)
            let kept = BoardPosition(x: 500, y: 500, width: 90, z: 3)
            _ = try await store.arrangeItems([(a, kept)], in: gallery, recordingFor: nil)
            let (other, others) = try await store.makeGallery(named: "Other", holding: "XY")
            let x = try itemID("X", others)
            _ = try await store.arrangeItems(
                [(x, BoardPosition(x: 5, y: 5, width: 5, z: 0))], in: other, recordingFor: nil)
            let events = try await store.onlyEvents(in: [gallery, other]) {
                _ = try await store.moveItems(
                    [a, x], to: gallery, at: .start, onBoard: .fannedOut(from: BoardPoint(x: 500, y: 500)),
                    recordingFor: sessionOne)
            }
            // A stays where it lay; X (from the other gallery) is fanned out as the second of the two, above A.
            #expect(try await store.item(a).boardPosition == kept)
            #expect(try await store.item(x).boardPosition == fan(2, x: 500, y: 500, above: 3)[1])
            #expect(events[0].items.first { $0.id == x }?.boardPosition == fan(2, x: 500, y: 500, above: 3)[1])

            // One undo takes X back to its gallery, off this board.
            _ = try await store.step(.undo, in: gallery, for: sessionOne, mayChange: { _ in true })
            #expect(try await store.letters(in: other) == "XY")
        }
    }

    @Test func aPlaceOutsideTheBoardChangesNothing() async throws {
        try await withLetteredGallery("A") { store, gallery, items in
            let a = try itemID("A", items)
            let before = try await store.gallery(gallery).sequence
            await #expect(throws: GalleryError.self) {
                _ = try await store.copyItems(
                    [a], to: gallery, at: .end, onBoard: .placed([BoardPoint.Place(x: 0, y: 0, width: 0)]),
                    recordingFor: nil)
            }
            #expect(try await store.letters(in: gallery) == "A")
            #expect(try await store.gallery(gallery).sequence == before)
        }
    }
}
