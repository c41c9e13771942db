import Foundation
import GalleryCore
import Testing

@Suite("HistoryPlanner: arrangements and views")
struct HistoryPlannerBoardTests {
    typealias F = Fixture
    typealias Settings = HistoryEntry.Settings

    private let a = F.itemID(1)
    private let b = F.itemID(2)
    private let start = BoardPosition(x: 0, y: 0, width: 100, z: 1)
    private let end = BoardPosition(x: 50, y: 60, width: 200, z: 2)

    /// An arrangement that put `a` from `start` to `end` and `b` from off the board to `start`.
    private var arrangement: HistoryEntry {
        HistoryEntry(
            action: .arrange,
            positions: [
                .init(id: a, galleryID: F.galleryID, before: start, after: end),
                .init(id: b, galleryID: F.galleryID, before: nil, after: start),
            ])
    }

    private func current(_ position: BoardPosition?, in gallery: GalleryID = F.galleryID) throws -> CurrentPlacement {
        let key = try #require(OrderKey(rawValue: "a0"))
        return CurrentPlacement(
            placement: Placement(galleryID: gallery, orderKey: key, isTrashed: false), version: 3,
            boardPosition: position)
    }

    @Test func undoPutsEachItemBackWhereItLayIncludingOffTheBoard() throws {
        let plan = HistoryPlanner.plan(
            arrangement, .undo, current: [a: try current(end), b: try current(start)], settings: nil)
        #expect(plan.positions == [.init(id: a, to: start), .init(id: b, to: nil)])
        #expect(plan.moves.isEmpty)
        #expect(plan.conflicts.isEmpty)
        #expect(plan.message == "Undid the arrangement of 2 items.")
        #expect(HistoryPlanner.name(of: .arrange) == "Arrange")
    }

    @Test func redoPutsEachItemWhereTheArrangementPutIt() throws {
        let plan = HistoryPlanner.plan(
            arrangement, .redo, current: [a: try current(start), b: try current(nil)], settings: nil)
        #expect(plan.positions == [.init(id: a, to: end), .init(id: b, to: start)])
        #expect(plan.message == "Redid the arrangement of 2 items.")
    }

    @Test func anItemPutElsewhereOnTheBoardSinceIsLeftWhereItIs() throws {
        let elsewhere = BoardPosition(x: 9, y: 9, width: 9, z: 9)
        let plan = HistoryPlanner.plan(
            arrangement, .undo, current: [a: try current(elsewhere), b: try current(start)], settings: nil)
        #expect(plan.positions == [.init(id: b, to: nil)])
        #expect(plan.conflicts == [.arrangedSince(a)])
        #expect(
            plan.message
                == "Undid the arrangement of 2 items. 1 item was put elsewhere on the board since and was left where it is."
        )

        let none = HistoryPlanner.plan(
            arrangement, .undo, current: [a: try current(elsewhere), b: try current(elsewhere)], settings: nil)
        #expect(none.positions.isEmpty)
        #expect(none.message == "Could not undo the arrangement: its 2 items were put elsewhere on the board since.")
    }

    @Test func anItemMovedToAnotherGalleryOrDeletedIsNotPutOnThisBoard() throws {
        let plan = HistoryPlanner.plan(
            arrangement, .redo, current: [b: try current(nil, in: F.otherGalleryID)], settings: nil)
        #expect(plan.positions.isEmpty)
        #expect(plan.conflicts == [.deletedForGood(a), .placedSince(b)])
    }

    @Test func aChangeOfViewIsUndoneUnlessSomebodyChangedTheViewSince() {
        let entry = HistoryEntry(
            action: .view,
            settings: .init(
                before: Settings(name: "G", imagesPerRow: 4, view: .grid),
                after: Settings(name: "G", imagesPerRow: 4, view: .board)))
        let undo = HistoryPlanner.plan(
            entry, .undo, current: [:], settings: Settings(name: "Renamed", imagesPerRow: 4, view: .board))
        #expect(undo.settings == Settings(name: "Renamed", imagesPerRow: 4, view: .grid))
        #expect(undo.message == "Undid the change to the board view.")
        #expect(HistoryPlanner.name(of: .view) == "View")

        let changed = HistoryPlanner.plan(
            entry, .undo, current: [:], settings: Settings(name: "G", imagesPerRow: 4, view: .list))
        #expect(changed.settings == nil)
        #expect(
            changed.message
                == "Could not undo the change to the board view: the view was changed by someone else since.")
    }
}
