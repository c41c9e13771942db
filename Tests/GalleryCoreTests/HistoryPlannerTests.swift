import Foundation
import GalleryCore
import Testing

@Suite("HistoryPlanner")
struct HistoryPlannerTests {
    typealias F = Fixture
    typealias Settings = HistoryEntry.Settings

    private let a = F.itemID(1)
    private let b = F.itemID(2)
    private let c = F.itemID(3)

    private func place(_ key: String, trashed: Bool = false, in gallery: GalleryID = F.galleryID) throws -> Placement {
        Placement(galleryID: gallery, orderKey: try #require(OrderKey(rawValue: key)), isTrashed: trashed)
    }

    /// A move of `a` a0→a5 and `b` a1→a6, both last placed at version 10 and 11.
    private func moveEntry(_ action: HistoryEntry.Action = .move) throws -> HistoryEntry {
        HistoryEntry(
            action: action,
            items: [
                .init(id: a, before: try place("a0"), after: try place("a5"), version: 10),
                .init(id: b, before: try place("a1"), after: try place("a6"), version: 11),
            ])
    }

    private func renameEntry(from old: String = "Fruits", to new: String = "Fruit", perRow: Int = 4) -> HistoryEntry {
        HistoryEntry(
            action: .rename,
            settings: .init(
                before: Settings(name: old, imagesPerRow: perRow), after: Settings(name: new, imagesPerRow: perRow)))
    }

    private func perRowEntry(from old: Int = 3, to new: Int = 5) -> HistoryEntry {
        HistoryEntry(
            action: .imagesPerRow,
            settings: .init(
                before: Settings(name: "G", imagesPerRow: old), after: Settings(name: "G", imagesPerRow: new)))
    }

    // MARK: Items

    @Test func undoPutsEachItemBackWhereItWasInTheEntrysOrder() throws {
        let plan = HistoryPlanner.plan(
            try moveEntry(), .undo,
            current: [
                b: CurrentPlacement(placement: try place("a6"), version: 11),
                a: CurrentPlacement(placement: try place("a5"), version: 10),
            ], settings: nil)
        #expect(plan.moves == [.init(id: a, to: try place("a0")), .init(id: b, to: try place("a1"))])
        #expect(plan.conflicts.isEmpty)
        #expect(plan.settings == nil)
        #expect(plan.message == "Undid the move of 2 items.")
    }

    @Test func redoPutsEachItemWhereTheActionPutIt() throws {
        let plan = HistoryPlanner.plan(
            try moveEntry(), .redo,
            current: [
                a: CurrentPlacement(placement: try place("a0"), version: 10),
                b: CurrentPlacement(placement: try place("a1"), version: 11),
            ], settings: nil)
        #expect(plan.moves == [.init(id: a, to: try place("a5")), .init(id: b, to: try place("a6"))])
        #expect(plan.message == "Redid the move of 2 items.")
    }

    @Test func undoingADropTrashesTheNewItemsAtTheirPlace() throws {
        let entry = HistoryEntry(
            action: .drop,
            items: [.init(id: a, before: try place("a3", trashed: true), after: try place("a3"), version: 1)])
        let plan = HistoryPlanner.plan(
            entry, .undo, current: [a: CurrentPlacement(placement: try place("a3"), version: 1)], settings: nil)
        #expect(plan.moves == [.init(id: a, to: try place("a3", trashed: true))])
        #expect(plan.message == "Undid the drop of 1 item.")
    }

    @Test func anItemDeletedForGoodIsSkipped() throws {
        let plan = HistoryPlanner.plan(
            try moveEntry(), .undo, current: [b: CurrentPlacement(placement: try place("a6"), version: 11)],
            settings: nil)
        #expect(plan.moves == [.init(id: b, to: try place("a1"))])
        #expect(plan.conflicts == [.deletedForGood(a)])
        #expect(plan.message == "Undid the move of 2 items. 1 item was deleted for good and could not be brought back.")
    }

    @Test func severalItemsDeletedForGoodAreCountedInTheMessage() throws {
        var entry = try moveEntry(.drop)
        entry.items.append(.init(id: c, before: try place("a2"), after: try place("a7"), version: 12))
        let plan = HistoryPlanner.plan(
            entry, .undo, current: [c: CurrentPlacement(placement: try place("a7"), version: 12)], settings: nil)
        #expect(plan.conflicts == [.deletedForGood(a), .deletedForGood(b)])
        #expect(
            plan.message == "Undid the drop of 3 items. 2 items were deleted for good and could not be brought back.")
    }

    @Test func anItemPlacedBySomeoneElseSinceIsLeftWhereItIs() throws {
        let plan = HistoryPlanner.plan(
            try moveEntry(), .undo,
            current: [
                a: CurrentPlacement(placement: try place("a9"), version: 12),
                b: CurrentPlacement(placement: try place("a6"), version: 11),
            ], settings: nil)
        #expect(plan.moves == [.init(id: b, to: try place("a1"))])
        #expect(plan.conflicts == [.placedSince(a)])
        #expect(
            plan.message
                == "Undid the move of 2 items. 1 item was moved by someone else since and was left where it is.")
    }

    @Test func anItemTrashedBySomeoneElseSinceIsLeftInTheTrash() throws {
        // Same key as the entry left it, but in the trash now: a newer version.
        let plan = HistoryPlanner.plan(
            try moveEntry(), .undo,
            current: [
                a: CurrentPlacement(placement: try place("a5", trashed: true), version: 13),
                b: CurrentPlacement(placement: try place("a6"), version: 11),
            ], settings: nil)
        #expect(plan.conflicts == [.placedSince(a)])
        #expect(plan.moves.map(\.id) == [b])
    }

    @Test func severalItemsPlacedSinceAreCountedInTheMessage() throws {
        var entry = try moveEntry(.trash)
        entry.items.append(.init(id: c, before: try place("a2"), after: try place("a7"), version: 12))
        let plan = HistoryPlanner.plan(
            entry, .undo,
            current: [
                a: CurrentPlacement(placement: try place("a5"), version: 20),
                b: CurrentPlacement(placement: try place("a6"), version: 21),
                c: CurrentPlacement(placement: try place("a7"), version: 12),
            ], settings: nil)
        #expect(plan.conflicts == [.placedSince(a), .placedSince(b)])
        #expect(
            plan.message
                == "Undid the deletion of 3 items. 2 items were moved by someone else since and were left where they are."
        )
    }

    @Test func itemsTheSameSessionPlacedSinceAreSaidToBeMovedByYouApartFromOthers() throws {
        var entry = try moveEntry(.transfer)
        entry.items.append(.init(id: c, before: try place("a2"), after: try place("a7"), version: 12))
        let plan = HistoryPlanner.plan(
            entry, .undo,
            current: [
                a: CurrentPlacement(placement: try place("a9"), version: 20, isPlacedByThisSession: true),
                b: CurrentPlacement(placement: try place("a8"), version: 21),
                c: CurrentPlacement(placement: try place("a7"), version: 12),
            ], settings: nil)
        #expect(plan.conflicts == [.placedSinceByYou(a), .placedSince(b)])
        #expect(plan.moves.map(\.id) == [c])
        #expect(
            plan.message
                == "Undid the move of 3 items between galleries. 1 item was moved by someone else since and was left "
                + "where it is. 1 item was moved by you since and was left where it is.")
    }

    @Test(arguments: [(true, true, "by you "), (false, false, "by someone else "), (true, false, "")])
    func whenEveryItemWasPlacedSinceTheMessageNamesWhoMovedThem(aByYou: Bool, bByYou: Bool, who: String) throws {
        let plan = HistoryPlanner.plan(
            try moveEntry(), .undo,
            current: [
                a: CurrentPlacement(placement: try place("a8"), version: 20, isPlacedByThisSession: aByYou),
                b: CurrentPlacement(placement: try place("a9"), version: 21, isPlacedByThisSession: bByYou),
            ], settings: nil)
        #expect(plan.moves.isEmpty)
        #expect(plan.message == "Could not undo the move: its 2 items were moved \(who)since.")
    }

    @Test func itemsWhoseGalleryIsInTheTrashAreLeftWhereTheyAre() throws {
        let other = Fixture.otherGalleryID
        var entry = try moveEntry(.transfer)
        entry.items[0].after = try place("a5", in: other)
        entry.items[1].after = try place("a6", in: other)
        let current = [
            a: CurrentPlacement(placement: try place("a0"), version: 10),
            b: CurrentPlacement(placement: try place("a1"), version: 11),
        ]

        let refused = HistoryPlanner.plan(entry, .redo, current: current, settings: nil, trashedGalleries: [other])
        #expect(refused.moves.isEmpty)
        #expect(refused.conflicts == [.galleryInTrash(a), .galleryInTrash(b)])
        #expect(
            refused.message
                == "Could not redo the move between galleries: the gallery its items would go to is in the trash.")

        entry.items[1].after = try place("a6")
        let partly = HistoryPlanner.plan(entry, .redo, current: current, settings: nil, trashedGalleries: [other])
        #expect(partly.moves.map(\.id) == [b])
        #expect(
            partly.message
                == "Redid the move of 2 items between galleries. 1 item was left where it is: the gallery it would go "
                + "to is in the trash.")
    }

    @Test func anItemAlreadyAtItsTargetNeedsNoMoveAndIsNoConflict() throws {
        let plan = HistoryPlanner.plan(
            try moveEntry(), .undo,
            current: [
                a: CurrentPlacement(placement: try place("a0"), version: 10),
                // Somebody else already put `b` back exactly where the undo would.
                b: CurrentPlacement(placement: try place("a1"), version: 30),
            ], settings: nil)
        #expect(plan.moves.isEmpty)
        #expect(plan.conflicts.isEmpty)
        #expect(plan.message == "Undid the move of 2 items.")
    }

    @Test func bothKindsOfItemConflictAreReported() throws {
        var entry = try moveEntry()
        entry.items.append(.init(id: c, before: try place("a2"), after: try place("a7"), version: 12))
        let plan = HistoryPlanner.plan(
            entry, .redo,
            current: [
                b: CurrentPlacement(placement: try place("a1"), version: 99),
                c: CurrentPlacement(placement: try place("a2"), version: 12),
            ], settings: nil)
        #expect(plan.moves == [.init(id: c, to: try place("a7"))])
        #expect(plan.conflicts == [.deletedForGood(a), .placedSince(b)])
        #expect(
            plan.message
                == "Redid the move of 3 items. 1 item was moved by someone else since and was left where it is."
                + " 1 item was deleted for good and could not be brought back.")
    }

    // MARK: Nothing could be done

    @Test func whenEveryItemWasPlacedSinceNothingIsDone() throws {
        let plan = HistoryPlanner.plan(
            try moveEntry(), .undo,
            current: [
                a: CurrentPlacement(placement: try place("a8"), version: 20),
                b: CurrentPlacement(placement: try place("a9"), version: 21),
            ], settings: nil)
        #expect(plan.moves.isEmpty)
        #expect(plan.conflicts == [.placedSince(a), .placedSince(b)])
        #expect(plan.message == "Could not undo the move: its 2 items were moved by someone else since.")
    }

    @Test func whenTheOnlyItemWasPlacedSinceTheMessageSaysItsItem() throws {
        let entry = HistoryEntry(
            action: .drop,
            items: [.init(id: a, before: try place("a3", trashed: true), after: try place("a3"), version: 1)])
        let plan = HistoryPlanner.plan(
            entry, .redo, current: [a: CurrentPlacement(placement: try place("a9"), version: 2)], settings: nil)
        #expect(plan.message == "Could not redo the drop: its item was moved by someone else since.")
    }

    @Test func whenEveryItemWasDeletedForGoodNothingIsDone() throws {
        let plan = HistoryPlanner.plan(try moveEntry(.copy), .undo, current: [:], settings: nil)
        #expect(plan.moves.isEmpty)
        #expect(plan.conflicts == [.deletedForGood(a), .deletedForGood(b)])
        #expect(plan.message == "Could not undo the copy: its 2 items were deleted for good.")
    }

    @Test func whenTheOnlyItemWasDeletedForGoodTheMessageSaysItsItem() throws {
        let entry = HistoryEntry(
            action: .restore,
            items: [.init(id: a, before: try place("a3", trashed: true), after: try place("a3"), version: 1)])
        let plan = HistoryPlanner.plan(entry, .undo, current: [:], settings: nil)
        #expect(plan.message == "Could not undo the restore: its item was deleted for good.")
    }

    @Test func whenEveryItemIsInOneConflictOrAnotherNothingIsDone() throws {
        let plan = HistoryPlanner.plan(
            try moveEntry(.transfer), .undo, current: [b: CurrentPlacement(placement: try place("a9"), version: 1)],
            settings: nil)
        #expect(plan.moves.isEmpty)
        #expect(plan.conflicts == [.deletedForGood(a), .placedSince(b)])
        #expect(
            plan.message
                == "Could not undo the move between galleries: its items were moved or deleted for good by someone else since."
        )
    }

    // MARK: Settings

    @Test func undoingARenameSetsTheOldNameAndKeepsTheCurrentImagesPerRow() {
        let plan = HistoryPlanner.plan(
            renameEntry(), .undo, current: [:], settings: Settings(name: "Fruit", imagesPerRow: 7))
        #expect(plan.settings == Settings(name: "Fruits", imagesPerRow: 7))
        #expect(plan.conflicts.isEmpty)
        #expect(plan.moves.isEmpty)
        #expect(plan.message == "Undid the rename to 'Fruit'.")
    }

    @Test func redoingARenameSetsTheNewName() {
        let plan = HistoryPlanner.plan(
            renameEntry(), .redo, current: [:], settings: Settings(name: "Fruits", imagesPerRow: 4))
        #expect(plan.settings == Settings(name: "Fruit", imagesPerRow: 4))
        #expect(plan.message == "Redid the rename to 'Fruit'.")
    }

    @Test func aRenameBySomeoneElseSinceIsLeftAlone() {
        let plan = HistoryPlanner.plan(
            renameEntry(), .undo, current: [:], settings: Settings(name: "Vegetables", imagesPerRow: 4))
        #expect(plan.settings == nil)
        #expect(plan.conflicts == [.settingsChangedSince])
        #expect(plan.message == "Could not undo the rename to 'Fruit': the gallery was renamed by someone else since.")
    }

    @Test func redoingARenameChecksTheNameItIsLeaving() {
        let plan = HistoryPlanner.plan(
            renameEntry(), .redo, current: [:], settings: Settings(name: "Vegetables", imagesPerRow: 4))
        #expect(plan.settings == nil)
        #expect(plan.conflicts == [.settingsChangedSince])
    }

    @Test func aNameAlreadyAsWantedNeedsNoChangeAndIsNoConflict() {
        let plan = HistoryPlanner.plan(
            renameEntry(), .undo, current: [:], settings: Settings(name: "Fruits", imagesPerRow: 4))
        #expect(plan.settings == nil)
        #expect(plan.conflicts.isEmpty)
        #expect(plan.message == "Undid the rename to 'Fruit'.")
    }

    @Test func undoingAChangeOfImagesPerRowKeepsTheCurrentName() {
        let plan = HistoryPlanner.plan(
            perRowEntry(), .undo, current: [:], settings: Settings(name: "Renamed since", imagesPerRow: 5))
        #expect(plan.settings == Settings(name: "Renamed since", imagesPerRow: 3))
        #expect(plan.conflicts.isEmpty)
        #expect(plan.message == "Undid the change to 5 images per row.")
    }

    @Test func aChangeToOneImagePerRowIsSingular() {
        let plan = HistoryPlanner.plan(
            perRowEntry(from: 4, to: 1), .redo, current: [:], settings: Settings(name: "G", imagesPerRow: 4))
        #expect(plan.settings == Settings(name: "G", imagesPerRow: 1))
        #expect(plan.message == "Redid the change to 1 image per row.")
    }

    @Test func imagesPerRowChangedBySomeoneElseSinceAreLeftAlone() {
        let plan = HistoryPlanner.plan(
            perRowEntry(), .undo, current: [:], settings: Settings(name: "G", imagesPerRow: 8))
        #expect(plan.settings == nil)
        #expect(plan.conflicts == [.settingsChangedSince])
        #expect(
            plan.message
                == "Could not undo the change to 5 images per row: the images per row were changed by someone else since."
        )
    }

    @Test func settingsOfAGalleryThatIsGoneAreAConflict() {
        let plan = HistoryPlanner.plan(renameEntry(), .undo, current: [:], settings: nil)
        #expect(plan.settings == nil)
        #expect(plan.conflicts == [.settingsChangedSince])
        #expect(plan.message == "Could not undo the rename to 'Fruit': the gallery no longer exists.")
    }

    @Test func aSettingLeftAloneInAPartlyCarriedOutPlanGetsItsOwnSentence() throws {
        var entry = renameEntry()
        entry.items = [.init(id: a, before: try place("a0"), after: try place("a5"), version: 10)]
        let current = [a: CurrentPlacement(placement: try place("a5"), version: 10)]

        let renamed = HistoryPlanner.plan(
            entry, .undo, current: current, settings: Settings(name: "Other", imagesPerRow: 4))
        #expect(renamed.moves.count == 1)
        #expect(
            renamed.message
                == "Undid the rename to 'Fruit'. The gallery was renamed by someone else since; its name was left as it is."
        )

        var perRow = perRowEntry()
        perRow.items = entry.items
        let changed = HistoryPlanner.plan(
            perRow, .undo, current: current, settings: Settings(name: "G", imagesPerRow: 9))
        #expect(
            changed.message
                == "Undid the change to 5 images per row. The images per row were changed by someone else since and were left as they are."
        )

        let gone = HistoryPlanner.plan(entry, .undo, current: current, settings: nil)
        #expect(gone.message == "Undid the rename to 'Fruit'. The gallery no longer exists.")
    }

    // MARK: Updating and naming

    @Test func updatedGivesEachMovedItemsStepItsNewVersion() throws {
        let entry = try moveEntry()
        let updated = HistoryPlanner.updated(entry, versions: [b: 42, c: 7])
        #expect(updated.items.map(\.version) == [10, 42])
        #expect(updated.items.map(\.id) == [a, b])
        #expect(updated.items.map(\.before) == entry.items.map(\.before))
        #expect(updated.action == entry.action)
    }

    @Test func anUndoneEntryCanBeRedoneWithTheVersionsItsUndoWrote() throws {
        let entry = try moveEntry()
        let undo = HistoryPlanner.plan(
            entry, .undo,
            current: [
                a: CurrentPlacement(placement: try place("a5"), version: 10),
                b: CurrentPlacement(placement: try place("a6"), version: 11),
            ], settings: nil)
        let undone = HistoryPlanner.updated(entry, versions: [a: 50, b: 51])
        let redo = HistoryPlanner.plan(
            undone, .redo,
            current: Dictionary(
                uniqueKeysWithValues: undo.moves.enumerated().map {
                    ($1.id, CurrentPlacement(placement: $1.to, version: Int64(50 + $0)))
                }), settings: nil)
        #expect(redo.conflicts.isEmpty)
        #expect(redo.moves == [.init(id: a, to: try place("a5")), .init(id: b, to: try place("a6"))])
    }

    @Test(arguments: [
        (HistoryEntry.Action.drop, "Drop", "Undid the drop of 2 items."),
        (.move, "Move", "Undid the move of 2 items."),
        (.transfer, "Move Between Galleries", "Undid the move of 2 items between galleries."),
        (.copy, "Copy", "Undid the copy of 2 items."),
        (.trash, "Delete", "Undid the deletion of 2 items."),
        (.restore, "Restore", "Undid the restore of 2 items."),
    ])
    func eachItemActionHasANameAndAMessage(action: HistoryEntry.Action, name: String, message: String) throws {
        #expect(HistoryPlanner.name(of: action) == name)
        let plan = HistoryPlanner.plan(
            try moveEntry(action), .undo,
            current: [
                a: CurrentPlacement(placement: try place("a5"), version: 10),
                b: CurrentPlacement(placement: try place("a6"), version: 11),
            ], settings: nil)
        #expect(plan.message == message)
    }

    @Test func settingsActionsHaveNames() {
        #expect(HistoryPlanner.name(of: .rename) == "Rename")
        #expect(HistoryPlanner.name(of: .imagesPerRow) == "Images per Row")
    }
}
