import Foundation
import GalleryCore
import Testing

@testable import GalleryStoreSQL
@testable import GalleryStoreSQLite

@Suite("Events of gallery changes")
struct EventTests {
    // MARK: - One event per change, carrying what changed

    @Test func aDropIsOneEventCarryingTheNewItems() async throws {
        try await withLetteredGallery("AB") { store, gallery, items in
            var added: [Item] = []
            let events = try await store.onlyEvents(in: [gallery]) {
                added = try await store.insertPendingItems(
                    drafts("X", "Y"), into: gallery, at: .after(try itemID("A", items)))
            }
            #expect(events[0].items == added)
            #expect(events[0].removed.isEmpty)
            #expect(events[0].gallery.itemCount == 4)
        }
    }

    @Test func eachLoadingOutcomeIsOneEventCarryingTheItem() async throws {
        try await withLetteredGallery("ABC") { store, gallery, items in
            let a = try itemID("A", items)
            let b = try itemID("B", items)
            let ready = try await store.onlyEvents(in: [gallery]) {
                _ = try await store.markReady(a, image: storedImage())
            }
            #expect(ready[0].items.map(\.state) == [.ready])
            #expect(ready[0].gallery.cover?.itemID == a)

            let failed = try await store.onlyEvents(in: [gallery]) {
                _ = try await store.markFailed(b, reason: .httpStatus(404))
            }
            #expect(failed[0].items.map(\.state) == [.failed])
            #expect(failed[0].items.map(\.failure) == [.httpStatus(404)])

            let retried = try await store.onlyEvents(in: [gallery]) {
                _ = try await store.markPendingForRetry(b)
            }
            #expect(retried[0].items.map(\.state) == [.pending])
            #expect(retried[0].items.map(\.id) == [b])
        }
    }

    @Test func aMoveWithinAGalleryIsOneEventCarryingTheMovedItems() async throws {
        try await withLetteredGallery("ABCDE") { store, gallery, items in
            let events = try await store.onlyEvents(in: [gallery]) {
                _ = try await store.moveItems(itemIDs("DB", items), in: gallery, to: .start)
            }
            #expect(events[0].items.map(\.title) == ["D", "B"])
            #expect(events[0].removed.isEmpty)
            #expect(try await store.letters(in: gallery) == "DBACE")
        }
    }

    @Test func aMoveBetweenGalleriesIsOneEventInEachAndTheSourceListsTheItemsAsRemoved() async throws {
        try await withLetteredGallery("ABC") { store, source, items in
            let (target, others) = try await store.makeGallery(named: "Target", holding: "XY")
            let (bystander, _) = try await store.makeGallery(named: "Bystander", holding: "Z")
            let events = try await store.onlyEvents(in: [target, source], unchanged: [bystander]) {
                _ = try await store.moveItems(
                    itemIDs("CA", items), to: target, at: .after(try itemID("X", others)), recordingFor: nil)
            }
            let (into, outOf) = (events[0], events[1])
            #expect(into.items.map(\.title) == ["C", "A"])
            #expect(into.items.allSatisfy { $0.galleryID == target })
            #expect(into.removed.isEmpty)
            #expect(outOf.items.isEmpty)
            #expect(outOf.removed == itemIDs("CA", items))
            #expect(outOf.gallery.itemCount == 1)
        }
    }

    @Test func aMoveFromSeveralGalleriesIsOneEventInEach() async throws {
        try await withLetteredGallery("AB") { store, first, items in
            let (second, seconds) = try await store.makeGallery(named: "Second", holding: "CD")
            let (target, _) = try await store.makeGallery(named: "Target", holding: "XY")
            let moving = itemIDs("A", items) + itemIDs("D", seconds)
            let events = try await store.onlyEvents(in: [target, first, second]) {
                _ = try await store.moveItems(moving, to: target, at: .start, recordingFor: nil)
            }
            #expect(events[0].items.map(\.id) == moving)
            #expect(events[1].removed == itemIDs("A", items))
            #expect(events[2].removed == itemIDs("D", seconds))
        }
    }

    @Test func aCopyIsOneEventInTheTargetAndNoneInTheSource() async throws {
        try await withLetteredGallery("AB") { store, source, items in
            let (target, _) = try await store.makeGallery(named: "Target", holding: "X")
            var copies: [Item] = []
            let events = try await store.onlyEvents(in: [target], unchanged: [source]) {
                copies = try await store.copyItems(itemIDs("BA", items), to: target, at: .start, recordingFor: nil)
            }
            #expect(events[0].items == copies)
            #expect(events[0].removed.isEmpty)
        }
    }

    @Test func trashingAndRestoringItemsAreOneEventEach() async throws {
        try await withLetteredGallery("ABCD") { store, gallery, items in
            let several = try await store.onlyEvents(in: [gallery]) {
                _ = try await store.trashItems(itemIDs("CA", items), in: gallery)
            }
            #expect(several[0].items.map(\.title) == ["C", "A"])
            #expect(several[0].items.allSatisfy { $0.trashedAt != nil })
            #expect(several[0].gallery.trashCount == 2)

            let one = try await store.onlyEvents(in: [gallery]) {
                _ = try await store.trashItem(try itemID("D", items))
            }
            #expect(one[0].items.map(\.title) == ["D"])

            let restored = try await store.onlyEvents(in: [gallery]) {
                _ = try await store.restoreItems(itemIDs("AD", items), in: gallery)
            }
            #expect(restored[0].items.map(\.title) == ["A", "D"])
            #expect(restored[0].items.allSatisfy { $0.trashedAt == nil })
            #expect(restored[0].gallery.trashCount == 1)
        }
    }

    @Test func emptyingTheTrashIsOneEventListingTheDeletedItemsAsRemoved() async throws {
        try await withLetteredGallery("ABCD") { store, gallery, items in
            _ = try await store.trashItems(itemIDs("BD", items), in: gallery)
            let events = try await store.onlyEvents(in: [gallery]) {
                _ = try await store.emptyTrash(in: gallery, removingFiles: { _ in })
            }
            #expect(Set(events[0].removed) == Set(itemIDs("BD", items)))
            #expect(events[0].items.isEmpty)
            #expect(events[0].gallery.trashCount == 0)
        }
    }

    @Test func aRenameAndAChangeOfImagesPerRowAreOneEventEachCarryingTheGallery() async throws {
        try await withLetteredGallery("AB") { store, gallery, _ in
            let renamed = try await store.onlyEvents(in: [gallery]) {
                _ = try await store.updateGallery(gallery, name: "Fruit", imagesPerRow: nil)
            }
            #expect(renamed[0].gallery.name == "Fruit")
            #expect(renamed[0].items.isEmpty)

            let perRow = try await store.onlyEvents(in: [gallery]) {
                _ = try await store.updateGallery(gallery, name: nil, imagesPerRow: 7)
            }
            #expect(perRow[0].gallery.imagesPerRow == 7)
        }
    }

    @Test func anUpdateThatChangesNothingWritesNoEvent() async throws {
        try await withLetteredGallery("AB") { store, gallery, _ in
            let current = try await store.gallery(gallery)
            _ = try await store.updateGallery(gallery, name: current.name, imagesPerRow: current.imagesPerRow)
            #expect(try await store.events(in: gallery, after: current.sequence) == [])
        }
    }

    @Test func trashingAndRestoringAGalleryAreOneEventEach() async throws {
        try await withLetteredGallery("AB") { store, gallery, _ in
            let before = try await store.gallery(gallery).sequence
            let trashed = try await store.trashGallery(gallery)
            #expect(trashed.sequence == before + 1)
            let restored = try await store.restoreGallery(gallery)
            #expect(restored.sequence == before + 2)

            let events = try #require(try await store.events(in: gallery, after: before))
            #expect(events.map(\.sequence) == [before + 1, before + 2])
            #expect(events.map { $0.gallery.trashedAt != nil } == [true, false])
            #expect(events.allSatisfy { $0.items.isEmpty && $0.removed.isEmpty })
            #expect(events.last?.gallery == restored)
        }
    }

    @Test func undoAndRedoOfAMoveBetweenGalleriesAreOneEventInEach() async throws {
        try await withLetteredGallery("ABC") { store, source, items in
            let (target, _) = try await store.makeGallery(named: "Target", holding: "X")
            _ = try await store.moveItems(itemIDs("B", items), to: target, at: .start, recordingFor: sessionOne)

            let undone = try await store.onlyEvents(in: [source, target]) {
                _ = try await store.step(.undo, in: target, for: sessionOne, mayChange: { _ in true })
            }
            #expect(undone[0].items.map(\.title) == ["B"])
            #expect(undone[0].items.allSatisfy { $0.galleryID == source })
            #expect(undone[1].removed == itemIDs("B", items))

            let redone = try await store.onlyEvents(in: [target, source]) {
                _ = try await store.step(.redo, in: target, for: sessionOne, mayChange: { _ in true })
            }
            #expect(redone[0].items.map(\.title) == ["B"])
            #expect(redone[1].removed == itemIDs("B", items))
        }
    }

    @Test func undoAndRedoOfARenameAreOneEventEach() async throws {
        try await withLetteredGallery("A") { store, gallery, _ in
            let name = try await store.gallery(gallery).name
            _ = try await store.updateGallery(
                gallery, name: "Fruit", imagesPerRow: nil, view: nil, recordingFor: sessionOne)
            let undone = try await store.onlyEvents(in: [gallery]) {
                _ = try await store.step(.undo, in: gallery, for: sessionOne, mayChange: { _ in true })
            }
            #expect(undone[0].gallery.name == name)
            let redone = try await store.onlyEvents(in: [gallery]) {
                _ = try await store.step(.redo, in: gallery, for: sessionOne, mayChange: { _ in true })
            }
            #expect(redone[0].gallery.name == "Fruit")
        }
    }

    // MARK: - Reading events back

    @Test func eventsAreNumberedOneByOneAndReadInOrderFromAnyPoint() async throws {
        try await withLetteredGallery("ABCD") { store, gallery, items in
            _ = try await store.moveItems(itemIDs("D", items), in: gallery, to: .start)
            _ = try await store.markReady(try itemID("A", items), image: storedImage())
            _ = try await store.trashItems(itemIDs("BC", items), in: gallery)
            _ = try await store.restoreItems(itemIDs("C", items), in: gallery)
            _ = try await store.updateGallery(gallery, name: "Renamed", imagesPerRow: 2)
            _ = try await store.emptyTrash(in: gallery, removingFiles: { _ in })
            _ = try await store.insertPendingItems(drafts("E"), into: gallery, at: .index(1))
            let current = try await store.gallery(gallery)

            let all = try #require(try await store.events(in: gallery, after: 0))
            #expect(all.map(\.sequence) == Array(1...current.sequence))
            #expect(all.last?.gallery == current)
            for since in 0...current.sequence {
                let tail = try await store.events(in: gallery, after: since, pageSize: 3)
                #expect(tail == Array(all.dropFirst(Int(since))), "since \(since)")
            }
        }
    }

    @Test func aViewUpToDateGetsNoEventsAndTheGallery() async throws {
        try await withLetteredGallery("AB") { store, gallery, _ in
            let current = try await store.gallery(gallery)
            let feed = try await store.events(in: gallery, since: current.sequence, limit: 10)
            #expect(feed == .events([], gallery: current))
        }
    }

    @Test func aViewFurtherBehindThanTheKeptEventsIsReset() async throws {
        try await withLetteredGallery("ABCD", eventRetention: 3) { store, gallery, items in
            for _ in 0..<4 {
                _ = try await store.moveItems(itemIDs("A", items), in: gallery, to: .end)
            }
            let current = try await store.gallery(gallery)
            #expect(current.sequence == 5)

            let kept = try await store.events(in: gallery, after: current.sequence - 3)
            #expect(kept?.map(\.sequence) == [3, 4, 5])
            for behind in [current.sequence - 4, 1, 0] {
                let feed = try await store.events(in: gallery, since: behind, limit: 10)
                #expect(feed == .reset(gallery: current), "since \(behind)")
            }
        }
    }

    @Test func aViewAheadOfTheGalleryIsReset() async throws {
        try await withLetteredGallery("AB") { store, gallery, _ in
            let current = try await store.gallery(gallery)
            for ahead in [current.sequence + 1, current.sequence + 100, -1] {
                let feed = try await store.events(in: gallery, since: ahead, limit: 10)
                #expect(feed == .reset(gallery: current), "since \(ahead)")
            }
        }
    }

    // MARK: - Failed writes and signals

    /// Writes that are refused as a whole because one item of the batch is bad.
    enum RefusedBatch: String, CaseIterable, Sendable {
        case moveNamingAnUnknownItem, copyNamingATrashedItem, trashNamingAnItemOfAnotherGallery
        case restoreNamingALiveItem, moveIntoATrashedGallery, emptyingWhenTheFilesCannotBeRemoved
    }

    @Test(arguments: RefusedBatch.allCases)
    func aRefusedBatchWritesNoEvent(refused: RefusedBatch) async throws {
        try await withLetteredGallery("ABCD") { store, gallery, items in
            let (other, strangers) = try await store.makeGallery(named: "Other", holding: "XY")
            _ = try await store.markReady(try itemID("D", items), image: storedImage())
            _ = try await store.trashItems(itemIDs("CD", items), in: gallery)
            let (trashedGallery, _) = try await store.makeGallery(named: "Gone", holding: "Z")
            _ = try await store.trashGallery(trashedGallery)
            let sequences = (try await store.gallery(gallery).sequence, try await store.gallery(other).sequence)

            let error = await galleryError {
                switch refused {
                case .moveNamingAnUnknownItem:
                    _ = try await store.moveItems(
                        itemIDs("AB", items) + [.make()], to: other, at: .start, recordingFor: nil)
                case .copyNamingATrashedItem:
                    _ = try await store.copyItems(itemIDs("AC", items), to: other, at: .start, recordingFor: nil)
                case .trashNamingAnItemOfAnotherGallery:
                    _ = try await store.trashItems(itemIDs("A", items) + itemIDs("X", strangers), in: gallery)
                case .restoreNamingALiveItem:
                    _ = try await store.restoreItems(itemIDs("CA", items), in: gallery)
                case .moveIntoATrashedGallery:
                    _ = try await store.moveItems(itemIDs("A", items), to: trashedGallery, at: .end, recordingFor: nil)
                case .emptyingWhenTheFilesCannotBeRemoved:
                    _ = try await store.emptyTrash(in: gallery, removingFiles: { _ in throw CancellationError() })
                }
            }
            #expect(error != nil || refused == .emptyingWhenTheFilesCannotBeRemoved)
            #expect(try await store.events(in: gallery, after: sequences.0) == [])
            #expect(try await store.events(in: other, after: sequences.1) == [])
            #expect(try await store.gallery(gallery).sequence == sequences.0)
            #expect(try await store.gallery(other).sequence == sequences.1)
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aSignalFollowsEachCommittedChangeOfAnyGallery() async throws {
        try await withLetteredGallery("AB") { store, gallery, items in
            let (other, _) = try await store.makeGallery(named: "Other", holding: "X")
            var signals = store.changeSignals().makeAsyncIterator()

            _ = try await store.trashItem(try itemID("A", items))
            #expect(await signals.next() != nil)

            _ = try await store.insertPendingItems(drafts("Y"), into: other, at: .end)
            #expect(await signals.next() != nil)

            _ = try await store.restoreItems(itemIDs("A", items), in: gallery)
            #expect(await signals.next() != nil)
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aGallerysSignalsComeOnlyFromItsOwnCommittedChanges() async throws {
        try await withLetteredGallery("AB") { store, gallery, items in
            let (other, _) = try await store.makeGallery(named: "Other", holding: "X")
            let ofGallery = store.changeSignals(in: gallery)
            let ofOther = store.changeSignals(in: other)

            _ = try await store.insertPendingItems(drafts("Y"), into: other, at: .end)
            let refused = await galleryError {
                _ = try await store.trashItems([try itemID("A", items), ItemID.make()], in: gallery, recordingFor: nil)
            }
            #expect(refused != nil)
            store.database.changes.finishAll()

            #expect(await ofGallery.reduce(0) { count, _ in count + 1 } == 0)
            #expect(await ofOther.reduce(0) { count, _ in count + 1 } == 1)
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aMoveBetweenGalleriesSignalsBoth() async throws {
        try await withLetteredGallery("AB") { store, gallery, items in
            let (other, _) = try await store.makeGallery(named: "Other", holding: "X")
            var ofGallery = store.changeSignals(in: gallery).makeAsyncIterator()
            var ofOther = store.changeSignals(in: other).makeAsyncIterator()

            _ = try await store.moveItems(itemIDs("B", items), to: other, at: .end, recordingFor: nil)

            #expect(await ofGallery.next() != nil)
            #expect(await ofOther.next() != nil)
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func makingOrDuplicatingAGallerySignalsTheViewsOfEveryGallery() async throws {
        try await withLetteredGallery("A") { store, gallery, _ in
            var all = store.changeSignals().makeAsyncIterator()
            _ = try await store.createGallery(named: "New")
            #expect(await all.next() != nil)
            _ = try await store.duplicateGallery(gallery, named: nil)
            #expect(await all.next() != nil)
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func theFirstGalleryMadeWhenNoneIsLeftSignalsTheViewsOfEveryGallery() async throws {
        try await withLetteredGallery("A") { store, gallery, _ in
            _ = try await store.trashGallery(gallery)
            var all = store.changeSignals().makeAsyncIterator()
            let made = try await store.firstGallery()
            #expect(made.id != gallery)
            #expect(await all.next() != nil)
        }
    }
}
