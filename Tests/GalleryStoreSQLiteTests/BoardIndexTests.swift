import Foundation
import GalleryCore
import Testing

@testable import GalleryStoreSQL

/// A rectangle on the board.
private func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> BoardRect {
    BoardRect(x: x, y: y, width: width, height: height)
}

extension SQLGalleryStore {
    /// The titles of the items on the gallery's board that meet `rect`, sorted.
    fileprivate func titles(meeting rect: BoardRect, in gallery: GalleryID) async throws -> [String] {
        try await boardItems(in: gallery, meeting: rect, limit: 1000).items.map(\.title).sorted()
    }

    fileprivate func positions(of letters: String, _ items: [String: Item]) async throws -> [BoardPosition?] {
        var positions: [BoardPosition?] = []
        for id in itemIDs(letters, items) { positions.append(try await item(id).boardPosition) }
        return positions
    }

    fileprivate func put(_ placed: [(ItemID, BoardPosition)], in gallery: GalleryID) async throws {
        _ = try await arrangeItems(placed, in: gallery, recordingFor: nil)
    }

    /// Marks the items titled by `letters` ready, as images 3/4 as tall as wide (all one stored file, "b…").
    func markReady(_ letters: String, _ items: [String: Item]) async throws {
        let image = GalleryStoreSQLiteTests.storedImage(digit: "b", width: 640, height: 480)
        for id in itemIDs(letters, items) { _ = try await markReady(id, image: image) }
    }
}

@Suite("The board read by rectangles")
struct BoardIndexTests {
    @Test func theItemsMeetingARectangleAreReadAndNoOthers() async throws {
        try await withLetteredGallery("ABCDEF") { store, gallery, items in
            // Pending items are 3/4 as tall as wide, as the web client draws them.
            try await store.put(
                [
                    (try itemID("A", items), BoardPosition(x: 0, y: 0, width: 100, z: 0)),
                    (try itemID("B", items), BoardPosition(x: 1000, y: 0, width: 100, z: 0)),
                    (try itemID("C", items), BoardPosition(x: -5000, y: -5000, width: 1_000_000, z: 0)),
                    (try itemID("D", items), BoardPosition(x: 150, y: 80, width: 10, z: 0)),
                    (try itemID("E", items), BoardPosition(x: 10, y: 10, width: 50, z: 0)),
                ], in: gallery)
            _ = try await store.trashItems([try itemID("E", items)], in: gallery)
            let (other, otherItems) = try await store.makeGallery(named: "Other", holding: "G")
            try await store.put([(try itemID("G", otherItems), BoardPosition(x: 0, y: 0, width: 100, z: 0))], in: other)

            #expect(try await store.titles(meeting: rect(0, 0, 200, 100), in: gallery) == ["A", "C", "D"])
            #expect(try await store.titles(meeting: rect(500, 500, 10, 10), in: gallery) == ["C"])
            // Just below A (75 tall) and left of D: only the big one.
            #expect(try await store.titles(meeting: rect(0, 76, 100, 3), in: gallery) == ["C"])
            #expect(try await store.titles(meeting: rect(-6000, -6000, 500, 500), in: gallery) == [])
            #expect(try await store.titles(meeting: rect(0, 0, 200, 100), in: other) == ["G"])
            // Around them all (E's place in the trash too), and nothing for a board with nothing on it.
            #expect(try await store.boardBounds(in: gallery) == rect(-5000, -5000, 1_000_000, 750_000))
            let empty = try await store.createGallery(named: "Empty")
            #expect(try await store.boardBounds(in: empty.id) == nil)
            let page = try await store.boardItems(in: gallery, meeting: rect(0, 0, 200, 100), limit: 10)
            #expect(page.gallery.id == gallery)
            #expect(page.complete)
        }
    }

    @Test func anItemIsFoundByItsHeightOnceItsImageIsKnown() async throws {
        try await withLetteredGallery("A") { store, gallery, items in
            let a = try itemID("A", items)
            try await store.put([(a, BoardPosition(x: 0, y: 0, width: 100, z: 0))], in: gallery)
            #expect(try await store.titles(meeting: rect(0, 100, 100, 10), in: gallery) == [])
            // Three times as tall as wide: it reaches 300 down.
            _ = try await store.markReady(a, image: storedImage(width: 100, height: 300))
            #expect(try await store.titles(meeting: rect(0, 290, 100, 5), in: gallery) == ["A"])
            #expect(try await store.titles(meeting: rect(0, 301, 100, 5), in: gallery) == [])
        }
    }

    @Test func aRectangleMeetingMoreItemsThanAskedForSaysItIsNotComplete() async throws {
        try await withLetteredGallery("ABCDE") { store, gallery, items in
            try await store.put(
                itemIDs("ABCDE", items).enumerated().map { index, id in
                    (id, BoardPosition(x: Double(index) * 50, y: 0, width: 40, z: index))
                }, in: gallery)
            let some = try await store.boardItems(in: gallery, meeting: rect(0, 0, 500, 100), limit: 3)
            #expect(some.items.count == 3)
            #expect(!some.complete)
            let all = try await store.boardItems(in: gallery, meeting: rect(0, 0, 500, 100), limit: 5)
            #expect(all.items.count == 5)
            #expect(all.complete)
        }
    }

    @Test func itemsOfEverySizeAnywhereAreFoundAsAFullReadWouldFindThem() async throws {
        let letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
        try await withLetteredGallery(letters) { store, gallery, items in
            // Sizes from 3 to 300,000 wide, placed over a board a million units wide, both sides of 0 and on tile
            // edges (multiples of 256).
            var generator = SeededNumbers(seed: 7)
            let positions = itemIDs(letters, items).map { id in
                let width = [3.0, 40, 255, 256, 700, 5000, 90_000, 300_000][generator.next(below: 8)]
                let x = Double(generator.next(below: 2_000_000)) - 1_000_000
                let y = generator.next(below: 4) == 0 ? 512 : Double(generator.next(below: 2_000_000)) - 1_000_000
                return (id, BoardPosition(x: x, y: y, width: width, z: 0))
            }
            try await store.put(positions, in: gallery)
            let byID = Dictionary(uniqueKeysWithValues: positions)
            // The rectangle around them, from the edges of the tiles alone.
            let rects = positions.map { _, p in (p.x, p.y, p.x + p.width, p.y + p.width * 0.75) }
            let left = rects.map(\.0).min()!
            let top = rects.map(\.1).min()!
            #expect(
                try await store.boardBounds(in: gallery)
                    == rect(left, top, rects.map(\.2).max()! - left, rects.map(\.3).max()! - top))
            for _ in 0..<40 {
                let side = [10.0, 1000, 50_000, 800_000][generator.next(below: 4)]
                let view = rect(
                    Double(generator.next(below: 2_400_000)) - 1_200_000,
                    Double(generator.next(below: 2_400_000)) - 1_200_000, side, side * 0.6)
                let expected = items.values.filter { item in
                    guard let p = byID[item.id] else { return false }
                    return p.x < view.x + view.width && p.x + p.width > view.x && p.y < view.y + view.height
                        && p.y + p.width * 0.75 > view.y
                }.map(\.title).sorted()
                #expect(try await store.titles(meeting: view, in: gallery) == expected, "\(view)")
            }
        }
    }

    @Test func theRestIsPlacedInRowsBelowTheBoardOnceAndNewItemsBelowThem() async throws {
        try await withLetteredGallery("ABCDEFH") { store, gallery, items in
            try await store.put([(try itemID("A", items), BoardPosition(x: 0, y: 0, width: 100, z: 3))], in: gallery)
            _ = try await store.trashItems([try itemID("H", items)], in: gallery)
            // E is three times as tall as wide: it gets a third of the width, to fit its cell; the others are 3/4.
            _ = try await store.markReady(try itemID("E", items), image: storedImage(width: 100, height: 300))
            try await store.markReady("BCDF", items)
            #expect(try await store.placeRest(in: gallery, atMost: 100) == PlacedRest(placed: 5, more: false))
            let placed = try await store.positions(of: "ABCDEFH", items)
            // Four columns at least, 264 apart, from 24 below A (75 tall).
            #expect(
                placed == [
                    BoardPosition(x: 0, y: 0, width: 100, z: 3), BoardPosition(x: 0, y: 99, width: 240, z: 0),
                    BoardPosition(x: 264, y: 99, width: 240, z: 0), BoardPosition(x: 528, y: 99, width: 240, z: 0),
                    BoardPosition(x: 792, y: 99, width: 80, z: 0), BoardPosition(x: 0, y: 363, width: 240, z: 0), nil,
                ])
            #expect(try await store.placeRest(in: gallery, atMost: 100) == PlacedRest(placed: 0, more: false))
            #expect(
                try await store.titles(meeting: rect(0, 100, 1000, 10), in: gallery) == ["B", "C", "D", "E"])

            // A new item goes below them (F's bottom is 363 + 180).
            let g = try await store.addLetters("G", to: gallery)
            try await store.markReady("G", g)
            #expect(try await store.placeRest(in: gallery, atMost: 100) == PlacedRest(placed: 1, more: false))
            #expect(try await store.positions(of: "G", g) == [BoardPosition(x: 0, y: 567, width: 240, z: 0)])
        }
    }

    @Test func theRestIsPlacedInBatchesEachAnswerSayingWhetherMoreMayBeLeft() async throws {
        try await withLetteredGallery("ABCDE") { store, gallery, items in
            try await store.markReady("ABCDE", items)
            #expect(try await store.placeRest(in: gallery, atMost: 2) == PlacedRest(placed: 2, more: true))
            #expect(try await store.placeRest(in: gallery, atMost: 2) == PlacedRest(placed: 2, more: true))
            #expect(try await store.placeRest(in: gallery, atMost: 2) == PlacedRest(placed: 1, more: false))
            #expect(try await store.placeRest(in: gallery, atMost: 2) == PlacedRest(placed: 0, more: false))
            // In order, each batch below the one before: A and B on the first row, C and D below them, E below.
            let placed = try await store.positions(of: "ABCDE", items).map { $0.map { [$0.x, $0.y] } }
            #expect(placed == [[0, 0], [264, 0], [0, 204], [264, 204], [0, 408]])
        }
    }

    @Test func aDuplicatedGalleryIsReadByRectanglesTooAndItsRestPlaced() async throws {
        try await withLetteredGallery("ABC") { store, gallery, items in
            try await store.put(
                [
                    (try itemID("A", items), BoardPosition(x: 0, y: 0, width: 100, z: 0)),
                    (try itemID("B", items), BoardPosition(x: 5000, y: 0, width: 100, z: 0)),
                ], in: gallery)
            try await store.markReady("C", items)
            let copy = try await store.duplicateGallery(gallery, named: "Copy").gallery
            #expect(try await store.titles(meeting: rect(0, 0, 200, 100), in: copy.id) == ["A"])
            #expect(try await store.titles(meeting: rect(0, 0, 200, 100), in: gallery) == ["A"])
            // The copies were made by no change of the new gallery (their change is 0): C is placed all the same.
            #expect(try await store.placeRest(in: copy.id, atMost: 100).placed == 1)
            #expect(try await store.titles(meeting: rect(0, 99, 240, 10), in: copy.id) == ["C"])
        }
    }
}

/// The same numbers every run (a linear congruential generator).
private struct SeededNumbers {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(below bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}
