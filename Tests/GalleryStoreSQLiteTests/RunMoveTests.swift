import Foundation
import GalleryCore
import Testing

@testable import GalleryStoreSQL
@testable import GalleryStoreSQLite

extension SQLGalleryStore {
    /// Moves the run of lettered items from `first` through `last` (as many as `count`, or the letters between them).
    fileprivate func moveRun(
        _ first: String, _ last: String, count: Int, of items: [String: Item], to gallery: GalleryID,
        at point: InsertionPoint, onBoard arrival: BoardArrival? = nil, session: HistorySession? = sessionOne
    ) async throws -> RunChange {
        try await moveItems(
            from: try itemID(first, items), through: try itemID(last, items), count: count, to: gallery, at: point,
            onBoard: arrival, recordingFor: session)
    }
}

@Suite("Moving a run of items by its ends")
struct RunMoveTests {
    /// Where C…E goes in ABCDEFGH: a point ("start", "end", "3": an index, "after G", "before B") and the order after.
    @Test(arguments: [
        ("start", "CDEABFGH"), ("end", "ABFGHCDE"), ("0", "CDEABFGH"), ("3", "ABFCDEGH"), ("99", "ABFGHCDE"),
        ("after G", "ABFGCDEH"), ("before B", "ACDEBFGH"), ("before H", "ABFGCDEH"),
    ])
    func aRunGoesWhereThePointSaysReadWithoutIt(point: String, expected: String) async throws {
        try await withLetteredGallery("ABCDEFGH") { store, gallery, items in
            let words = point.split(separator: " ").map(String.init)
            let resolved: InsertionPoint =
                switch words[0] {
                case "start": .start
                case "end": .end
                case "after": .after(try itemID(words[1], items))
                case "before": .before(try itemID(words[1], items))
                default: .index(try #require(Int(words[0])))
                }
            let before = try await store.gallery(gallery).sequence
            let moved = try await store.moveRun("C", "E", count: 3, of: items, to: gallery, at: resolved)
            #expect(moved == RunChange(count: 3, sequence: before + 1))
            #expect(try await store.letters(in: gallery) == expected)
        }
    }

    @Test func aRunInsideItselfStaysWhereItIs() async throws {
        try await withLetteredGallery("ABCDE") { store, gallery, items in
            let before = try await store.gallery(gallery).sequence
            for point in [InsertionPoint.after(try itemID("C", items)), .before(try itemID("D", items)), .index(1)] {
                _ = try await store.moveRun("B", "D", count: 3, of: items, to: gallery, at: point)
            }
            // A run at the end, put at the end (or past it), and one at the start put at the start.
            for point in [InsertionPoint.end, .index(99), .after(try itemID("C", items))] {
                _ = try await store.moveRun("D", "E", count: 2, of: items, to: gallery, at: point)
            }
            for point in [InsertionPoint.start, .index(0), .before(try itemID("C", items))] {
                _ = try await store.moveRun("A", "B", count: 2, of: items, to: gallery, at: point)
            }
            #expect(try await store.letters(in: gallery) == "ABCDE")
            #expect(try await store.gallery(gallery).sequence == before)
            #expect(try await store.history(in: gallery, for: sessionOne).undo == nil)
        }
    }

    @Test func aLongRunMovesInOneChangeToldByItsEndsAndUndoesAndRedoes() async throws {
        try await withStore(clock: TickingClock()) { store, _ in
            let gallery = try await store.firstGallery().id
            let count = SQLGalleryStore.relocationBatch * 3 + 2
            let items = try await store.insertPendingItems(
                (0..<(count + 2)).map { draft("I\($0)") }, into: gallery, at: .end)
            let titles = items.map(\.title)
            let sequence = try await store.gallery(gallery).sequence

            let moved = try await store.moveItems(
                from: items[1].id, through: items[count].id, count: count, to: gallery, at: .end,
                onBoard: nil, recordingFor: sessionOne)

            #expect(moved == RunChange(count: count, sequence: sequence + 1))
            let expected = [titles[0], titles[count + 1]] + titles[1...count]
            #expect(try await store.titles(in: gallery) == expected)
            let after = try await store.everyLiveItem(in: gallery)
            #expect(after.dropFirst(2).allSatisfy { $0.placementVersion == 1 && $0.changeSequence == sequence + 1 })
            // One event: the run left its span and came into a new one, told by their ends.
            let event = try #require(try await store.events(in: gallery, after: sequence)?.first)
            #expect(event.items.isEmpty && event.removed.isEmpty)
            #expect(
                event.runs == [
                    KeyRun(firstKey: items[1].orderKey, lastKey: items[count].orderKey, count: count, hasLeft: true),
                    KeyRun(
                        firstKey: after[2].orderKey, lastKey: after[count + 1].orderKey, count: count, hasLeft: false),
                ])
            #expect(try await store.history(in: gallery, for: sessionOne).undo == .move)

            let undone = try await store.step(.undo, in: gallery, for: sessionOne, mayChange: { _ in true })
            #expect(undone.message == "Undid the move of \(count) items.")
            #expect(try await store.titles(in: gallery) == titles)
            let redone = try await store.step(.redo, in: gallery, for: sessionOne, mayChange: { _ in true })
            #expect(redone.message == "Redid the move of \(count) items.")
            #expect(try await store.titles(in: gallery) == expected)
            _ = try await store.step(.undo, in: gallery, for: sessionOne, mayChange: { _ in true })
            #expect(try await store.titles(in: gallery) == titles)
            #expect(try await store.gallery(gallery).itemCount == count + 2)
        }
    }

    @Test func aRunMovesToAnotherGalleryLeavesItsBoardAndComesBackOnUndo() async throws {
        try await withLetteredGallery("ABCDE") { store, gallery, items in
            let (other, _) = try await store.makeGallery(named: "Other", holding: "XY")
            _ = try await store.arrangeItems(
                [(try itemID("C", items), BoardPosition(x: 10, y: 10, width: 100, z: 1))], in: gallery,
                recordingFor: nil)
            let (sourceBefore, otherBefore) = (
                try await store.gallery(gallery).sequence, try await store.gallery(other).sequence
            )

            let moved = try await store.moveRun("B", "D", count: 3, of: items, to: other, at: .index(1))

            #expect(moved.sequence == otherBefore + 1)
            #expect(try await store.letters(in: gallery) == "AE")
            #expect(try await store.letters(in: other) == "XBCDY")
            let c = try await store.item(try itemID("C", items))
            #expect(c.galleryID == other && c.boardPosition == nil)
            let counts = (try await store.gallery(gallery).itemCount, try await store.gallery(other).itemCount)
            #expect(counts == (2, 5))
            let left = try #require(try await store.events(in: gallery, after: sourceBefore)?.first)
            #expect(left.runs.map(\.hasLeft) == [true] && left.runs[0].count == 3)
            let came = try #require(try await store.events(in: other, after: otherBefore)?.first)
            #expect(came.runs.map(\.hasLeft) == [false] && came.runs[0].count == 3)
            // Undone from either gallery: the entry is in both.
            #expect(try await store.history(in: gallery, for: sessionOne).undo == .transfer)

            _ = try await store.step(.undo, in: gallery, for: sessionOne, mayChange: { _ in true })
            #expect(try await store.letters(in: gallery) == "ABCDE")
            #expect(try await store.letters(in: other) == "XY")
            _ = try await store.step(.redo, in: other, for: sessionOne, mayChange: { _ in true })
            #expect(try await store.letters(in: gallery) == "AE")
            #expect(try await store.letters(in: other) == "XBCDY")
        }
    }

    @Test func aRunDroppedOnAnotherGallerysBoardFansOutFromThePointAboveWhatItMeets() async throws {
        try await withLetteredGallery("ABCDEF") { store, gallery, items in
            let (other, others) = try await store.makeGallery(named: "Other", holding: "X")
            _ = try await store.arrangeItems(
                [(try itemID("X", others), BoardPosition(x: 500, y: 500, width: 100, z: 7))], in: other,
                recordingFor: nil)
            let point = BoardArrival.fannedOut(from: BoardPoint(x: 480, y: 400))
            // A run of 5 in a fan of 4 columns, in the run's order, each above X (which the fan meets).
            _ = try await store.moveRun("B", "F", count: 5, of: items, to: other, at: .end, onBoard: point)
            var places: [[Double]] = []
            for letter in "BCDEF" {
                let position = try #require(try await store.item(try itemID(String(letter), items)).boardPosition)
                places.append([position.x, position.y, position.width, Double(position.z)])
            }
            #expect(
                places == [
                    [480, 400, 240, 8], [744, 400, 240, 9], [1008, 400, 240, 10], [1272, 400, 240, 11],
                    [480, 664, 240, 12],
                ])
            // Read by the board index where they lie.
            let page = try await store.boardItems(
                in: other, meeting: BoardRect(x: 1300, y: 450, width: 10, height: 10), limit: 10)
            #expect(page.items.map(\.title) == ["E"])
            // A run moved within its gallery keeps its places.
            _ = try await store.moveRun("C", "D", count: 2, of: items, to: other, at: .start, onBoard: point)
            #expect(try await store.item(try itemID("C", items)).boardPosition?.x == 744)
        }
    }

    @Test func undoLeavesItemsMovedSinceAndComesBackBetweenTheOldNeighbours() async throws {
        try await withLetteredGallery("ABCDEF") { store, gallery, items in
            _ = try await store.moveRun("B", "D", count: 3, of: items, to: gallery, at: .end)
            #expect(try await store.letters(in: gallery) == "AEFBCD")
            // Somebody else moves C to the start, and drops G where the run was.
            _ = try await store.moveItems(itemIDs("C", items), to: gallery, at: .start, recordingFor: sessionTwo)
            _ = try await store.insertPendingItems([draft("G")], into: gallery, at: .after(try itemID("A", items)))
            #expect(try await store.letters(in: gallery) == "CAGEFBD")

            let undone = try await store.step(.undo, in: gallery, for: sessionOne, mayChange: { _ in true })

            #expect(undone.message == "Undid the move of 3 items. 1 item was changed since and was left as it is.")
            #expect(try await store.letters(in: gallery) == "CABDGEF")
        }
    }

    @Test func undoPutsARunBackAmongItselfWhenItsNeighboursMovedAround() async throws {
        try await withLetteredGallery("ABCDE") { store, gallery, items in
            _ = try await store.moveRun("B", "C", count: 2, of: items, to: gallery, at: .end)
            // Somebody else moves D and E after the run: the place the run left is where the run is now.
            _ = try await store.moveItems(itemIDs("DE", items), to: gallery, at: .end, recordingFor: sessionTwo)
            #expect(try await store.letters(in: gallery) == "ABCDE")

            _ = try await store.step(.undo, in: gallery, for: sessionOne, mayChange: { _ in true })
            #expect(try await store.letters(in: gallery) == "ABCDE")
            // Redone, it goes where its keys at the end lie now: before D and E again.
            _ = try await store.step(.redo, in: gallery, for: sessionOne, mayChange: { _ in true })
            #expect(try await store.letters(in: gallery) == "ABCDE")
            #expect(try await store.gallery(gallery).itemCount == 5)
        }
    }

    @Test func aRunThatChangedSinceItWasSelectedIsRefusedAndNothingMoves() async throws {
        try await withLetteredGallery("ABCDE") { store, gallery, items in
            let (other, _) = try await store.makeGallery(named: "Other", holding: "X")
            let before = try await store.gallery(gallery).sequence
            await #expect(
                throws: GalleryError.conflict(
                    "The gallery changed since these 2 items were selected (they are 3 now): select them again.")
            ) {
                try await store.moveRun("B", "D", count: 2, of: items, to: gallery, at: .end)
            }
            await #expect(throws: GalleryError.self) {
                try await store.moveRun("D", "B", count: 3, of: items, to: gallery, at: .end)
            }
            let x = try await store.item(try #require(try await store.allItems(in: other).first).id)
            await #expect(throws: GalleryError.self) {
                try await store.moveItems(
                    from: try itemID("A", items), through: x.id, count: 2, to: gallery, at: .end, onBoard: nil,
                    recordingFor: nil)
            }
            _ = try await store.trashItems(itemIDs("E", items), in: gallery)
            await #expect(throws: GalleryError.self) {
                try await store.moveRun("C", "E", count: 3, of: items, to: other, at: .end)
            }
            #expect(try await store.letters(in: gallery) == "ABCD")
            #expect(try await store.letters(in: other) == "X")
            #expect(try await store.gallery(gallery).sequence == before + 1)
        }
    }
}
