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
}
