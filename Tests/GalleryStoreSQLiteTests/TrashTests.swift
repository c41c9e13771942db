import Foundation
import GalleryCore
import Testing

@testable import GalleryStoreSQL
@testable import GalleryStoreSQLite

/// A store (on a ticking clock, with fake files) with a gallery holding items titled by the letters of `titles`.
private func withItems(
    _ titles: String, files: FakeFiles = FakeFiles(),
    _ body: (SQLGalleryStore, GalleryID, [String: Item], any SQLDatabase) async throws -> Void
) async throws {
    try await withStore(clock: TickingClock(), files: files) { store, database in
        let gallery = try await store.firstGallery()
        let items = try await store.insertPendingItems(
            titles.map { draft(String($0)) }, into: gallery.id, at: .end)
        try await body(store, gallery.id, Dictionary(uniqueKeysWithValues: items.map { ($0.title, $0) }), database)
    }
}

/// The ids of the items titled by the letters of `titles`.
private func ids(_ titles: String, _ items: [String: Item]) -> [ItemID] {
    titles.compactMap { items[String($0)]?.id }
}

extension SQLGalleryStore {
    /// The live titles as one string.
    fileprivate func order(in gallery: GalleryID) async throws -> String {
        try await titles(in: gallery).joined()
    }
}

@Suite("Trashing several items")
struct TrashItemsTests {
    @Test func trashedItemsLeaveTheOrderWithOneChangeNumber() async throws {
        try await withItems("ABCD") { store, gallery, items, _ in
            let sequence = try await store.gallery(gallery).sequence
            let trashed = try await store.trashItems(ids("CA", items), in: gallery)
            #expect(trashed.map(\.title) == ["C", "A"])
            #expect(trashed.allSatisfy { $0.trashedAt != nil && $0.changeSequence == sequence + 1 })
            #expect(try await store.order(in: gallery) == "BD")
            let now = try await store.gallery(gallery)
            #expect(now.sequence == sequence + 1)
            #expect(now.trashCount == 2)
            #expect(try await store.item(items["B"]!.id) == items["B"])
        }
    }

    @Test func aRunOfMoreThanAThousandItemsGoesInOneChangeAndOneUndoToldByItsEnds() async throws {
        try await withStore(clock: TickingClock()) { store, _ in
            let gallery = try await store.firstGallery().id
            let items = try await store.insertPendingItems(
                (0..<1_502).map { draft("I\($0)") }, into: gallery, at: .end)
            let sequence = try await store.gallery(gallery).sequence
            let session = sessionOne

            let trashed = try await store.trashItems(
                from: items[1].id, through: items[1_500].id, count: 1_500, in: gallery, recordingFor: session)

            #expect(trashed == RunChange(count: 1_500, sequence: sequence + 1))
            let now = try await store.gallery(gallery)
            #expect(now.sequence == sequence + 1 && now.itemCount == 2 && now.trashCount == 1_500)
            #expect(try await store.titles(in: gallery) == ["I0", "I1501"])
            // The event tells the run by its ends, not item by item.
            let event = try #require(try await store.events(in: gallery, after: sequence)?.first)
            #expect(event.items.isEmpty && event.removed.isEmpty)
            #expect(
                event.runs == [
                    KeyRun(firstKey: items[1].orderKey, lastKey: items[1_500].orderKey, count: 1_500, hasLeft: true)
                ])
            #expect(try await store.history(in: gallery, for: session).undo == .trash)

            let undone = try await store.step(.undo, in: gallery, for: session, mayChange: { _ in true })
            #expect(undone.message == "Undid the deletion of 1500 items.")
            #expect(try await store.titles(in: gallery) == items.map(\.title))
            let back = try #require(try await store.events(in: gallery, after: sequence + 1)?.first)
            #expect(back.runs.map(\.count) == [1_500] && back.runs.allSatisfy { !$0.hasLeft })
            #expect(try await store.gallery(gallery).trashCount == 0)

            let redone = try await store.step(.redo, in: gallery, for: session, mayChange: { _ in true })
            #expect(redone.message == "Redid the deletion of 1500 items.")
            #expect(try await store.titles(in: gallery) == ["I0", "I1501"])
            _ = try await store.step(.undo, in: gallery, for: session, mayChange: { _ in true })
            #expect(try await store.titles(in: gallery) == items.map(\.title))

            // Counted wrong, or the gallery changed since the selection: nothing happens.
            await #expect(throws: GalleryError.self) {
                try await store.trashItems(
                    from: items[0].id, through: items[1_501].id, count: 1_000, in: gallery, recordingFor: session)
            }
            #expect(try await store.gallery(gallery).itemCount == 1_502)
        }
    }

    @Test func undoingARunLeavesItemsChangedSinceAndSaysHowMany() async throws {
        try await withItems("ABCDEF") { store, gallery, items, _ in
            _ = try await store.trashItems(
                from: items["B"]!.id, through: items["E"]!.id, count: 4, in: gallery, recordingFor: sessionOne)
            // Somebody else restores C and trashes it again: it was changed since.
            _ = try await store.restoreItems(ids("C", items), in: gallery, recordingFor: sessionTwo)
            _ = try await store.trashItems(ids("C", items), in: gallery, recordingFor: sessionTwo)

            let undone = try await store.step(.undo, in: gallery, for: sessionOne, mayChange: { _ in true })

            #expect(undone.message == "Undid the deletion of 4 items. 1 item was changed since and was left as it is.")
            #expect(try await store.order(in: gallery) == "ABDEF")
        }
    }

    @Test func aRunWhoseItemsAllChangedSinceCannotBeUndone() async throws {
        try await withItems("ABCD") { store, gallery, items, _ in
            _ = try await store.trashItems(
                from: items["B"]!.id, through: items["C"]!.id, count: 2, in: gallery, recordingFor: sessionOne)
            _ = try await store.emptyTrash(in: gallery) { _ in }

            let undone = try await store.step(.undo, in: gallery, for: sessionOne, mayChange: { _ in true })

            #expect(undone.message == "Could not undo the deletion: its 2 items were changed since.")
            #expect(try await store.order(in: gallery) == "AD")
        }
    }

    @Test func anItemOfARunWhoseKeyWasTakenMeanwhileComesBackBeforeTheItemThatTookIt() async throws {
        try await withItems("ABC") { store, gallery, items, _ in
            _ = try await store.trashItems(
                from: items["B"]!.id, through: items["B"]!.id, count: 1, in: gallery, recordingFor: sessionOne)
            let newcomer = try await store.insertPendingItems(drafts("X"), into: gallery, at: .index(1))[0]
            #expect(newcomer.orderKey == items["B"]!.orderKey)  // the key between A and C is B's old one

            let undone = try await store.step(.undo, in: gallery, for: sessionOne, mayChange: { _ in true })

            #expect(undone.message == "Undid the deletion of 1 item.")
            #expect(try await store.order(in: gallery) == "ABXC")
            #expect(try await store.item(newcomer.id) == newcomer)
            // The redo trashes the run's items only: X, which came between them, stays, and its event says so.
            let before = try await store.gallery(gallery).sequence
            _ = try await store.step(.redo, in: gallery, for: sessionOne, mayChange: { _ in true })
            #expect(try await store.order(in: gallery) == "AXC")
            let event = try #require(try await store.events(in: gallery, after: before)?.first)
            #expect(event.items.map(\.id) == [newcomer.id] && event.runs.map(\.count) == [1])
        }
    }

    @Test func itemsAlreadyInTheTrashStayAsTheyAre() async throws {
        try await withItems("ABC") { store, gallery, items, _ in
            let first = try await store.trashItem(items["A"]!.id)
            let trashed = try await store.trashItems(ids("AB", items), in: gallery)
            #expect(trashed[0] == first)
            #expect(trashed[1].trashedAt != nil)
            #expect(trashed[1].trashedAt != first.trashedAt)

            let sequence = try await store.gallery(gallery).sequence
            #expect(try await store.trashItems(ids("AB", items), in: gallery) == trashed)
            #expect(try await store.gallery(gallery).sequence == sequence)
        }
    }

    @Test func aBatchWithOneUnknownItemTrashesNothing() async throws {
        try await withItems("ABC") { store, gallery, items, _ in
            let order = try await store.allItems(in: gallery)
            let sequence = try await store.gallery(gallery).sequence
            let error = await galleryError {
                _ = try await store.trashItems(ids("AB", items) + [ItemID.make()], in: gallery)
            }
            #expect(error?.kind == .notFound)
            #expect(try await store.allItems(in: gallery) == order)
            #expect(try await store.gallery(gallery).sequence == sequence)
            #expect(try await store.gallery(gallery).trashCount == 0)
        }
    }

    @Test func anItemOfAnotherGalleryOrNamedTwiceTrashesNothing() async throws {
        try await withItems("ABC") { store, gallery, items, _ in
            let other = try await store.createGallery(named: "Other")
            let stranger = try await store.insertPendingItems(drafts("X"), into: other.id, at: .end)[0]
            let strangerError = await galleryError {
                _ = try await store.trashItems([items["A"]!.id, stranger.id], in: gallery)
            }
            #expect(strangerError?.kind == .notFound)
            let twiceError = await galleryError { _ = try await store.trashItems(ids("ABA", items), in: gallery) }
            #expect(twiceError?.kind == .invalid)
            #expect(try await store.order(in: gallery) == "ABC")
            #expect(try await store.item(stranger.id).trashedAt == nil)
        }
    }

    @Test func theTrashListsTheMostRecentlyTrashedFirst() async throws {
        try await withItems("ABCD") { store, gallery, items, _ in
            _ = try await store.trashItems(ids("A", items), in: gallery)
            _ = try await store.trashItems(ids("CB", items), in: gallery)
            #expect(try await store.trashedTitles(in: gallery) == ["B", "C", "A"])
            #expect(try await store.trashedItems(in: gallery, limit: 2).map(\.title) == ["B", "C"])
            #expect(try await store.gallery(gallery).trashCount == 3)
        }
    }

    @Test func theTrashOfAnUnknownGalleryIsNotFound() async throws {
        try await withStore { store, _ in
            let error = await galleryError { _ = try await store.trashedItems(in: .make(), limit: 10) }
            #expect(error?.kind == .notFound)
        }
    }
}

@Suite("Restoring items from the trash")
struct RestoreTests {
    @Test func aRestoredItemReturnsToItsPlaceWithItsKey() async throws {
        try await withItems("ABC") { store, gallery, items, _ in
            _ = try await store.trashItems(ids("B", items), in: gallery)
            let sequence = try await store.gallery(gallery).sequence
            let restored = try await store.restoreItems(ids("B", items), in: gallery)
            #expect(restored[0].trashedAt == nil)
            #expect(restored[0].orderKey == items["B"]!.orderKey)
            #expect(restored[0].changeSequence == sequence + 1)
            #expect(try await store.order(in: gallery) == "ABC")
            #expect(try await store.gallery(gallery).trashCount == 0)
            #expect(try await store.trashedTitles(in: gallery).isEmpty)
        }
    }

    @Test func anItemRestoredAfterItsNeighboursWereTrashedLandsBetweenTheItemsAroundItsOldPlace() async throws {
        try await withItems("ABCDE") { store, gallery, items, _ in
            _ = try await store.trashItems(ids("C", items), in: gallery)
            _ = try await store.trashItems(ids("BD", items), in: gallery)
            _ = try await store.restoreItems(ids("C", items), in: gallery)
            #expect(try await store.order(in: gallery) == "ACE")
        }
    }

    @Test func anItemRestoredAfterItsNeighboursMovedAwayLandsBetweenTheItemsAroundItsOldPlace() async throws {
        try await withItems("ABCDE") { store, gallery, items, _ in
            _ = try await store.trashItems(ids("C", items), in: gallery)
            _ = try await store.moveItems(ids("BD", items), in: gallery, to: .start)
            _ = try await store.restoreItems(ids("C", items), in: gallery)
            #expect(try await store.order(in: gallery) == "BDACE")
        }
    }

    @Test func anItemWhoseKeyWasTakenMeanwhileLandsJustBeforeTheItemThatTookIt() async throws {
        try await withItems("ABC") { store, gallery, items, _ in
            _ = try await store.trashItems(ids("B", items), in: gallery)
            let newcomer = try await store.insertPendingItems(drafts("X"), into: gallery, at: .index(1))[0]
            #expect(newcomer.orderKey == items["B"]!.orderKey)  // the key between A and C is B's old one

            let restored = try await store.restoreItems(ids("B", items), in: gallery)[0]
            #expect(restored.orderKey != items["B"]!.orderKey)
            #expect(try await store.order(in: gallery) == "ABXC")
            #expect(try await store.item(newcomer.id) == newcomer)
        }
    }

    @Test func itemsRestoredTogetherKeepTheirRelativeOrder() async throws {
        try await withItems("ABCD") { store, gallery, items, _ in
            _ = try await store.trashItems(ids("BC", items), in: gallery)
            _ = try await store.insertPendingItems(drafts("X", "Y"), into: gallery, at: .index(1))
            // Given in the other order: they still come back in their own.
            let restored = try await store.restoreItems(ids("CB", items), in: gallery)
            #expect(restored.map(\.title) == ["C", "B"])
            let order = try await store.order(in: gallery)
            #expect(order == "AXBYCD")
            let all = try await store.allItems(in: gallery)
            #expect(isStrictlyAscending(all.map(\.orderKey)))
        }
    }

    @Test func twoItemsThatHadTheSameKeyComeBackInTheOrderTheyWereTrashed() async throws {
        try await withItems("ABC") { store, gallery, items, _ in
            _ = try await store.trashItems(ids("B", items), in: gallery)
            let newcomer = try await store.insertPendingItems(drafts("X"), into: gallery, at: .index(1))[0]
            _ = try await store.trashItems([newcomer.id], in: gallery)
            #expect(newcomer.orderKey == items["B"]!.orderKey)

            _ = try await store.restoreItems([newcomer.id, items["B"]!.id], in: gallery)
            #expect(try await store.order(in: gallery) == "ABXC")
            #expect(isStrictlyAscending(try await store.allItems(in: gallery).map(\.orderKey)))
        }
    }

    @Test func restoringAnItemThatIsNotInTheTrashRestoresNothing() async throws {
        try await withItems("ABC") { store, gallery, items, _ in
            _ = try await store.trashItems(ids("AB", items), in: gallery)
            let sequence = try await store.gallery(gallery).sequence

            let liveError = await galleryError { _ = try await store.restoreItems(ids("AC", items), in: gallery) }
            #expect(liveError?.kind == .invalid)
            let unknownError = await galleryError {
                _ = try await store.restoreItems(ids("A", items) + [ItemID.make()], in: gallery)
            }
            #expect(unknownError?.kind == .notFound)
            let twiceError = await galleryError { _ = try await store.restoreItems(ids("AA", items), in: gallery) }
            #expect(twiceError?.kind == .invalid)

            #expect(try await store.order(in: gallery) == "C")
            #expect(try await store.gallery(gallery).sequence == sequence)
            #expect(try await store.gallery(gallery).trashCount == 2)
        }
    }
}

@Suite("Emptying the trash")
struct EmptyTrashTests {
    @Test func emptyingTheTrashDeletesTheTrashedItemsOnly() async throws {
        try await withItems("ABCD") { store, gallery, items, _ in
            _ = try await store.trashItems(ids("BD", items), in: gallery)
            let sequence = try await store.gallery(gallery).sequence

            #expect(try await store.emptyTrash(in: gallery) { _ in } == 2)

            let now = try await store.gallery(gallery)
            #expect(now.trashCount == 0)
            #expect(now.sequence == sequence + 1)
            #expect(try await store.trashedTitles(in: gallery).isEmpty)
            #expect(try await store.order(in: gallery) == "AC")
            let error = await galleryError { _ = try await store.item(items["B"]!.id) }
            #expect(error?.kind == .notFound)
            #expect(try await store.item(items["A"]!.id) == items["A"])
        }
    }

    @Test func emptyingAnEmptyTrashChangesNothing() async throws {
        try await withItems("AB") { store, gallery, _, _ in
            let sequence = try await store.gallery(gallery).sequence
            #expect(try await store.emptyTrash(in: gallery) { _ in Issue.record("no file to remove") } == 0)
            #expect(try await store.gallery(gallery).sequence == sequence)
        }
    }

    @Test func emptyingOneGalleryTrashLeavesTheOtherGalleryTrash() async throws {
        try await withItems("AB") { store, gallery, items, _ in
            let other = try await store.createGallery(named: "Other")
            let stranger = try await store.insertPendingItems(drafts("X"), into: other.id, at: .end)[0]
            _ = try await store.trashItems([stranger.id], in: other.id)
            _ = try await store.trashItems(ids("A", items), in: gallery)
            #expect(try await store.emptyTrash(in: gallery) { _ in } == 1)
            #expect(try await store.trashedItems(in: other.id, limit: 10).map(\.id) == [stranger.id])
        }
    }

    @Test func anImageIsRemovedOnlyWhenNoItemUsesItAnyMore() async throws {
        let files = FakeFiles()
        let shared = storedImage(digit: "a")
        let own = storedImage(digit: "b")
        files.add(shared.hash)
        files.add(own.hash)
        try await withItems("PR", files: files) { store, gallery, items, database in
            let other = try await store.createGallery(named: "Other")
            let twin = try await store.insertPendingItems(drafts("Q"), into: other.id, at: .end)[0]
            _ = try await store.markReady(items["P"]!.id, image: shared)
            _ = try await store.markReady(twin.id, image: shared)
            _ = try await store.markReady(items["R"]!.id, image: own)

            // P shares its image with Q of the other gallery: only R's goes.
            _ = try await store.trashItems(ids("PR", items), in: gallery)
            #expect(try await store.emptyTrash(in: gallery) { files.remove($0) } == 2)
            #expect(files.removedBatches == [[own.hash]])
            #expect(files.contains(shared.hash))
            #expect(!files.contains(own.hash))
            #expect(try await database.blobHashes() == [shared.hash])
            #expect(try await store.item(twin.id).state == .ready)

            // Q trashed but not emptied still holds the image.
            _ = try await store.trashItems([twin.id], in: other.id)
            _ = try await store.emptyTrash(in: gallery) { files.remove($0) }
            #expect(files.contains(shared.hash))

            _ = try await store.emptyTrash(in: other.id) { files.remove($0) }
            #expect(files.removedBatches == [[own.hash], [shared.hash]])
            #expect(!files.contains(shared.hash))
            #expect(try await database.blobHashes().isEmpty)
        }
    }

    @Test func aFailureToRemoveTheFilesDeletesNothing() async throws {
        struct DiskFull: Error {}
        let files = FakeFiles()
        files.add(storedImage().hash)
        try await withItems("AB", files: files) { store, gallery, items, database in
            _ = try await store.markReady(items["A"]!.id, image: storedImage())
            _ = try await store.trashItems(ids("A", items), in: gallery)
            let sequence = try await store.gallery(gallery).sequence
            await #expect(throws: DiskFull.self) {
                _ = try await store.emptyTrash(in: gallery) { _ in throw DiskFull() }
            }
            #expect(try await store.trashedTitles(in: gallery) == ["A"])
            #expect(try await database.blobHashes() == [storedImage().hash])
            #expect(try await store.gallery(gallery).sequence == sequence)
        }
    }
}

@Suite("Images whose file is gone")
struct MissingFileTests {
    @Test func anItemWhoseFileIsMissingFailsInsteadOfPointingAtNothing() async throws {
        let files = FakeFiles()
        try await withItems("A", files: files) { store, _, items, database in
            let item = try #require(try await store.markReady(items["A"]!.id, image: storedImage()))
            #expect(item.state == .failed)
            #expect(item.failure == .internalError)
            #expect(item.blobHash == nil)
            #expect(try await database.blobHashes().isEmpty)
            #expect(try await store.pendingItems().isEmpty)
        }
    }

    @Test func anImageDedupedAgainstAFileTheTrashThenRemovedFailsItsItem() async throws {
        let files = FakeFiles()
        let image = storedImage()
        files.add(image.hash)
        try await withItems("AB", files: files) { store, gallery, items, _ in
            _ = try await store.markReady(items["A"]!.id, image: image)
            _ = try await store.trashItems(ids("A", items), in: gallery)
            // B's bytes are the same: its ingestion found the file there and kept it, but the trash is emptied
            // before B is marked ready.
            _ = try await store.emptyTrash(in: gallery) { files.remove($0) }
            let settled = try #require(try await store.markReady(items["B"]!.id, image: image))
            #expect(settled.state == .failed)
            #expect(settled.failure == .internalError)
        }
    }

    @Test func anImageMarkedReadyBeforeTheTrashIsEmptiedKeepsItsFile() async throws {
        let files = FakeFiles()
        let image = storedImage()
        files.add(image.hash)
        try await withItems("AB", files: files) { store, gallery, items, _ in
            _ = try await store.markReady(items["A"]!.id, image: image)
            _ = try await store.trashItems(ids("A", items), in: gallery)
            let ready = try #require(try await store.markReady(items["B"]!.id, image: image))
            #expect(ready.state == .ready)
            _ = try await store.emptyTrash(in: gallery) { files.remove($0) }
            #expect(files.removedBatches.isEmpty)
            #expect(files.contains(image.hash))
        }
    }
}
