import Foundation
import GalleryCore
import Testing

@testable import GalleryStoreSQL
@testable import GalleryStoreSQLite

/// A store (on a ticking clock) with a gallery holding items titled by the letters of `titles`, in that order.
private func withItems(
    _ titles: String, _ body: (SQLGalleryStore, GalleryID, [String: Item]) async throws -> Void
) async throws {
    try await withStore(clock: TickingClock()) { store, _ in
        let gallery = try await store.firstGallery()
        let items = try await store.insertPendingItems(
            titles.map { draft(String($0)) }, into: gallery.id, at: .end)
        try await body(store, gallery.id, Dictionary(uniqueKeysWithValues: items.map { ($0.title, $0) }))
    }
}

/// The ids of the items titled by the letters of `titles`.
private func ids(_ titles: String, _ items: [String: Item]) -> [ItemID] {
    titles.compactMap { items[String($0)]?.id }
}

/// The titles as one string, for short expectations.
private func joined(_ titles: [String]) -> String { titles.joined() }

@Suite("Moving items")
struct ItemMoveTests {
    @Test(arguments: [
        (InsertionPoint.start, "BDGACEFH"),
        (.end, "ACEFHBDG"),
        (.index(0), "BDGACEFH"),
        (.index(2), "ACBDGEFH"),
        (.index(5), "ACEFHBDG"),
        (.index(99), "ACEFHBDG"),
    ])
    func aBlockOfNonAdjacentItemsMovesTogetherKeepingItsOrder(point: InsertionPoint, expected: String) async throws {
        try await withItems("ABCDEFGH") { store, gallery, items in
            let moved = try await store.moveItems(ids("BDG", items), in: gallery, to: point)
            #expect(moved.map(\.title) == ["B", "D", "G"])
            #expect(isStrictlyAscending(moved.map(\.orderKey)))
            let all = try await store.allItems(in: gallery)
            #expect(joined(all.map(\.title)) == expected)
            #expect(isStrictlyAscending(all.map(\.orderKey)))
        }
    }

    @Test(arguments: [
        ("E", "after", "ACEBDGFH"),
        ("F", "before", "ACEBDGFH"),
        ("A", "before", "BDGACEFH"),
        ("H", "after", "ACEFHBDG"),
    ])
    func aBlockMovesNextToAnItemThatStays(anchor: String, side: String, expected: String) async throws {
        try await withItems("ABCDEFGH") { store, gallery, items in
            let anchorID = try #require(items[anchor]?.id)
            let point: InsertionPoint = side == "after" ? .after(anchorID) : .before(anchorID)
            _ = try await store.moveItems(ids("BDG", items), in: gallery, to: point)
            #expect(joined(try await store.titles(in: gallery)) == expected)
        }
    }

    @Test func onlyTheMovedItemsChangeAndTheGallerySequenceRisesByOne() async throws {
        try await withItems("ABCDEFGH") { store, gallery, items in
            let before = try await store.allItems(in: gallery)
            let sequence = try await store.gallery(gallery).sequence

            let moved = try await store.moveItems(ids("BDG", items), in: gallery, to: .after(items["E"]!.id))

            let now = try await store.gallery(gallery).sequence
            #expect(now == sequence + 1)
            #expect(moved.allSatisfy { $0.changeSequence == now })
            let after = try await store.allItems(in: gallery)
            let movedIDs = Set(moved.map(\.id))
            for item in before where !movedIDs.contains(item.id) {
                #expect(after.first { $0.id == item.id } == item)
            }
            for item in moved {
                let old = try #require(before.first { $0.id == item.id })
                #expect(item.updatedAt > old.updatedAt)
            }
            let changes = try await store.changes(in: gallery, since: sequence, limit: 1000)
            #expect(Set(changes.items.map(\.id)) == movedIDs)
        }
    }

    @Test(arguments: [
        ("BC", "afterC", "ABCDE"),
        ("BC", "afterB", "ABCDE"),
        ("BC", "afterA", "ABCDE"),
        ("BC", "beforeD", "ABCDE"),
        ("BC", "beforeB", "ABCDE"),
        ("BD", "afterD", "ACBDE"),
        ("BD", "beforeD", "ACBDE"),
        ("BD", "afterB", "ABDCE"),
        ("AE", "afterA", "AEBCD"),
        ("AE", "beforeE", "BCDAE"),
    ])
    func anAnchorThatMovesStandsForTheGapItLeaves(moving: String, anchor: String, expected: String) async throws {
        try await withItems("ABCDE") { store, gallery, items in
            let anchorID = try #require(items[String(anchor.last!)]?.id)
            let point: InsertionPoint = anchor.hasPrefix("after") ? .after(anchorID) : .before(anchorID)
            _ = try await store.moveItems(ids(moving, items), in: gallery, to: point)
            #expect(joined(try await store.titles(in: gallery)) == expected)
        }
    }

    @Test(arguments: [InsertionPoint.index(1), .index(2)])
    func theIndexCountsOnlyTheItemsThatStay(point: InsertionPoint) async throws {
        try await withItems("ABCDE") { store, gallery, items in
            // Without B and C the order is A D E: index 1 is before D, index 2 before E.
            _ = try await store.moveItems(ids("BC", items), in: gallery, to: point)
            let expected = point == .index(1) ? "ABCDE" : "ADBCE"
            #expect(joined(try await store.titles(in: gallery)) == expected)
        }
    }

    @Test func itemsMovedToWhereTheyAreKeepTheOrder() async throws {
        try await withItems("ABCDEF") { store, gallery, items in
            for point in [InsertionPoint.after(items["A"]!.id), .index(1), .before(items["D"]!.id)] {
                _ = try await store.moveItems(ids("BC", items), in: gallery, to: point)
                #expect(joined(try await store.titles(in: gallery)) == "ABCDEF")
            }
            _ = try await store.moveItems(ids("EF", items), in: gallery, to: .end)
            _ = try await store.moveItems(ids("AB", items), in: gallery, to: .start)
            _ = try await store.moveItems(ids("ABCDEF", items), in: gallery, to: .index(3))
            let all = try await store.allItems(in: gallery)
            #expect(joined(all.map(\.title)) == "ABCDEF")
            #expect(isStrictlyAscending(all.map(\.orderKey)))
        }
    }

    @Test func theGivenOrderIsTheOrderTheItemsEndIn() async throws {
        try await withItems("ABCD") { store, gallery, items in
            _ = try await store.moveItems(ids("DA", items), in: gallery, to: .start)
            #expect(joined(try await store.titles(in: gallery)) == "DABC")
        }
    }

    @Test func itemsMovedNextToAnItemThatIsGoneGoAtTheEnd() async throws {
        try await withItems("ABCD") { store, gallery, items in
            _ = try await store.trashItem(items["D"]!.id)
            _ = try await store.moveItems(ids("A", items), in: gallery, to: .before(items["D"]!.id))
            #expect(joined(try await store.titles(in: gallery)) == "BCA")
            _ = try await store.moveItems(ids("B", items), in: gallery, to: .after(ItemID.make()))
            #expect(joined(try await store.titles(in: gallery)) == "CAB")
        }
    }

    @Test func manyMovesBetweenTheSameNeighboursKeepKeysInOrder() async throws {
        try await withItems("ABCD") { store, gallery, items in
            for round in 0..<40 {
                // Swaps B and C again and again.
                let moving = round.isMultiple(of: 2) ? "B" : "C"
                let anchor = round.isMultiple(of: 2) ? "C" : "B"
                _ = try await store.moveItems(ids(moving, items), in: gallery, to: .after(items[anchor]!.id))
            }
            let all = try await store.allItems(in: gallery)
            #expect(joined(all.map(\.title)) == "ABCD")
            #expect(isStrictlyAscending(all.map(\.orderKey)))
        }
    }

    /// Kinds of bad batches: each one item that must make the whole move fail.
    enum BadItem: String, CaseIterable, Sendable {
        case unknown, trashed, duplicated, ofTrashedGallery

        var expectedError: GalleryError.Kind { self == .duplicated ? .invalid : .notFound }
    }

    @Test(arguments: BadItem.allCases)
    func aBatchWithOneBadItemMovesNothing(bad: BadItem) async throws {
        try await withItems("ABCDE") { store, gallery, items in
            let other = try await store.createGallery(named: "Other")
            var stranger = try await store.insertPendingItems(drafts("X"), into: other.id, at: .end)[0]
            _ = try await store.trashItem(items["E"]!.id)
            if bad == .ofTrashedGallery {
                _ = try await store.trashGallery(other.id)
            } else {
                _ = try await store.moveItems([stranger.id], in: other.id, to: .end)
            }
            stranger = try await store.item(stranger.id)
            let badID: ItemID =
                switch bad {
                case .unknown: ItemID.make()
                case .trashed: items["E"]!.id
                case .duplicated: items["B"]!.id
                case .ofTrashedGallery: stranger.id
                }
            let order = try await store.allItems(in: gallery)
            let sequence = try await store.gallery(gallery).sequence

            let error = await galleryError {
                _ = try await store.moveItems(ids("BD", items) + [badID], in: gallery, to: .start)
            }
            #expect(error?.kind == bad.expectedError)
            #expect(try await store.allItems(in: gallery) == order)
            #expect(try await store.gallery(gallery).sequence == sequence)
            #expect(try await store.item(stranger.id) == stranger)
        }
    }

    @Test func movingInAnUnknownGalleryIsNotFound() async throws {
        try await withItems("AB") { store, _, items in
            let error = await galleryError { _ = try await store.moveItems(ids("A", items), in: .make(), to: .start) }
            #expect(error?.kind == .notFound)
        }
    }

    @Test func movingNoItemChangesNothing() async throws {
        try await withItems("AB") { store, gallery, _ in
            let sequence = try await store.gallery(gallery).sequence
            #expect(try await store.moveItems([], in: gallery, to: .start).isEmpty)
            #expect(try await store.gallery(gallery).sequence == sequence)
        }
    }
}
