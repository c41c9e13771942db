import Foundation
import GalleryCore
import Testing

@testable import GalleryStoreSQL
@testable import GalleryStoreSQLite

@Suite("Titles, captions and tags in the store")
struct DescriptionTests {
    @Test func aSelectionIsTaggedInOneUndoableChangeThatUndoAndRedoCarryOut() async throws {
        try await withLetteredGallery("ABC") { store, gallery, items in
            let ids = itemIDs("AB", items)
            let before = try await store.gallery(gallery).sequence
            let tagged = try await store.describeItems(
                ids, in: gallery, .init(addedTags: ["red", "Sky"]), recordingFor: sessionOne)
            #expect(tagged.map(\.tags) == [["red", "Sky"], ["red", "Sky"]])
            #expect(try await store.gallery(gallery).sequence == before + 1)
            let changed = try await store.changes(in: gallery, since: before, limit: 100).items
            #expect(Set(changed.map(\.id)) == Set(ids))
            #expect(try await store.history(in: gallery, for: sessionOne).undo == .describe)

            let undone = try await store.step(.undo, in: gallery, for: sessionOne, mayChange: { _ in true })
            #expect(undone.message == "Undid the edit of the details of 2 items.")
            #expect(try await store.item(ids[0]).tags.isEmpty)
            #expect(try await store.item(ids[1]).tags.isEmpty)
            _ = try await store.step(.redo, in: gallery, for: sessionOne, mayChange: { _ in true })
            #expect(try await store.item(ids[1]).tags == ["red", "Sky"])
        }
    }

    @Test func theTagsInUseAreThoseOfTheLiveItemsOfTheGalleriesNamedCountedOnTheMostRecentlyTagged() async throws {
        try await withLetteredGallery("ABCD") { store, gallery, items in
            let (other, otherItems) = try await store.makeGallery(named: "Other", holding: "X")
            _ = try await store.describeItems(
                itemIDs("AB", items), in: gallery, .init(addedTags: ["Red"]), recordingFor: sessionOne)
            _ = try await store.describeItems(
                itemIDs("C", items), in: gallery, .init(addedTags: ["red", "sky"]), recordingFor: sessionOne)
            _ = try await store.describeItems(
                itemIDs("D", items), in: gallery, .init(addedTags: ["gone"]), recordingFor: sessionOne)
            _ = try await store.describeItems(
                itemIDs("X", otherItems), in: other, .init(addedTags: ["elsewhere"]), recordingFor: sessionOne)
            _ = try await store.trashItem(try itemID("D", items))

            let here = try await store.usedTags(in: [gallery], sample: 100, limit: 10)
            #expect(here == [.init(name: "red", count: 3), .init(name: "sky", count: 1)])
            let both = try await store.usedTags(in: [gallery, other], sample: 100, limit: 10)
            #expect(both.map(\.name) == ["red", "elsewhere", "sky"])
            // Only the most recently tagged items are counted: C (tagged after A and B), then X.
            let recent = try await store.usedTags(in: [gallery, other], sample: 2, limit: 10)
            #expect(
                recent == [
                    .init(name: "elsewhere", count: 1), .init(name: "red", count: 1), .init(name: "sky", count: 1),
                ])
            #expect(try await store.usedTags(in: [], sample: 100, limit: 10).isEmpty)
        }
    }

    @Test func aTitleAndCaptionAreKeptAndAnUndoLeavesAloneWhatSomeoneChangedSince() async throws {
        try await withLetteredGallery("A") { store, gallery, items in
            let id = try itemID("A", items)
            _ = try await store.describeItems(
                [id], in: gallery, .init(title: " Harbour ", caption: "Boats at dawn"), recordingFor: sessionOne)
            let item = try await store.item(id)
            #expect(item.title == "Harbour" && item.caption == "Boats at dawn")
            // Somebody else changes the caption since.
            _ = try await store.describeItems([id], in: gallery, .init(caption: "Boats"), recordingFor: sessionTwo)

            let undone = try await store.step(.undo, in: gallery, for: sessionOne, mayChange: { _ in true })
            #expect(undone.message.contains("the details were changed by someone else since"))
            #expect(try await store.item(id).caption == "Boats")
        }
    }

    @Test func nothingChangesWhenOneItemIsNotLiveInTheGalleryOrARuleIsBroken() async throws {
        try await withLetteredGallery("AB") { store, gallery, items in
            let (other, otherItems) = try await store.makeGallery(named: "Other", holding: "X")
            let outside = try itemID("X", otherItems)
            await #expect(throws: GalleryError.self) {
                try await store.describeItems(
                    [try itemID("A", items), outside], in: gallery, .init(addedTags: ["red"]), recordingFor: nil)
            }
            await #expect(throws: GalleryError.self) {
                try await store.describeItems(
                    [try itemID("A", items)], in: gallery, .init(tags: ["bad\u{0}tag"]), recordingFor: nil)
            }
            #expect(try await store.item(try itemID("A", items)).tags.isEmpty)
            #expect(try await store.item(outside).galleryID == other)
        }
    }

    @Test func aLongRunIsTaggedInOneChangeToldByItsEndsAndItsUndoLeavesWhatWasSoAndWhatChangedSince() async throws {
        try await withStore(clock: TickingClock()) { store, _ in
            let gallery = try await store.firstGallery().id
            let count = SQLGalleryStore.namedRetagLimit + 2
            let items = try await store.insertPendingItems(
                (0..<(count + 1)).map { draft("I\($0)") }, into: gallery, at: .end)
            // One item of the run already has the tag (in another spelling): it is left as it is.
            _ = try await store.describeItems([items[3].id], in: gallery, .init(addedTags: ["Red"]), recordingFor: nil)
            let sequence = try await store.gallery(gallery).sequence

            let tagged = try await store.describeItems(
                from: items[0].id, through: items[count - 1].id, count: count, in: gallery,
                .init(addedTags: ["red"]), recordingFor: sessionOne)

            #expect(tagged == RunChange(count: count - 1, sequence: sequence + 1))
            #expect(try await store.item(items[0].id).tags == ["red"])
            #expect(try await store.item(items[3].id).tags == ["Red"])
            #expect(try await store.item(items[count].id).tags.isEmpty)
            let event = try #require(try await store.events(in: gallery, after: sequence)?.first)
            #expect(event.items.isEmpty)
            #expect(
                event.runs == [
                    KeyRun(
                        firstKey: items[0].orderKey, lastKey: items[count - 1].orderKey, count: count - 1,
                        hasLeft: false)
                ])
            #expect(try await store.history(in: gallery, for: sessionOne).undo == .describe)
            // Someone else changes one of them since: the undo leaves it.
            _ = try await store.describeItems(
                [items[1].id], in: gallery, .init(caption: "Mine"), recordingFor: sessionTwo)

            let undone = try await store.step(.undo, in: gallery, for: sessionOne, mayChange: { _ in true })
            #expect(undone.message.hasPrefix("Undid the edit of the details"))
            #expect(try await store.item(items[0].id).tags.isEmpty)
            #expect(try await store.item(items[1].id).tags == ["red"])
            #expect(try await store.item(items[3].id).tags == ["Red"])
            _ = try await store.step(.redo, in: gallery, for: sessionOne, mayChange: { _ in true })
            #expect(try await store.item(items[0].id).tags == ["red"])
            #expect(try await store.item(items[count - 1].id).tags == ["red"])
            _ = try await store.step(.undo, in: gallery, for: sessionOne, mayChange: { _ in true })
            #expect(try await store.item(items[count - 1].id).tags.isEmpty)
        }
    }

    @Test func aRunTakesOnlyTagsAndNothingChangesWhenItsCountOrARuleIsWrong() async throws {
        try await withLetteredGallery("ABC") { store, gallery, items in
            let (first, last) = (try itemID("A", items), try itemID("C", items))
            let full = (0..<ItemDescription.maximumTags).map { "t\($0)" }
            _ = try await store.describeItems(
                [try itemID("B", items)], in: gallery, .init(tags: full), recordingFor: nil)
            let sequence = try await store.gallery(gallery).sequence
            for (change, count) in [
                (ItemDescription.Change(caption: "All"), 3), (.init(addedTags: ["red"]), 2),
                (.init(addedTags: ["one more"]), 3), (.init(addedTags: ["bad\ntag"]), 3),
            ] {
                await #expect(throws: GalleryError.self) {
                    try await store.describeItems(
                        from: first, through: last, count: count, in: gallery, change, recordingFor: sessionOne)
                }
            }
            #expect(try await store.item(first).tags.isEmpty)
            #expect(try await store.gallery(gallery).sequence == sequence)
        }
    }
}
