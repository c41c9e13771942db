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

@Suite("The viewer's display copies in a database made before them")
struct DisplayCopyMigrationTests {
    @Test func stillImagesWiderThanTheDisplaySizeAreMadeAgainAndNothingElse() async throws {
        try await withTemporaryFolder { folder in
            let path = databasePath(in: folder)
            // A wide photo, a narrow one, a wide video (its poster's thumbnails), a wide animation (none made) and a
            // wide image not recorded yet.
            try await makeOlderDatabase(
                at: path, upTo: "v16: how people turned their images",
                """
                INSERT INTO blob (hash, mimeType, byteCount, width, height, createdAt, thumbnailWidths) VALUES
                  ('\(String(repeating: "a", count: 64))', 'image/jpeg', 9, 4000, 3000, 0, '256,512,1024'),
                  ('\(String(repeating: "b", count: 64))', 'image/png', 9, 1600, 1000, 0, '256,512,1024'),
                  ('\(String(repeating: "c", count: 64))', 'video/mp4', 9, 3840, 2160, 0, '256,512,1024'),
                  ('\(String(repeating: "d", count: 64))', 'image/gif', 9, 3000, 2000, 0, ''),
                  ('\(String(repeating: "e", count: 64))', 'image/jpeg', 9, 5000, 3000, 0, NULL);
                """)
            let store = SQLGalleryStore(database: try AppDatabase.open(atPath: path))
            #expect(
                try await store.imagesWithoutRecordedThumbnails(limit: 10).map(\.hash)
                    == [String(repeating: "a", count: 64), String(repeating: "e", count: 64)])
            #expect(
                try await store.storedImage(hash: String(repeating: "b", count: 64))?.thumbnailWidths == [
                    256, 512, 1024,
                ])
            #expect(
                try await store.storedImage(hash: String(repeating: "c", count: 64))?.thumbnailWidths == [
                    256, 512, 1024,
                ])
            #expect(try await store.storedImage(hash: String(repeating: "d", count: 64))?.thumbnailWidths == [])
        }
    }
}
