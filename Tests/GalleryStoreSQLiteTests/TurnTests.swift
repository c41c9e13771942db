import Foundation
import GalleryCore
import Testing

@testable import GalleryStoreSQL
@testable import GalleryStoreSQLite

@Suite("Images turned in the store")
struct TurnTests {
    @Test func aSelectionTurnsInOneUndoableChangeAndItsShapeOnTheBoardFollows() async throws {
        try await withLetteredGallery("ABN") { store, gallery, items in
            let (a, b) = (try itemID("A", items), try itemID("B", items))
            _ = try await store.markReady(a, image: storedImage(digit: "a", width: 400, height: 300))
            _ = try await store.markReady(b, image: storedImage(digit: "b", width: 400, height: 300))
            _ = try await store.arrangeItems(
                [(a, BoardPosition(x: 0, y: 0, width: 100, z: 1))], in: gallery, recordingFor: nil)
            let before = try await store.gallery(gallery).sequence

            let turned = try await store.turnItems([a, b], in: gallery, .right, recordingFor: sessionOne)
            #expect(
                turned.map(\.orientation)
                    == Array(repeating: ItemOrientation(quarterTurns: 1, mirrored: false), count: 2))
            #expect(turned[0].shownSize! == (300, 400))
            #expect(try await store.gallery(gallery).sequence == before + 1)
            #expect(Set(try await store.changes(in: gallery, since: before, limit: 10).items.map(\.id)) == [a, b])
            #expect(try await store.history(in: gallery, for: sessionOne).undo == .rotate)
            // A is 4/3 as tall as wide on the board now: the board index finds it down to 133 units.
            let low = BoardRect(x: 0, y: 120, width: 10, height: 5)
            #expect(try await store.boardItems(in: gallery, meeting: low, limit: 10).items.map(\.id) == [a])

            _ = try await store.turnItems([a], in: gallery, .flip, recordingFor: sessionOne)
            #expect(try await store.item(a).orientation == ItemOrientation(quarterTurns: 3, mirrored: true))
            #expect(try await store.history(in: gallery, for: sessionOne).undo == .flip)
            let undone = try await store.step(.undo, in: gallery, for: sessionOne, mayChange: { _ in true })
            #expect(undone.message == "Undid the flip of 1 item.")
            _ = try await store.step(.undo, in: gallery, for: sessionOne, mayChange: { _ in true })
            #expect(try await store.item(a).orientation == .upright)
            #expect(try await store.item(b).orientation == .upright)
            #expect(try await store.boardItems(in: gallery, meeting: low, limit: 10).items.isEmpty)
            _ = try await store.step(.redo, in: gallery, for: sessionOne, mayChange: { _ in true })
            #expect(try await store.item(b).orientation.quarterTurns == 1)

            // A copy keeps how its original was turned.
            let copy = try await store.copyItems([b], to: gallery, at: .end, onBoard: nil, recordingFor: nil)
            #expect(copy[0].orientation.quarterTurns == 1)
        }
    }

    @Test func onlyLoadedImagesTurnAndAMistakeTurnsNothing() async throws {
        try await withLetteredGallery("AB") { store, gallery, items in
            let (a, b) = (try itemID("A", items), try itemID("B", items))
            _ = try await store.markReady(a, image: storedImage())
            // B is still loading.
            await #expect(throws: GalleryError.invalid("'B' is not an image that is loaded: only those turn.")) {
                try await store.turnItems([a, b], in: gallery, .left, recordingFor: sessionOne)
            }
            #expect(try await store.item(a).orientation == .upright)
            await #expect(throws: GalleryError.invalid("An item is named twice.")) {
                try await store.turnItems([a, a], in: gallery, .left, recordingFor: sessionOne)
            }
        }
    }
}
