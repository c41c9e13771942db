import Foundation
import GRDB
import GalleryCore
import Testing

@testable import GalleryStoreSQL
@testable import GalleryStoreSQLite

/// A position on the board, numbered so that each test's positions differ.
private func spot(_ number: Double, z: Int = 0) -> BoardPosition {
    BoardPosition(x: number * 10, y: number * 20, width: 100 + number, z: z)
}

extension SQLGalleryStore {
    /// The board positions of the items titled by the letters, in that order.
    fileprivate func positions(_ letters: String, _ items: [String: Item]) async throws -> [BoardPosition?] {
        var positions: [BoardPosition?] = []
        for id in itemIDs(letters, items) { positions.append(try await item(id).boardPosition) }
        return positions
    }
}

@Suite("The board")
struct BoardTests {
    // MARK: - Arranging

    @Test func arrangedPositionsAreReadBackAndTheOrderStays() async throws {
        try await withLetteredGallery("ABC") { store, gallery, items in
            let keys = try await store.allItems(in: gallery).map(\.orderKey)
            let arranged = try await store.arrangeItems(
                [(try itemID("C", items), spot(1, z: 2)), (try itemID("A", items), spot(2, z: -1))], in: gallery,
                recordingFor: nil)
            #expect(arranged.map(\.title) == ["C", "A"])
            #expect(arranged.map(\.boardPosition) == [spot(1, z: 2), spot(2, z: -1)])
            #expect(try await store.positions("ABC", items) == [spot(2, z: -1), nil, spot(1, z: 2)])
            #expect(try await store.letters(in: gallery) == "ABC")
            #expect(try await store.allItems(in: gallery).map(\.orderKey) == keys)
        }
    }

    @Test func anArrangementIsOneEventCarryingTheArrangedItems() async throws {
        try await withLetteredGallery("ABC") { store, gallery, items in
            let events = try await store.onlyEvents(in: [gallery]) {
                _ = try await store.arrangeItems(
                    [(try itemID("B", items), spot(1)), (try itemID("C", items), spot(2))], in: gallery,
                    recordingFor: sessionOne)
            }
            #expect(events[0].items.map(\.title) == ["B", "C"])
            #expect(events[0].items.map(\.boardPosition) == [spot(1), spot(2)])
        }
    }

    @Test func placingPutsOnlyItemsNotOnTheBoardYetAndIsNoUndoableActionOfItsOwn() async throws {
        try await withLetteredGallery("ABC") { store, gallery, items in
            let a = try itemID("A", items)
            let b = try itemID("B", items)
            _ = try await store.arrangeItems([(a, spot(1))], in: gallery, recordingFor: sessionOne)
            let events = try await store.onlyEvents(in: [gallery]) {
                let placed = try await store.placeItems([(a, spot(7)), (b, spot(8))], in: gallery)
                #expect(placed.map(\.boardPosition) == [spot(1), spot(8)])
            }
            #expect(events[0].items.map(\.title) == ["B"])
            #expect(try await store.positions("ABC", items) == [spot(1), spot(8), nil])
            // The session's last action is still its own arrangement; undoing it leaves the placed item where it is.
            let undone = try await store.step(.undo, in: gallery, for: sessionOne, mayChange: { _ in true })
            #expect(undone.message == "Undid the arrangement of 1 item.")
            #expect(try await store.positions("ABC", items) == [nil, spot(8), nil])

            // Placing items that are all on the board already changes nothing and sends no event.
            _ = try await store.onlyEvents(in: [], unchanged: [gallery]) {
                _ = try await store.placeItems([(b, spot(9))], in: gallery)
            }
        }
    }

    @Test func undoPutsItemsBackWhereTheyLayAndRedoArrangesThemAgain() async throws {
        try await withLetteredGallery("AB") { store, gallery, items in
            let a = try itemID("A", items)
            let b = try itemID("B", items)
            _ = try await store.arrangeItems([(a, spot(1))], in: gallery, recordingFor: sessionOne)
            _ = try await store.arrangeItems([(a, spot(2)), (b, spot(3))], in: gallery, recordingFor: sessionOne)
            #expect(try await store.history(in: gallery, for: sessionOne) == HistoryState(undo: .arrange, redo: nil))

            let undone = try await store.step(.undo, in: gallery, for: sessionOne, mayChange: { _ in true })
            #expect(undone.message == "Undid the arrangement of 2 items.")
            #expect(undone.items.map(\.boardPosition) == [spot(1), nil])
            #expect(try await store.positions("AB", items) == [spot(1), nil])

            let redone = try await store.step(.redo, in: gallery, for: sessionOne, mayChange: { _ in true })
            #expect(redone.message == "Redid the arrangement of 2 items.")
            #expect(try await store.positions("AB", items) == [spot(2), spot(3)])
            #expect(try await store.letters(in: gallery) == "AB")
        }
    }

    @Test func undoLeavesAnItemSomebodyArrangedSinceWhereItIs() async throws {
        try await withLetteredGallery("AB") { store, gallery, items in
            let a = try itemID("A", items)
            let b = try itemID("B", items)
            _ = try await store.arrangeItems([(a, spot(1)), (b, spot(2))], in: gallery, recordingFor: sessionOne)
            _ = try await store.arrangeItems([(a, spot(5))], in: gallery, recordingFor: sessionTwo)
            let undone = try await store.step(.undo, in: gallery, for: sessionOne, mayChange: { _ in true })
            #expect(
                undone.message
                    == "Undid the arrangement of 2 items. 1 item was put elsewhere on the board since and was left where it is."
            )
            #expect(try await store.positions("AB", items) == [spot(5), nil])
        }
    }

    enum BadArrangement: String, CaseIterable {
        case outOfRange, negativeWidth, unknownItem, itemOfAnotherGallery, trashedItem, duplicate
    }

    @Test(arguments: BadArrangement.allCases)
    func aBadArrangementChangesNothing(_ bad: BadArrangement) async throws {
        try await withLetteredGallery("ABC") { store, gallery, items in
            let a = try itemID("A", items)
            _ = try await store.arrangeItems([(a, spot(1))], in: gallery, recordingFor: nil)
            let (other, otherItems) = try await store.makeGallery(named: "Other", holding: "X")
            _ = try await store.trashItems([try itemID("C", items)], in: gallery)
            let before = try await store.gallery(gallery)
            let second: (id: ItemID, position: BoardPosition) =
                switch bad {
                case .outOfRange: (try itemID("B", items), BoardPosition(x: 2e9, y: 0, width: 10, z: 0))
                case .negativeWidth: (try itemID("B", items), BoardPosition(x: 0, y: 0, width: -10, z: 0))
                case .unknownItem: (ItemID.make(), spot(3))
                case .itemOfAnotherGallery: (try itemID("X", otherItems), spot(3))
                case .trashedItem: (try itemID("C", items), spot(3))
                case .duplicate: (a, spot(3))
                }
            let error = await galleryError {
                _ = try await store.arrangeItems([(a, spot(2)), second], in: gallery, recordingFor: sessionOne)
            }
            let expected: GalleryError.Kind =
                switch bad {
                case .outOfRange, .negativeWidth, .duplicate: .invalid
                case .unknownItem, .itemOfAnotherGallery, .trashedItem: .notFound
                }
            #expect(error?.kind == expected)
            #expect(try await store.gallery(gallery) == before)
            #expect(try await store.positions("ABC", items) == [spot(1), nil, nil])
            #expect(try await store.item(try itemID("X", otherItems)).boardPosition == nil)
            #expect(try await store.gallery(other).sequence == 1)
            #expect(try await store.history(in: gallery, for: sessionOne).undo == nil)
        }
    }

    @Test func twoWritersArrangingOneItemAtOnceBothEndAtTheLastWritersPosition() async throws {
        try await withLetteredGallery("A") { store, gallery, items in
            let a = try itemID("A", items)
            let start = try await store.gallery(gallery).sequence
            async let first = store.arrangeItems([(a, spot(1))], in: gallery, recordingFor: sessionOne)
            async let second = store.arrangeItems([(a, spot(2))], in: gallery, recordingFor: sessionTwo)
            let written = [try await first, try await second].map { $0[0].boardPosition }
            let events = try #require(try await store.events(in: gallery, after: start))
            #expect(events.count == 2)
            let last = try #require(events.last?.items.first?.boardPosition)
            // Every view applies the events in order, so each ends where the last writer put the item: as stored.
            #expect(try await store.item(a).boardPosition == last)
            #expect(Set(written) == [spot(1), spot(2)])
            #expect(events.map { $0.items.first?.boardPosition } == (last == spot(2) ? written : written.reversed()))
        }
    }

    // MARK: - Moves, copies and duplicates

    @Test func movingWithinTheOrderKeepsPositionsAndMovingAwayTakesItemsOffTheBoard() async throws {
        try await withLetteredGallery("ABC") { store, gallery, items in
            _ = try await store.arrangeItems(
                [(try itemID("A", items), spot(1)), (try itemID("B", items), spot(2))], in: gallery,
                recordingFor: nil)
            _ = try await store.moveItems(itemIDs("A", items), in: gallery, to: .end)
            #expect(try await store.letters(in: gallery) == "BCA")
            #expect(try await store.positions("AB", items) == [spot(1), spot(2)])

            let other = try await store.createGallery(named: "Other")
            let moved = try await store.moveItems(itemIDs("B", items), to: other.id, at: .end, recordingFor: sessionOne)
            #expect(moved.map(\.boardPosition) == [nil])
            // Undoing the move brings it back, still off the board (the board there was rearranged meanwhile, maybe).
            _ = try await store.step(.undo, in: gallery, for: sessionOne, mayChange: { _ in true })
            #expect(try await store.item(try itemID("B", items)).galleryID == gallery)
            #expect(try await store.item(try itemID("B", items)).boardPosition == nil)
        }
    }

    @Test func aCopyIntoAnotherGalleryIsNotOnItsBoardYet() async throws {
        try await withLetteredGallery("A") { store, gallery, items in
            _ = try await store.arrangeItems([(try itemID("A", items), spot(1))], in: gallery, recordingFor: nil)
            let other = try await store.createGallery(named: "Other")
            let copies = try await store.copyItems(itemIDs("A", items), to: other.id, at: .end, recordingFor: nil)
            #expect(copies.map(\.boardPosition) == [nil])
            #expect(try await store.positions("A", items) == [spot(1)])
        }
    }

    @Test func aDuplicatedGalleryKeepsItsBoardAndView() async throws {
        try await withLetteredGallery("AB") { store, gallery, items in
            _ = try await store.arrangeItems([(try itemID("B", items), spot(4, z: 3))], in: gallery, recordingFor: nil)
            _ = try await store.updateGallery(gallery, name: nil, imagesPerRow: nil, view: .board)
            let copy = try await store.duplicateGallery(gallery, named: nil).gallery
            let copies = try await store.allItems(in: copy.id)
            #expect(copy.view == .board)
            #expect(copies.map(\.title) == ["A", "B"])
            #expect(copies.map(\.boardPosition) == [nil, spot(4, z: 3)])
        }
    }

    @Test func emptyingTheTrashDeletesThePositionsOfItsItems() async throws {
        try await withLetteredGallery("A") { store, gallery, items in
            let a = try itemID("A", items)
            _ = try await store.arrangeItems([(a, spot(1))], in: gallery, recordingFor: nil)
            _ = try await store.trashItems([a], in: gallery)
            #expect(try await store.item(a).boardPosition == spot(1))
            #expect(try await store.emptyTrash(in: gallery, removingFiles: { _ in }) == 1)
            let rows = try await store.database.read { db in
                try db.value(Int.self, sql: "SELECT count(*) FROM board_position")
            }
            #expect(rows == 0)
        }
    }

    // MARK: - The gallery's view

    @Test func aChangeOfViewIsAnEventAndNoUndoStep() async throws {
        try await withLetteredGallery("A") { store, gallery, _ in
            #expect(try await store.gallery(gallery).view == .grid)
            let events = try await store.onlyEvents(in: [gallery]) {
                _ = try await store.updateGallery(
                    gallery, name: nil, imagesPerRow: nil, view: .board, recordingFor: sessionOne)
            }
            #expect(events[0].gallery.view == .board)
            #expect(try await store.history(in: gallery, for: sessionOne) == HistoryState(undo: nil, redo: nil))
            await #expect(throws: GalleryError.conflict("Nothing to undo.")) {
                try await store.step(.undo, in: gallery, for: sessionOne, mayChange: { _ in true })
            }
            #expect(try await store.gallery(gallery).view == .board)
        }
    }

    // MARK: - The schema

    @Test func theSchemaRefusesPositionsOutsideTheBoardAndUnknownViews() async throws {
        try await withLetteredGallery("A") { store, gallery, items in
            let a = try itemID("A", items).rawValue
            for (x, width, z) in [(2e9, 10.0, 0), (0, 0, 0), (0, -5, 0), (0, 2e6, 0), (0, 10, 1 << 40)] {
                await expectRefusedBySchema {
                    try await store.database.executeRaw(
                        "INSERT INTO board_position (itemId, x, y, width, z) VALUES (?, ?, 0, ?, ?)",
                        arguments: [a, x, width, z])
                }
            }
            await expectRefusedBySchema {
                try await store.database.executeRaw(
                    "INSERT INTO board_position (itemId, x, y, width, z) VALUES (?, 'far', 0, 10, 0)", arguments: [a])
            }
            await expectRefusedBySchema {
                try await store.database.executeRaw(
                    "UPDATE gallery SET chosenView = 'wall' WHERE id = ?", arguments: [gallery.rawValue])
            }
            #expect(try await store.item(try itemID("A", items)).boardPosition == nil)
            #expect(try await store.gallery(gallery).view == .grid)
        }
    }
}
