import Foundation
import GalleryCore
import Testing

@testable import GalleryStoreSQL
@testable import GalleryStoreSQLite

/// A store (on a ticking clock) with a gallery "Source" of items A…E and a gallery "Target" of items X, Y, Z.
private func withTwoGalleries(
    _ body: (SQLGalleryStore, _ source: GalleryID, _ target: GalleryID, [String: Item]) async throws -> Void
) async throws {
    try await withStore(clock: TickingClock()) { store, _ in
        let (source, sources) = try await store.makeGallery(named: "Source", holding: "ABCDE")
        let (target, targets) = try await store.makeGallery(named: "Target", holding: "XYZ")
        try await body(store, source, target, sources.merging(targets) { first, _ in first })
    }
}

@Suite("Moving and copying items between galleries")
struct CrossGalleryTests {
    // MARK: - Moves

    @Test(arguments: [
        ("start", "DBXYZ"),
        ("after X", "XDBYZ"),
        ("before Z", "XYDBZ"),
        ("index 2", "XYDBZ"),
        ("end", "XYZDB"),
    ])
    func movedItemsLeaveTheSourceAndLandAtThePositionInTheTarget(position: String, expected: String) async throws {
        try await withTwoGalleries { store, source, target, items in
            let point: InsertionPoint =
                switch position {
                case "start": .start
                case "after X": .after(try itemID("X", items))
                case "before Z": .before(try itemID("Z", items))
                case "index 2": .index(2)
                default: .end
                }
            let events = try await store.onlyEvents(in: [target, source]) {
                let moved = try await store.moveItems(itemIDs("DB", items), to: target, at: point, recordingFor: nil)
                #expect(moved.map(\.title) == ["D", "B"])
                #expect(moved.allSatisfy { $0.galleryID == target && $0.trashedAt == nil })
            }
            #expect(try await store.letters(in: source) == "ACE")
            #expect(try await store.letters(in: target) == expected)
            #expect(events[0].items.map(\.title) == ["D", "B"])
            #expect(events[1].removed == itemIDs("DB", items))
            #expect(try await store.gallery(source).itemCount == 3)
            #expect(try await store.gallery(target).itemCount == 5)
        }
    }

    @Test func itemsOfSeveralGalleriesMoveTogetherInTheGivenOrder() async throws {
        try await withTwoGalleries { store, source, target, items in
            let (third, thirds) = try await store.makeGallery(named: "Third", holding: "PQ")
            let moving = itemIDs("Q", thirds) + itemIDs("CA", items)
            let events = try await store.onlyEvents(in: [target, third, source]) {
                _ = try await store.moveItems(moving, to: target, at: .after(try itemID("Y", items)), recordingFor: nil)
            }
            #expect(try await store.letters(in: target) == "XYQCAZ")
            #expect(try await store.letters(in: source) == "BDE")
            #expect(try await store.letters(in: third) == "P")
            #expect(events.map(\.removed) == [[], itemIDs("Q", thirds), itemIDs("CA", items)])
        }
    }

    @Test func itemsOfTheTargetAndOfAnotherGalleryMoveTogether() async throws {
        try await withTwoGalleries { store, source, target, items in
            _ = try await store.onlyEvents(in: [target, source]) {
                _ = try await store.moveItems(itemIDs("ZB", items), to: target, at: .start, recordingFor: nil)
            }
            #expect(try await store.letters(in: target) == "ZBXY")
            #expect(try await store.letters(in: source) == "ACDE")
        }
    }

    @Test func aMovedItemKeepsItsStateAndImage() async throws {
        try await withTwoGalleries { store, _, target, items in
            let ready = try #require(try await store.markReady(try itemID("A", items), image: storedImage()))
            let moved = try await store.moveItems(itemIDs("A", items), to: target, at: .end, recordingFor: nil)[0]
            #expect(moved.state == .ready)
            #expect(moved.blobHash == ready.blobHash)
            #expect(moved.createdAt == ready.createdAt)
            #expect(moved.placementVersion == ready.placementVersion + 1)
        }
    }

    /// Kinds of bad items, each of which must make a move or copy between galleries change nothing.
    enum BadItem: String, CaseIterable, Sendable {
        case unknown, trashed, ofATrashedGallery, namedTwice, intoATrashedGallery

        var expectedError: GalleryError.Kind { self == .namedTwice ? .invalid : .notFound }
    }

    @Test(arguments: BadItem.allCases, [false, true])
    func aBatchWithOneBadItemChangesNeitherGallery(bad: BadItem, copying: Bool) async throws {
        try await withTwoGalleries { store, source, target, items in
            let (gone, goners) = try await store.makeGallery(named: "Gone", holding: "G")
            _ = try await store.trashGallery(gone)
            _ = try await store.trashItem(try itemID("E", items))
            let badID: ItemID =
                switch bad {
                case .unknown: .make()
                case .trashed: try itemID("E", items)
                case .ofATrashedGallery: try itemID("G", goners)
                case .namedTwice, .intoATrashedGallery: try itemID("A", items)
                }
            let into = bad == .intoATrashedGallery ? gone : target
            let before = (
                try await store.gallery(source), try await store.gallery(target),
                try await store.allItems(in: source), try await store.allItems(in: target)
            )

            let error = await galleryError {
                let ids = itemIDs("AC", items) + [badID]
                if copying {
                    _ = try await store.copyItems(ids, to: into, at: .start, recordingFor: sessionOne)
                } else {
                    _ = try await store.moveItems(ids, to: into, at: .start, recordingFor: sessionOne)
                }
            }
            #expect(error?.kind == bad.expectedError)
            #expect(try await store.gallery(source) == before.0)
            #expect(try await store.gallery(target) == before.1)
            #expect(try await store.allItems(in: source) == before.2)
            #expect(try await store.allItems(in: target) == before.3)
            #expect(try await store.history(in: target, for: sessionOne) == HistoryState(undo: nil, redo: nil))
        }
    }

    // MARK: - Copies

    @Test func copiesAreNewItemsWithTheSameImagesAndStatesAtThePosition() async throws {
        try await withTwoGalleries { store, source, target, items in
            _ = try await store.markReady(try itemID("A", items), image: storedImage(digit: "b"))
            _ = try await store.markFailed(try itemID("B", items), reason: .timedOut)
            let originals = try await store.allItems(in: source)

            let copies = try await store.copyItems(
                itemIDs("CBA", items), to: target, at: .after(try itemID("X", items)), recordingFor: nil)

            #expect(try await store.letters(in: target) == "XCBAYZ")
            #expect(try await store.allItems(in: source) == originals)
            #expect(Set(copies.map(\.id)).isDisjoint(with: originals.map(\.id)))
            for (copy, title) in zip(copies, ["C", "B", "A"]) {
                let original = try #require(originals.first { $0.title == title })
                #expect(copy.galleryID == target)
                #expect(copy.title == original.title)
                #expect(copy.state == original.state)
                #expect(copy.origin == original.origin)
                #expect(copy.sourceURL == original.sourceURL)
                #expect(copy.blobHash == original.blobHash)
                #expect(copy.mimeType == original.mimeType)
                #expect(copy.width == original.width)
                #expect(copy.failure == original.failure)
            }
            #expect(copies.map(\.state) == [.pending, .failed, .ready])
            #expect(try await store.pendingItems().map(\.title).filter { $0 == "C" }.count == 2)
        }
    }

    @Test func copyingWithinAGalleryAddsTheCopiesAndKeepsTheOriginals() async throws {
        try await withTwoGalleries { store, source, _, items in
            let copies = try await store.copyItems(itemIDs("AB", items), to: source, at: .end, recordingFor: nil)
            #expect(try await store.letters(in: source) == "ABCDEAB")
            #expect(try await store.allItems(in: source).suffix(2).map(\.id) == copies.map(\.id))
        }
    }

    @Test func whoAddedAnItemIsKeptWithItAndItsCopies() async throws {
        try await withTwoGalleries { store, source, target, _ in
            let adder = UserID(trusted: "00000000-0000-4000-8000-0000000000ad")
            var draft = ItemDraft(note: "kept")
            draft.addedBy = adder
            let added = try await store.insertPendingItems([draft], into: source, at: .end, recordingFor: nil)
            let note = try #require(added.first)
            #expect(note.addedBy == adder)
            #expect(try await store.item(note.id).addedBy == adder)
            let copies = try await store.copyItems([note.id], to: target, at: .end, recordingFor: nil)
            #expect(copies.map(\.addedBy) == [adder])
            let (duplicate, _) = try await store.duplicateGallery(source, named: nil)
            #expect(try await store.allItems(in: duplicate.id).last?.addedBy == adder)
            // Items added without an account say so.
            #expect(try await store.allItems(in: source).first?.addedBy == nil)
        }
    }

    // MARK: - Galleries as documents

    @Test func aDuplicateHoldsCopiesOfEveryLiveItemInOrder() async throws {
        try await withTwoGalleries { store, source, _, items in
            _ = try await store.updateGallery(source, name: nil, imagesPerRow: 6)
            _ = try await store.markReady(try itemID("B", items), image: storedImage())
            _ = try await store.moveItems(itemIDs("E", items), in: source, to: .start)
            _ = try await store.trashItem(try itemID("C", items))
            let originals = try await store.allItems(in: source)
            let original = try await store.gallery(source)

            let (copy, loading) = try await store.duplicateGallery(source, named: nil)
            let copies = try await store.allItems(in: copy.id)

            #expect(copy.name == "Source copy")
            #expect(copy.id != source)
            #expect(copy.imagesPerRow == 6)
            #expect(copy.itemCount == 4)
            #expect(copy.trashCount == 0)
            #expect(copy.cover?.blobHash == original.cover?.blobHash)
            #expect(copies.map(\.title) == ["E", "A", "B", "D"])
            // The copies still loading are told, to be loaded again: all but B, which was ready.
            #expect(loading == copies.filter { $0.state == .pending })
            #expect(loading.map(\.title) == ["E", "A", "D"])
            #expect(Set(copies.map(\.id)).isDisjoint(with: originals.map(\.id)))
            #expect(copies.map(\.state) == originals.map(\.state))
            #expect(copies.map(\.blobHash) == originals.map(\.blobHash))
            #expect(try await store.allItems(in: source) == originals)
            #expect(try await store.gallery(source) == original)
            #expect(try await store.galleries().map(\.name).contains("Source copy"))
        }
    }

    @Test func aDuplicateOfMoreItemsThanOneStatementCopiesHasEveryLiveOneInOrderWithItsPlace() async throws {
        try await withStore(clock: TickingClock()) { store, _ in
            let gallery = try await store.firstGallery().id
            let count = SQLGalleryStore.copyBatch * 2 + 7
            let added = try await store.insertPendingItems(
                (0..<count).map { draft("item\($0)") }, into: gallery, at: .end)
            // Two in the trash (not copied), one of them where a batch begins; two on the board (their places are).
            _ = try await store.trashItems([added[3].id, added[SQLGalleryStore.copyBatch].id], in: gallery)
            _ = try await store.arrangeItems(
                [
                    (added[1].id, BoardPosition(x: 10, y: 20, width: 300, z: 2)),
                    (added[count - 1].id, BoardPosition(x: -40, y: 5000, width: 90, z: 1)),
                ], in: gallery, recordingFor: nil)

            let (copy, loading) = try await store.duplicateGallery(gallery, named: nil)

            let originals = try await store.allItems(in: gallery)
            let copies = try await store.allItems(in: copy.id)
            #expect(originals.count == count - 2)
            #expect(copy.itemCount == count - 2)
            #expect(copies.map(\.title) == originals.map(\.title))
            #expect(copies.map(\.orderKey) == originals.map(\.orderKey))
            #expect(copies.map(\.boardPosition) == originals.map(\.boardPosition))
            #expect(copies.compactMap(\.boardPosition).count == 2)
            #expect(Set(copies.map(\.id)).isDisjoint(with: added.map(\.id)))
            #expect(Set(copies.map(\.galleryID)) == [copy.id])
            // All of them are still loading: every one is told, to be loaded again.
            #expect(loading.map(\.id) == copies.map(\.id))
        }
    }

    @Test func aDuplicateCanBeNamed() async throws {
        try await withTwoGalleries { store, source, _, _ in
            let (copy, _) = try await store.duplicateGallery(source, named: "  Holidays  ")
            #expect(copy.name == "Holidays")
            let error = await galleryError { _ = try await store.duplicateGallery(source, named: " ") }
            #expect(error?.kind == .invalid)
        }
    }

    @Test func aDuplicateIsReadyForViewsAtItsFirstChange() async throws {
        try await withTwoGalleries { store, source, _, _ in
            let (copy, _) = try await store.duplicateGallery(source, named: nil)
            let copies = try await store.allItems(in: copy.id)
            let added = try await store.insertPendingItems(drafts("F"), into: copy.id, at: .start)
            // A view that loaded the copy gets exactly the one event of the change, numbered right after the copy's
            // sequence, with the gallery and the new item as they are now: with them it shows the store's order.
            let events = try #require(try await store.events(in: copy.id, after: copy.sequence))
            #expect(events.map(\.sequence) == [copy.sequence + 1])
            #expect(events.first?.items == added)
            #expect(events.first?.removed == [])
            #expect(events.first?.gallery == (try await store.gallery(copy.id)))
            #expect(try await store.allItems(in: copy.id) == added + copies)
        }
    }

    @Test func aTrashedGalleryLeavesTheListAndComesBackWithItsItems() async throws {
        try await withTwoGalleries { store, source, target, _ in
            let items = try await store.allItems(in: source)
            let trashed = try await store.trashGallery(source)
            #expect(trashed.trashedAt != nil)
            #expect(try await store.galleries().map(\.id) == [target])
            #expect(try await store.trashedGalleries().map(\.id) == [source])
            #expect(await galleryError { _ = try await store.gallery(source) }?.kind == .notFound)
            #expect(await galleryError { _ = try await store.allItems(in: source) }?.kind == .notFound)
            #expect(await galleryError { _ = try await store.trashGallery(source) }?.kind == .notFound)

            let restored = try await store.restoreGallery(source)
            #expect(restored.trashedAt == nil)
            #expect(try await store.galleries().map(\.id) == [source, target])
            #expect(try await store.trashedGalleries().isEmpty)
            #expect(try await store.allItems(in: source) == items)
        }
    }

    @Test func theTrashOfGalleriesListsTheMostRecentlyTrashedFirst() async throws {
        try await withTwoGalleries { store, source, target, _ in
            let (third, _) = try await store.makeGallery(named: "Third", holding: "")
            _ = try await store.trashGallery(target)
            _ = try await store.trashGallery(source)
            _ = try await store.trashGallery(third)
            #expect(try await store.trashedGalleries().map(\.id) == [third, source, target])
            #expect(try await store.galleries().isEmpty)
        }
    }

    @Test func restoringALiveGalleryIsRefused() async throws {
        try await withTwoGalleries { store, source, _, _ in
            let before = try await store.gallery(source)
            #expect(await galleryError { _ = try await store.restoreGallery(source) }?.kind == .invalid)
            #expect(await galleryError { _ = try await store.restoreGallery(.make()) }?.kind == .notFound)
            #expect(try await store.gallery(source) == before)
        }
    }

    // MARK: - Item count and cover

    @Test func theItemCountCountsLiveItemsOfEveryState() async throws {
        try await withTwoGalleries { store, source, _, items in
            _ = try await store.markReady(try itemID("A", items), image: storedImage())
            _ = try await store.markFailed(try itemID("B", items), reason: .damaged)
            _ = try await store.trashItems(itemIDs("CD", items), in: source)
            let gallery = try await store.gallery(source)
            #expect(gallery.itemCount == 3)
            #expect(gallery.trashCount == 2)
            #expect(try await store.galleries().first { $0.id == source }?.itemCount == 3)
        }
    }

    @Test func theCoverIsTheFirstReadyLiveItem() async throws {
        try await withTwoGalleries { store, source, target, items in
            #expect(try await store.gallery(source).cover == nil)

            _ = try await store.markReady(try itemID("C", items), image: storedImage(digit: "c", width: 30, height: 20))
            _ = try await store.markReady(try itemID("D", items), image: storedImage(digit: "d"))
            let cover = try #require(try await store.gallery(source).cover)
            #expect(
                cover
                    == Gallery.Cover(
                        itemID: try itemID("C", items), title: "C", blobHash: String(repeating: "c", count: 64),
                        mimeType: "image/png", width: 30, height: 20))

            _ = try await store.moveItems(itemIDs("D", items), in: source, to: .start)
            #expect(try await store.gallery(source).cover?.itemID == (try itemID("D", items)))

            _ = try await store.trashItem(try itemID("D", items))
            #expect(try await store.gallery(source).cover?.itemID == (try itemID("C", items)))

            _ = try await store.moveItems(itemIDs("C", items), to: target, at: .end, recordingFor: nil)
            #expect(try await store.gallery(source).cover == nil)
        }
    }
}
