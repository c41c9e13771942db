import Foundation
import GalleryCore
import Testing

@testable import GalleryStoreSQL
@testable import GalleryStoreSQLite

@Suite("Thumbnails recorded with their images")
struct ThumbnailRecordTests {
    @Test func theWidthsGoInWithTheImageAndComeBackWithItsItemsAndAsTheCover() async throws {
        try await withLetteredGallery("AB") { store, gallery, items in
            var image = storedImage()
            image.thumbnailWidths = [256, 512]
            let ready = try #require(try await store.markReady(try itemID("A", items), image: image))
            #expect(ready.thumbnailWidths == [256, 512])
            #expect(try await store.storedImage(hash: image.hash)?.thumbnailWidths == [256, 512])
            #expect(try await store.gallery(gallery).cover?.thumbnailWidths == [256, 512])
            #expect(try await store.imagesWithoutRecordedThumbnails(limit: 10).isEmpty)

            // The same bytes again with nothing known about them do not forget what is recorded.
            var again = storedImage()
            again.thumbnailWidths = nil
            let second = try #require(try await store.markReady(try itemID("B", items), image: again))
            #expect(second.thumbnailWidths == [256, 512])
        }
    }

    @Test func imagesStoredWithoutARecordAreListedUntilOneIsRecordedEvenIfItIsNone() async throws {
        try await withLetteredGallery("AB") { store, _, items in
            let first = storedImage(digit: "a")
            let second = storedImage(digit: "b")
            _ = try await store.markReady(try itemID("A", items), image: first)
            _ = try await store.markReady(try itemID("B", items), image: second)
            #expect(try await store.item(try itemID("A", items)).thumbnailWidths == nil)
            #expect(
                try await store.imagesWithoutRecordedThumbnails(limit: 10).map(\.hash) == [first.hash, second.hash])

            try await store.recordThumbnails(hash: first.hash, widths: [256])
            try await store.recordThumbnails(hash: second.hash, widths: [])
            #expect(try await store.imagesWithoutRecordedThumbnails(limit: 10).isEmpty)
            #expect(try await store.item(try itemID("A", items)).thumbnailWidths == [256])
            #expect(try await store.item(try itemID("B", items)).thumbnailWidths == [])
        }
    }
}
