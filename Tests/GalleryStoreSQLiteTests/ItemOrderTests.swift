import Foundation
import GalleryCore
import Testing

@testable import GalleryStoreSQL
@testable import GalleryStoreSQLite

@Suite("Where new items go")
struct ItemOrderTests {
    /// A store with a gallery holding items titled A, B, C in that order.
    private func withABC(
        _ body: (SQLGalleryStore, GalleryID, [Item]) async throws -> Void
    ) async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery()
            let items = try await store.insertPendingItems(drafts("A", "B", "C"), into: gallery.id, at: .end)
            try await body(store, gallery.id, items)
        }
    }

    @Test func itemsInsertedAtTheEndFollowTheOthers() async throws {
        try await withABC { store, gallery, _ in
            _ = try await store.insertPendingItems(drafts("X"), into: gallery, at: .end)
            #expect(try await store.titles(in: gallery) == ["A", "B", "C", "X"])
        }
    }

    @Test func itemsInsertedAtTheStartPrecedeTheOthers() async throws {
        try await withABC { store, gallery, _ in
            _ = try await store.insertPendingItems(drafts("X"), into: gallery, at: .start)
            #expect(try await store.titles(in: gallery) == ["X", "A", "B", "C"])
        }
    }

    @Test func itemsInsertedAfterAnItemFollowIt() async throws {
        try await withABC { store, gallery, items in
            _ = try await store.insertPendingItems(drafts("X"), into: gallery, at: .after(items[0].id))
            #expect(try await store.titles(in: gallery) == ["A", "X", "B", "C"])
        }
    }

    @Test func itemsInsertedAfterTheLastItemGoAtTheEnd() async throws {
        try await withABC { store, gallery, items in
            _ = try await store.insertPendingItems(drafts("X"), into: gallery, at: .after(items[2].id))
            #expect(try await store.titles(in: gallery) == ["A", "B", "C", "X"])
        }
    }

    @Test func itemsInsertedAfterAnUnknownItemGoAtTheEnd() async throws {
        try await withABC { store, gallery, _ in
            _ = try await store.insertPendingItems(drafts("X"), into: gallery, at: .after(ItemID.make()))
            #expect(try await store.titles(in: gallery) == ["A", "B", "C", "X"])
        }
    }

    @Test func itemsInsertedAfterATrashedItemGoAtTheEnd() async throws {
        try await withABC { store, gallery, items in
            _ = try await store.trashItem(items[0].id)
            _ = try await store.insertPendingItems(drafts("X"), into: gallery, at: .after(items[0].id))
            #expect(try await store.titles(in: gallery) == ["B", "C", "X"])
        }
    }

    @Test(arguments: [
        (0, ["X", "A", "B", "C"]),
        (1, ["A", "X", "B", "C"]),
        (2, ["A", "B", "X", "C"]),
        (3, ["A", "B", "C", "X"]),
        (99, ["A", "B", "C", "X"]),
    ])
    func itemsInsertedAtAnIndexLandThere(index: Int, expected: [String]) async throws {
        try await withABC { store, gallery, _ in
            let inserted = try await store.insertPendingItems(drafts("X"), into: gallery, at: .index(index))
            let items = try await store.allItems(in: gallery)
            #expect(items.map(\.title) == expected)
            #expect(items.first { $0.title == "X" }?.id == inserted[0].id)
        }
    }

    @Test func theIndexCountsOnlyLiveItems() async throws {
        try await withABC { store, gallery, items in
            _ = try await store.trashItem(items[0].id)
            _ = try await store.insertPendingItems(drafts("X"), into: gallery, at: .index(1))
            #expect(try await store.titles(in: gallery) == ["B", "X", "C"])
        }
    }

    @Test(arguments: [InsertionPoint.start, .end, .index(1), .index(2)])
    func aBatchKeepsItsOrderWithAscendingKeys(point: InsertionPoint) async throws {
        try await withABC { store, gallery, _ in
            let batch = try await store.insertPendingItems(drafts("X", "Y", "Z"), into: gallery, at: point)
            #expect(batch.map(\.title) == ["X", "Y", "Z"])
            #expect(isStrictlyAscending(batch.map(\.orderKey)))
            let titles = try await store.titles(in: gallery)
            let positions = ["X", "Y", "Z"].compactMap { titles.firstIndex(of: $0) }
            #expect(positions.count == 3)
            #expect(positions == Array((positions.first ?? 0)..<(positions.first ?? 0) + 3))
        }
    }

    @Test func keysOfTheWholeGalleryAscendInItsOrder() async throws {
        try await withABC { store, gallery, items in
            _ = try await store.insertPendingItems(drafts("P", "Q"), into: gallery, at: .start)
            _ = try await store.insertPendingItems(drafts("R"), into: gallery, at: .after(items[1].id))
            _ = try await store.insertPendingItems(drafts("S", "T"), into: gallery, at: .index(3))
            let all = try await store.allItems(in: gallery)
            #expect(all.map(\.title) == ["P", "Q", "A", "S", "T", "B", "R", "C"])
            #expect(isStrictlyAscending(all.map(\.orderKey)))
        }
    }

    @Test func aBatchInsertedIntoAnEmptyGalleryStartsAtTheFirstKey() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery()
            let batch = try await store.insertPendingItems(drafts("A", "B", "C"), into: gallery.id, at: .index(5))
            #expect(batch.first?.orderKey == OrderKey.first)
            #expect(try await store.titles(in: gallery.id) == ["A", "B", "C"])
        }
    }

    @Test func anEmptyBatchAddsNothing() async throws {
        try await withABC { store, gallery, _ in
            let before = try await store.gallery(gallery).sequence
            let inserted = try await store.insertPendingItems([], into: gallery, at: .start)
            #expect(inserted.isEmpty)
            #expect(try await store.titles(in: gallery) == ["A", "B", "C"])
            #expect(try await store.gallery(gallery).sequence == before)
        }
    }

    @Test func aPlaceholderCommittedAfterOthersWereInsertedBeforeItKeepsItsPlace() async throws {
        try await withABC { store, gallery, items in
            let placeholder = items[1]
            _ = try await store.insertPendingItems(drafts("X"), into: gallery, at: .index(1))
            _ = try await store.insertPendingItems(drafts("Y", "Z"), into: gallery, at: .start)
            let ready = try #require(try await store.markReady(placeholder.id, image: storedImage()))
            #expect(ready.orderKey == placeholder.orderKey)
            let all = try await store.allItems(in: gallery)
            #expect(all.map(\.title) == ["Y", "Z", "A", "X", "B", "C"])
            #expect(all.first { $0.id == placeholder.id }?.state == .ready)
        }
    }

    @Test func insertingIntoAnUnknownGalleryFailsWithNotFound() async throws {
        try await withStore { store, _ in
            await #expect(throws: GalleryError.self) {
                _ = try await store.insertPendingItems(drafts("A"), into: GalleryID.make(), at: .end)
            }
        }
    }
}
