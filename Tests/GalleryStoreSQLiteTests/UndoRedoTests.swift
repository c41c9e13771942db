import Foundation
import GalleryCore
import Testing

@testable import GalleryStoreSQL
@testable import GalleryStoreSQLite

extension SQLGalleryStore {
    /// Undoes the session's last action in the gallery.
    fileprivate func undo(
        in gallery: GalleryID, for session: HistorySession = sessionOne,
        mayChange: @escaping @Sendable (GalleryID) -> Bool = { _ in true }
    ) async throws -> HistoryOutcome {
        try await step(.undo, in: gallery, for: session, mayChange: mayChange)
    }

    /// Redoes the session's last undone action in the gallery.
    fileprivate func redo(
        in gallery: GalleryID, for session: HistorySession = sessionOne,
        mayChange: @escaping @Sendable (GalleryID) -> Bool = { _ in true }
    ) async throws -> HistoryOutcome {
        try await step(.redo, in: gallery, for: session, mayChange: mayChange)
    }

    /// The live titles and the trashed ones (newest first), as "live|trashed".
    fileprivate func state(of gallery: GalleryID) async throws -> String {
        try await letters(in: gallery) + "|" + trashedTitles(in: gallery).joined()
    }
}

@Suite("Undo and redo")
struct UndoRedoTests {
    // MARK: - Each action, undone and redone

    @Test func undoingADropTrashesTheNewItemsAndRedoBringsThemBackInPlace() async throws {
        try await withLetteredGallery("ABC") { store, gallery, items in
            let dropped = try await store.insertPendingItems(
                drafts("X", "Y"), into: gallery, at: .after(try itemID("A", items)), recordingFor: sessionOne)
            #expect(try await store.history(in: gallery, for: sessionOne) == HistoryState(undo: .drop, redo: nil))

            let undone = try await store.undo(in: gallery)
            #expect(undone.message == "Undid the drop of 2 items.")
            #expect(undone.state == HistoryState(undo: nil, redo: .drop))
            #expect(undone.items.map(\.id) == dropped.map(\.id))
            #expect(undone.items.allSatisfy { $0.trashedAt != nil })
            #expect(try await store.letters(in: gallery) == "ABC")

            let redone = try await store.redo(in: gallery)
            #expect(redone.message == "Redid the drop of 2 items.")
            #expect(redone.state == HistoryState(undo: .drop, redo: nil))
            #expect(try await store.letters(in: gallery) == "AXYBC")
            for item in dropped { #expect(try await store.item(item.id).orderKey == item.orderKey) }
        }
    }

    @Test func aDropThatHasLoadedSinceIsStillUndone() async throws {
        try await withLetteredGallery("A") { store, gallery, _ in
            let dropped = try await store.insertPendingItems(
                drafts("X"), into: gallery, at: .end, recordingFor: sessionOne)
            _ = try await store.markReady(dropped[0].id, image: storedImage())
            let undone = try await store.undo(in: gallery)
            #expect(undone.message == "Undid the drop of 1 item.")
            #expect(try await store.state(of: gallery) == "A|X")
        }
    }

    @Test func aMoveIsUndoneAndRedone() async throws {
        try await withLetteredGallery("ABCDE") { store, gallery, items in
            _ = try await store.moveItems(itemIDs("DB", items), to: gallery, at: .start, recordingFor: sessionOne)
            #expect(try await store.letters(in: gallery) == "DBACE")
            #expect(try await store.history(in: gallery, for: sessionOne).undo == .move)

            let undone = try await store.undo(in: gallery)
            #expect(undone.message == "Undid the move of 2 items.")
            #expect(try await store.letters(in: gallery) == "ABCDE")
            #expect(
                try await store.allItems(in: gallery).map(\.orderKey) == "ABCDE".map { items[String($0)]!.orderKey })

            let redone = try await store.redo(in: gallery)
            #expect(redone.message == "Redid the move of 2 items.")
            #expect(try await store.letters(in: gallery) == "DBACE")
        }
    }

    @Test func aMoveBetweenGalleriesIsInBothHistoriesAndUndoneBackToTheSource() async throws {
        try await withLetteredGallery("ABCD") { store, source, items in
            let (target, others) = try await store.makeGallery(named: "Target", holding: "XY")
            _ = try await store.moveItems(
                itemIDs("CA", items), to: target, at: .after(try itemID("X", others)), recordingFor: sessionOne)
            #expect(try await store.history(in: target, for: sessionOne) == HistoryState(undo: .transfer, redo: nil))
            #expect(try await store.history(in: source, for: sessionOne) == HistoryState(undo: .transfer, redo: nil))

            let undone = try await store.undo(in: target)
            #expect(undone.message == "Undid the move of 2 items between galleries.")
            #expect(try await store.history(in: source, for: sessionOne) == HistoryState(undo: nil, redo: .transfer))
            #expect(undone.items.allSatisfy { $0.galleryID == source })
            #expect(try await store.letters(in: source) == "ABCD")
            #expect(try await store.letters(in: target) == "XY")
            for id in itemIDs("ABCD", items) {
                #expect(try await store.item(id).orderKey == items.values.first { $0.id == id }?.orderKey)
            }

            _ = try await store.redo(in: target)
            #expect(try await store.letters(in: source) == "BD")
            #expect(try await store.letters(in: target) == "XCAY")
        }
    }

    @Test func aStepTouchingAGalleryThePersonMayNoLongerChangeIsRefusedWholeAndChangesNothing() async throws {
        try await withLetteredGallery("ABCD") { store, shared, items in
            let (own, _) = try await store.makeGallery(named: "Own", holding: "XY")
            _ = try await store.moveItems(itemIDs("CA", items), to: own, at: .end, recordingFor: sessionOne)
            let onlyOwn: @Sendable (GalleryID) -> Bool = { $0 == own }

            // Undone from the person's own gallery, it would put the items back into the shared one.
            await #expect(
                throws: GalleryError.forbidden(
                    "This can no longer be undone: it would change a gallery you may not change now.")
            ) {
                try await store.undo(in: own, mayChange: onlyOwn)
            }
            #expect(try await store.letters(in: shared) == "BD")
            #expect(try await store.letters(in: own) == "XYCA")
            #expect(try await store.history(in: own, for: sessionOne) == HistoryState(undo: .transfer, redo: nil))

            // Undone while allowed, then the right is taken away: the redo would take them from the shared gallery.
            _ = try await store.undo(in: own)
            await #expect(
                throws: GalleryError.forbidden(
                    "This can no longer be redone: it would change a gallery you may not change now.")
            ) {
                try await store.redo(in: own, mayChange: onlyOwn)
            }
            #expect(try await store.letters(in: shared) == "ABCD")
            #expect(try await store.letters(in: own) == "XY")
        }
    }

    @Test func aNoteMovedToAnotherGallerySinceIsNotEditedByAnUndoThatMayNotChangeThatGallery() async throws {
        try await withLetteredGallery("AB") { store, gallery, _ in
            let (other, _) = try await store.makeGallery(named: "Other", holding: "X")
            let note = try await store.insertPendingItems(
                [ItemDraft(note: "first")], into: gallery, at: .end, recordingFor: sessionOne)[0]
            _ = try await store.editNote(note.id, text: "second", recordingFor: sessionOne)
            // Somebody else moves the note to a gallery this person may not change.
            _ = try await store.moveItems([note.id], to: other, at: .end, recordingFor: sessionTwo)

            await #expect(throws: GalleryError.self) {
                try await store.undo(in: gallery, mayChange: { $0 == gallery })
            }
            #expect(try await store.item(note.id).text == "second")
        }
    }

    @Test func aMoveBetweenGalleriesIsUndoneFromTheSourceGalleryBeforeItsEarlierActions() async throws {
        try await withLetteredGallery("ABCD") { store, source, items in
            let (target, _) = try await store.makeGallery(named: "Target", holding: "XY")
            _ = try await store.moveItems(itemIDs("D", items), to: source, at: .start, recordingFor: sessionOne)
            _ = try await store.moveItems(itemIDs("CA", items), to: target, at: .end, recordingFor: sessionOne)
            #expect(try await store.letters(in: source) == "DB")

            let undone = try await store.undo(in: source)
            #expect(undone.message == "Undid the move of 2 items between galleries.")
            #expect(undone.state == HistoryState(undo: .move, redo: .transfer))
            #expect(try await store.letters(in: source) == "DABC")
            #expect(try await store.letters(in: target) == "XY")
            #expect(try await store.history(in: target, for: sessionOne) == HistoryState(undo: nil, redo: .transfer))

            // Redone from the other gallery: both histories follow.
            let redone = try await store.redo(in: target)
            #expect(redone.message == "Redid the move of 2 items between galleries.")
            #expect(try await store.letters(in: target) == "XYCA")
            #expect(try await store.history(in: source, for: sessionOne) == HistoryState(undo: .transfer, redo: nil))
            // The next undo in the source is its own earlier move.
            _ = try await store.undo(in: source)
            _ = try await store.undo(in: source)
            #expect(try await store.letters(in: source) == "ABCD")
            #expect(try await store.history(in: source, for: sessionOne) == HistoryState(undo: nil, redo: .move))
        }
    }

    @Test func aMoveBetweenGalleriesNeverPutsItemsIntoAGalleryInTheTrash() async throws {
        try await withLetteredGallery("AB") { store, source, items in
            let (target, _) = try await store.makeGallery(named: "Target", holding: "X")
            _ = try await store.moveItems(itemIDs("B", items), to: target, at: .end, recordingFor: sessionOne)
            _ = try await store.undo(in: source)
            _ = try await store.trashGallery(target)

            let redone = try await store.redo(in: source)
            #expect(
                redone.message
                    == "Could not redo the move between galleries: the gallery its item would go to is in the trash.")
            #expect(redone.items.isEmpty)
            #expect(try await store.letters(in: source) == "AB")

            // And back: undoing into a source gallery that is in the trash leaves the items in the target.
            _ = try await store.restoreGallery(target)
            _ = try await store.moveItems(itemIDs("A", items), to: target, at: .end, recordingFor: sessionOne)
            _ = try await store.trashGallery(source)
            let undone = try await store.undo(in: target)
            #expect(
                undone.message
                    == "Could not undo the move between galleries: the gallery its item would go to is in the trash.")
            #expect(try await store.letters(in: target) == "XA")
        }
    }

    @Test func aNewActionInOneGalleryForgetsTheLinkedRedoInTheOther() async throws {
        try await withLetteredGallery("ABC") { store, source, items in
            let (target, _) = try await store.makeGallery(named: "Target", holding: "X")
            _ = try await store.moveItems(itemIDs("B", items), to: target, at: .end, recordingFor: sessionOne)
            _ = try await store.undo(in: target)
            #expect(try await store.history(in: source, for: sessionOne).redo == .transfer)

            _ = try await store.moveItems(itemIDs("C", items), to: source, at: .start, recordingFor: sessionOne)
            #expect(try await store.history(in: source, for: sessionOne) == HistoryState(undo: .move, redo: nil))
            #expect(try await store.history(in: target, for: sessionOne) == HistoryState(undo: nil, redo: nil))
        }
    }

    @Test func aCopyBetweenGalleriesIsUndoneFromEither() async throws {
        try await withLetteredGallery("AB") { store, source, items in
            let (target, _) = try await store.makeGallery(named: "Target", holding: "X")
            _ = try await store.copyItems(itemIDs("A", items), to: target, at: .end, recordingFor: sessionOne)
            #expect(try await store.history(in: source, for: sessionOne).undo == .copy)

            let undone = try await store.undo(in: source)
            #expect(undone.message == "Undid the copy of 1 item.")
            #expect(try await store.state(of: target) == "X|A")
            #expect(try await store.letters(in: source) == "AB")
            #expect(try await store.history(in: target, for: sessionOne) == HistoryState(undo: nil, redo: .copy))
        }
    }

    @Test func aCopyIsUndoneByTrashingTheCopies() async throws {
        try await withLetteredGallery("AB") { store, source, items in
            let (target, _) = try await store.makeGallery(named: "Target", holding: "X")
            let copies = try await store.copyItems(
                itemIDs("BA", items), to: target, at: .start, recordingFor: sessionOne)
            #expect(try await store.history(in: target, for: sessionOne).undo == .copy)

            let undone = try await store.undo(in: target)
            #expect(undone.message == "Undid the copy of 2 items.")
            #expect(try await store.state(of: target) == "X|BA")
            #expect(try await store.letters(in: source) == "AB")

            _ = try await store.redo(in: target)
            #expect(try await store.letters(in: target) == "BAX")
            #expect(try await store.allItems(in: target).prefix(2).map(\.id) == copies.map(\.id))
        }
    }

    @Test func aDeleteOfSeveralItemsIsUndoneBackToTheirPlaces() async throws {
        try await withLetteredGallery("ABCDE") { store, gallery, items in
            _ = try await store.trashItems(itemIDs("DB", items), in: gallery, recordingFor: sessionOne)
            #expect(try await store.history(in: gallery, for: sessionOne).undo == .trash)

            let undone = try await store.undo(in: gallery)
            #expect(undone.message == "Undid the deletion of 2 items.")
            #expect(try await store.state(of: gallery) == "ABCDE|")

            _ = try await store.redo(in: gallery)
            #expect(try await store.letters(in: gallery) == "ACE")
            #expect(Set(try await store.trashedTitles(in: gallery)) == ["B", "D"])
        }
    }

    @Test func aDeleteOfOneItemIsUndoneBackToItsPlace() async throws {
        try await withLetteredGallery("ABC") { store, gallery, items in
            _ = try await store.trashItem(try itemID("B", items), recordingFor: sessionOne)
            #expect(try await store.history(in: gallery, for: sessionOne).undo == .trash)

            let undone = try await store.undo(in: gallery)
            #expect(undone.message == "Undid the deletion of 1 item.")
            #expect(try await store.state(of: gallery) == "ABC|")

            _ = try await store.redo(in: gallery)
            #expect(try await store.state(of: gallery) == "AC|B")
        }
    }

    @Test func aRestoreIsUndoneByTrashingTheItemsAgain() async throws {
        try await withLetteredGallery("ABC") { store, gallery, items in
            _ = try await store.trashItems(itemIDs("AC", items), in: gallery)
            _ = try await store.restoreItems(itemIDs("A", items), in: gallery, recordingFor: sessionOne)
            #expect(try await store.history(in: gallery, for: sessionOne) == HistoryState(undo: .restore, redo: nil))

            let undone = try await store.undo(in: gallery)
            #expect(undone.message == "Undid the restore of 1 item.")
            #expect(try await store.letters(in: gallery) == "B")
            #expect(Set(try await store.trashedTitles(in: gallery)) == ["A", "C"])

            _ = try await store.redo(in: gallery)
            #expect(try await store.state(of: gallery) == "AB|C")
        }
    }

    @Test func aRenameIsUndoneAndRedone() async throws {
        try await withLetteredGallery("A") { store, gallery, _ in
            let name = try await store.gallery(gallery).name
            _ = try await store.updateGallery(
                gallery, name: "Fruit", imagesPerRow: nil, view: nil, recordingFor: sessionOne)
            #expect(try await store.history(in: gallery, for: sessionOne).undo == .rename)

            let undone = try await store.undo(in: gallery)
            #expect(undone.state == HistoryState(undo: nil, redo: .rename))
            #expect(undone.items.isEmpty)
            #expect(try await store.gallery(gallery).name == name)

            _ = try await store.redo(in: gallery)
            #expect(try await store.gallery(gallery).name == "Fruit")
        }
    }

    @Test func aChangeOfImagesPerRowOrViewIsSavedWithoutBecomingAnUndoStep() async throws {
        try await withLetteredGallery("AB") { store, gallery, items in
            _ = try await store.moveItems(itemIDs("B", items), to: gallery, at: .start, recordingFor: sessionOne)
            _ = try await store.updateGallery(gallery, name: nil, imagesPerRow: 9, view: nil, recordingFor: sessionOne)
            _ = try await store.updateGallery(
                gallery, name: nil, imagesPerRow: nil, view: .board, recordingFor: sessionOne)
            #expect(try await store.gallery(gallery).imagesPerRow == 9)
            #expect(try await store.gallery(gallery).view == .board)
            #expect(try await store.history(in: gallery, for: sessionOne) == HistoryState(undo: .move, redo: nil))

            let undone = try await store.undo(in: gallery)
            #expect(undone.message == "Undid the move of 1 item.")
            #expect(try await store.gallery(gallery).imagesPerRow == 9)
            #expect(try await store.gallery(gallery).view == .board)
        }
    }

    @Test func aRenameWithAViewUndoesTheNameOnly() async throws {
        try await withLetteredGallery("A") { store, gallery, _ in
            let name = try await store.gallery(gallery).name
            _ = try await store.updateGallery(
                gallery, name: "Fruit", imagesPerRow: 6, view: .list, recordingFor: sessionOne)
            _ = try await store.undo(in: gallery)
            #expect(try await store.gallery(gallery).name == name)
            #expect(try await store.gallery(gallery).imagesPerRow == 6)
            #expect(try await store.gallery(gallery).view == .list)
        }
    }

    @Test func aChangeOfViewStoredByAnEarlierVersionIsStillUndoneAndRedone() async throws {
        try await withLetteredGallery("A") { store, gallery, _ in
            let before = HistoryEntry.Settings(of: try await store.gallery(gallery))
            let after = HistoryEntry.Settings(name: before.name, imagesPerRow: before.imagesPerRow, view: .board)
            _ = try await store.updateGallery(gallery, name: nil, imagesPerRow: nil, view: .board)
            try await store.database.write { db in
                try store.recordHistory(
                    db, gallery, sessionOne, HistoryEntry(action: .view, settings: .init(before: before, after: after)),
                    date: Date())
            }
            #expect(try await store.history(in: gallery, for: sessionOne).undo == .view)
            #expect(
                try await store.undoableAction(in: gallery, for: sessionOne)?.summary == "Changed to the board view")

            let undone = try await store.undo(in: gallery)
            #expect(undone.message == "Undid the change to the board view.")
            #expect(try await store.gallery(gallery).view == before.view)
            _ = try await store.redo(in: gallery)
            #expect(try await store.gallery(gallery).view == .board)
        }
    }

    @Test func theUndoableActionIsToldInWordsAndAnUndoExpectingItUndoesExactlyIt() async throws {
        try await withLetteredGallery("ABCD") { store, source, items in
            let (target, _) = try await store.makeGallery(named: "Sky", holding: "X")
            _ = try await store.moveItems(itemIDs("ABC", items), to: target, at: .end, recordingFor: sessionOne)
            let moved = try #require(try await store.undoableAction(in: target, for: sessionOne))
            #expect(moved.summary == "Moved 3 items to 'Sky'")
            #expect(try await store.undoableAction(in: source, for: sessionOne)?.summary == "Moved 3 items to 'Sky'")

            _ = try await store.trashItems(itemIDs("AB", items), in: target, recordingFor: sessionOne)
            let trashed = try #require(try await store.undoableAction(in: target, for: sessionOne))
            #expect(trashed.summary == "Trashed 2 items")
            #expect(trashed.entry != moved.entry)

            // The toast told of the move; the trash came since: its Undo does nothing rather than undo the trash.
            await #expect(throws: GalleryError.self) {
                try await store.step(.undo, in: target, for: sessionOne, expecting: moved.entry) { _ in true }
            }
            #expect(try await store.trashedTitles(in: target).count == 2)
            let undone = try await store.step(.undo, in: target, for: sessionOne, expecting: trashed.entry) { _ in true
            }
            #expect(undone.message == "Undid the deletion of 2 items.")
            #expect(try await store.undoableAction(in: target, for: sessionOne) == moved)
        }
    }

    @Test func aRenameARotationAndATagAreToldInWords() async throws {
        try await withLetteredGallery("AB") { store, gallery, items in
            let (a, b) = (try itemID("A", items), try itemID("B", items))
            _ = try await store.markReady(a, image: storedImage(digit: "a", width: 400, height: 300))
            _ = try await store.markReady(b, image: storedImage(digit: "b", width: 400, height: 300))
            _ = try await store.turnItems([a], in: gallery, .right, recordingFor: sessionOne)
            #expect(try await store.undoableAction(in: gallery, for: sessionOne)?.summary == "Rotated 1 image")
            _ = try await store.turnItems([a, b], in: gallery, .flip, recordingFor: sessionOne)
            #expect(try await store.undoableAction(in: gallery, for: sessionOne)?.summary == "Flipped 2 images")
            _ = try await store.updateGallery(
                gallery, name: "Fruit", imagesPerRow: nil, view: nil, recordingFor: sessionOne)
            #expect(
                try await store.undoableAction(in: gallery, for: sessionOne)?.summary
                    == "Renamed the gallery to 'Fruit'")
            _ = try await store.undo(in: gallery)
            _ = try await store.undo(in: gallery)
            _ = try await store.undo(in: gallery)
            #expect(try await store.undoableAction(in: gallery, for: sessionOne) == nil)
        }
    }

    // MARK: - The history

    @Test func theHistoryNamesTheNextUndoAndRedo() async throws {
        try await withLetteredGallery("ABC") { store, gallery, items in
            _ = try await store.insertPendingItems(drafts("D"), into: gallery, at: .end, recordingFor: sessionOne)
            _ = try await store.moveItems(itemIDs("C", items), to: gallery, at: .start, recordingFor: sessionOne)
            _ = try await store.updateGallery(
                gallery, name: "Named", imagesPerRow: nil, view: nil, recordingFor: sessionOne)

            var states: [HistoryState] = [try await store.history(in: gallery, for: sessionOne)]
            for _ in 0..<3 { states.append(try await store.undo(in: gallery).state) }
            for _ in 0..<2 { states.append(try await store.redo(in: gallery).state) }
            #expect(
                states == [
                    HistoryState(undo: .rename, redo: nil),
                    HistoryState(undo: .move, redo: .rename),
                    HistoryState(undo: .drop, redo: .move),
                    HistoryState(undo: nil, redo: .drop),
                    HistoryState(undo: .drop, redo: .move),
                    HistoryState(undo: .move, redo: .rename),
                ])
            #expect(try await store.history(in: gallery, for: sessionOne) == states.last)
            #expect(try await store.state(of: gallery) == "CABD|")
        }
    }

    @Test func aNewActionClearsWhatCouldBeRedone() async throws {
        try await withLetteredGallery("ABC") { store, gallery, items in
            _ = try await store.moveItems(itemIDs("C", items), to: gallery, at: .start, recordingFor: sessionOne)
            _ = try await store.undo(in: gallery)
            #expect(try await store.history(in: gallery, for: sessionOne).redo == .move)

            _ = try await store.trashItem(try itemID("A", items), recordingFor: sessionOne)
            #expect(try await store.history(in: gallery, for: sessionOne) == HistoryState(undo: .trash, redo: nil))
            #expect(await galleryError { _ = try await store.redo(in: gallery) } == .conflict("Nothing to redo."))
        }
    }

    @Test func anotherSessionHasItsOwnHistory() async throws {
        try await withLetteredGallery("ABC") { store, gallery, items in
            _ = try await store.moveItems(itemIDs("C", items), to: gallery, at: .start, recordingFor: sessionOne)
            _ = try await store.trashItem(try itemID("B", items), recordingFor: sessionTwo)
            #expect(try await store.history(in: gallery, for: sessionOne).undo == .move)
            #expect(try await store.history(in: gallery, for: sessionTwo).undo == .trash)

            _ = try await store.undo(in: gallery, for: sessionTwo)
            #expect(try await store.state(of: gallery) == "CAB|")
            #expect(try await store.history(in: gallery, for: sessionOne) == HistoryState(undo: .move, redo: nil))
            #expect(await galleryError { _ = try await store.undo(in: gallery, for: sessionTwo) }?.kind == .conflict)
        }
    }

    @Test func unrecordedWritesAreNotInAnyHistory() async throws {
        try await withLetteredGallery("ABC") { store, gallery, items in
            _ = try await store.moveItems(itemIDs("C", items), in: gallery, to: .start)
            _ = try await store.updateGallery(gallery, name: "Quiet", imagesPerRow: nil)
            #expect(try await store.history(in: gallery, for: sessionOne) == HistoryState(undo: nil, redo: nil))
        }
    }

    @Test func nothingToUndoOrRedoIsAConflict() async throws {
        try await withLetteredGallery("A") { store, gallery, _ in
            let before = try await store.gallery(gallery)
            #expect(await galleryError { _ = try await store.undo(in: gallery) } == .conflict("Nothing to undo."))
            #expect(await galleryError { _ = try await store.redo(in: gallery) } == .conflict("Nothing to redo."))
            #expect(try await store.gallery(gallery) == before)
        }
    }

    // MARK: - Conflicts with other writers

    @Test(arguments: [true, false])
    func anItemMovedBySomeoneElseSinceIsLeftWhereTheyPutIt(byAnotherSession: Bool) async throws {
        try await withLetteredGallery("ABCDE") { store, gallery, items in
            _ = try await store.moveItems(itemIDs("BD", items), to: gallery, at: .start, recordingFor: sessionOne)
            #expect(try await store.letters(in: gallery) == "BDACE")
            _ = try await store.moveItems(
                itemIDs("B", items), to: gallery, at: .end, recordingFor: byAnotherSession ? sessionTwo : nil)
            #expect(try await store.letters(in: gallery) == "DACEB")

            let undone = try await store.undo(in: gallery)
            #expect(try await store.letters(in: gallery) == "ACDEB")
            #expect(undone.items.map(\.title) == ["D"])
            #expect(
                undone.message
                    == "Undid the move of 2 items. 1 item was moved by someone else since and was left where it is.")
        }
    }

    @Test func anItemTheSameSessionMovedSinceInAnotherGalleryIsSaidToBeMovedByYou() async throws {
        try await withLetteredGallery("ABC") { store, source, items in
            let (target, _) = try await store.makeGallery(named: "Target", holding: "X")
            _ = try await store.moveItems(itemIDs("AB", items), to: target, at: .end, recordingFor: sessionOne)
            // In the target's own history: B to the front there.
            _ = try await store.moveItems(itemIDs("B", items), to: target, at: .start, recordingFor: sessionOne)
            #expect(try await store.letters(in: target) == "BXA")

            let undone = try await store.undo(in: source)
            #expect(
                undone.message
                    == "Undid the move of 2 items between galleries. 1 item was moved by you since and was left where it is."
            )
            #expect(try await store.letters(in: source) == "AC")
            #expect(try await store.letters(in: target) == "BX")
        }
    }

    @Test func whenEveryItemWasMovedSinceNothingIsUndoneAndTheMessageSaysWhy() async throws {
        try await withLetteredGallery("ABC") { store, gallery, items in
            _ = try await store.moveItems(itemIDs("C", items), to: gallery, at: .start, recordingFor: sessionOne)
            _ = try await store.trashItem(try itemID("C", items), recordingFor: sessionTwo)
            let sequence = try await store.gallery(gallery).sequence

            let undone = try await store.undo(in: gallery)
            #expect(undone.message == "Could not undo the move: its item was moved by someone else since.")
            #expect(undone.items.isEmpty)
            #expect(undone.state == HistoryState(undo: nil, redo: .move))
            #expect(try await store.state(of: gallery) == "AB|C")
            #expect(try await store.gallery(gallery).sequence == sequence)
        }
    }

    @Test func anItemDeletedForGoodSinceCannotBeBroughtBackAndTheOthersAre() async throws {
        try await withLetteredGallery("ABCD") { store, gallery, items in
            _ = try await store.trashItems(itemIDs("BC", items), in: gallery, recordingFor: sessionOne)
            _ = try await store.restoreItems(itemIDs("C", items), in: gallery)
            _ = try await store.emptyTrash(in: gallery, removingFiles: { _ in })

            let undone = try await store.undo(in: gallery)
            #expect(try await store.letters(in: gallery) == "ACD")
            #expect(
                undone.message
                    == "Undid the deletion of 2 items. 1 item was deleted for good and could not be brought back.")
        }
    }

    @Test func aRenameChangedBySomeoneElseSinceIsLeftAsItIs() async throws {
        try await withLetteredGallery("A") { store, gallery, _ in
            _ = try await store.updateGallery(
                gallery, name: "Mine", imagesPerRow: nil, view: nil, recordingFor: sessionOne)
            _ = try await store.updateGallery(
                gallery, name: "Theirs", imagesPerRow: 5, view: nil, recordingFor: sessionTwo)
            let undone = try await store.undo(in: gallery)
            #expect(
                undone.message == "Could not undo the rename to 'Mine': the gallery was renamed by someone else since.")
            #expect(try await store.gallery(gallery).name == "Theirs")
            #expect(try await store.gallery(gallery).imagesPerRow == 5)
        }
    }

    // MARK: - Across restarts

    @Test func theHistorySurvivesReopeningTheDatabase() async throws {
        try await withTemporaryFolder { folder in
            let path = databasePath(in: folder)
            let gallery: GalleryID
            do {
                let store = SQLGalleryStore(database: try AppDatabase.open(atPath: path))
                gallery = try await store.firstGallery().id
                let items = try await store.addLetters("ABC", to: gallery)
                _ = try await store.moveItems(itemIDs("C", items), to: gallery, at: .start, recordingFor: sessionOne)
                _ = try await store.trashItem(try itemID("A", items), recordingFor: sessionOne)
                _ = try await store.undo(in: gallery)
            }

            let reopened = SQLGalleryStore(database: try AppDatabase.open(atPath: path))
            #expect(try await reopened.history(in: gallery, for: sessionOne) == HistoryState(undo: .move, redo: .trash))
            _ = try await reopened.undo(in: gallery)
            #expect(try await reopened.letters(in: gallery) == "ABC")
            _ = try await reopened.redo(in: gallery)
            _ = try await reopened.redo(in: gallery)
            #expect(try await reopened.state(of: gallery) == "CB|A")
        }
    }
}
