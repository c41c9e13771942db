import Foundation
import GalleryCore
import Testing

@testable import GalleryStoreSQL

/// Perceptual hashes kept with each stored image on both engines, and the images near another's found through the
/// bands' index: nearest first, in the galleries asked only, never trashed, the same bytes at 0 even unhashed
/// (issue 28, "Similar images and duplicates").
@Suite("Similar images")
struct SimilarItemsTests {
    static let hash: UInt64 = 0x9A3C_5E71_0F42_B8D6

    /// A stored image of the digit's bytes whose perceptual hash is `hash` with the `flipped` bits changed.
    private func image(_ digit: Character, flipping flipped: [Int]? = []) -> StoredImage {
        var image = storedImage(digit: digit)
        image.perceptualHash = flipped.map { bits in
            PerceptualHash(bits: bits.reduce(Self.hash) { $0 ^ (1 << UInt64($1)) })
        }
        return image
    }

    private func distances(_ found: [SimilarItem]) -> [String] {
        found.map { "\($0.item.title):\($0.distance)" }
    }

    @Test func theNearestImagesOfTheGalleriesAskedComeFirstAndTrashedOnesNever() async throws {
        try await withStore(clock: TickingClock()) { store, _ in
            let home = try await store.firstGallery().id
            let items = try await store.addLetters("ABCD", to: home)
            let (moodboard, moodItems) = try await store.makeGallery(named: "Moodboard", holding: "EF")
            let (other, otherItems) = try await store.makeGallery(named: "Other", holding: "G")
            let a = try itemID("A", items)
            _ = try await store.markReady(a, image: image("a"))
            _ = try await store.markReady(try itemID("B", items), image: image("b", flipping: [1, 20, 40]))
            // About half of the bits: another picture.
            _ = try await store.markReady(try itemID("C", items), image: image("c", flipping: Array(0..<32)))
            _ = try await store.markReady(try itemID("D", items), image: image("d", flipping: [5]))
            _ = try await store.trashItem(try itemID("D", items))
            _ = try await store.markReady(try itemID("E", moodItems), image: image("e", flipping: Array(0..<8)))
            _ = try await store.markReady(try itemID("F", moodItems), image: image("a"))
            _ = try await store.markReady(try itemID("G", otherItems), image: image("g"))

            let found = try await store.similarItems(to: a, in: [home, moodboard], within: 11, limit: 24)
            #expect(distances(found) == ["F:0", "B:3", "E:8"])
            #expect(found.map(\.galleryName) == ["Moodboard", "My Gallery", "Moodboard"])
            #expect(
                distances(try await store.similarItems(to: a, in: [home, moodboard], within: 4, limit: 24)) == [
                    "F:0", "B:3",
                ])
            #expect(
                distances(try await store.similarItems(to: a, in: [home, moodboard], within: 11, limit: 2)) == [
                    "F:0", "B:3",
                ])
            #expect(distances(try await store.similarItems(to: a, in: [other], within: 11, limit: 24)) == ["G:0"])
            #expect(try await store.similarItems(to: a, in: [], within: 11, limit: 24).isEmpty)
        }
    }

    @Test func theSameBytesAreFoundUnhashedAndANonImageFindsNothing() async throws {
        try await withStore(clock: TickingClock()) { store, _ in
            let home = try await store.firstGallery().id
            let items = try await store.addLetters("AB", to: home)
            _ = try await store.markReady(try itemID("A", items), image: image("a", flipping: nil))
            _ = try await store.markReady(try itemID("B", items), image: image("a", flipping: nil))
            let found = try await store.similarItems(to: try itemID("A", items), in: [home], within: 11, limit: 24)
            #expect(distances(found) == ["B:0"])
            let note = try #require(
                try await store.insertPendingItems([ItemDraft(note: "words")], into: home, at: .end).first)
            #expect(try await store.similarItems(to: note.id, in: [home], within: 11, limit: 24).isEmpty)
            await #expect(throws: GalleryError.self) {
                try await store.similarItems(to: ItemID.make(), in: [home], within: 11, limit: 24)
            }
        }
    }

    @Test func anImageKeptBeforeHashesWaitsForOneUntilRecordedAndTheFirstMadeStays() async throws {
        try await withLetteredGallery("ABCD") { store, gallery, items in
            let unhashed = image("c", flipping: nil)
            _ = try await store.markReady(try itemID("A", items), image: unhashed)
            _ = try await store.markReady(try itemID("B", items), image: storedVideo(digit: "d", playback: nil))
            #expect(try await store.imagesAwaitingPerceptualHash(after: nil, limit: 10) == [unhashed.hash])
            #expect(try await store.imagesAwaitingPerceptualHash(after: unhashed.hash, limit: 10).isEmpty)
            try await store.recordPerceptualHash(hash: unhashed.hash, PerceptualHash(bits: Self.hash))
            #expect(try await store.imagesAwaitingPerceptualHash(after: nil, limit: 10).isEmpty)
            // The same bytes stored again with another hash keep the first: D, of that hash, is still at 0.
            _ = try await store.markReady(try itemID("C", items), image: image("c", flipping: Array(0..<20)))
            _ = try await store.markReady(try itemID("D", items), image: image("d"))
            let found = try await store.similarItems(
                to: try itemID("C", items), in: [gallery], within: 0, limit: 24)
            #expect(distances(found).sorted() == ["A:0", "D:0"])
        }
    }
}
