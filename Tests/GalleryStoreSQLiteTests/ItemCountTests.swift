import Foundation
import GRDB
import GalleryCore
import Testing

@testable import GalleryStoreSQL
@testable import GalleryStoreSQLite

extension SQLGalleryStore {
    /// The gallery's live and trashed items, counted by scanning them (what the kept counts must equal).
    fileprivate func scannedCounts(of gallery: GalleryID) async throws -> (items: Int, trash: Int) {
        try await database.read { db in
            let items =
                try db.value(
                    Int.self, sql: "SELECT count(*) FROM item WHERE galleryId = ? AND trashedAt IS NULL",
                    arguments: [gallery.rawValue]) ?? -1
            let trash =
                try db.value(
                    Int.self, sql: "SELECT count(*) FROM item WHERE galleryId = ? AND trashedAt IS NOT NULL",
                    arguments: [gallery.rawValue]) ?? -1
            return (items, trash)
        }
    }

    /// Expects the counts a read of the gallery gives to be `items` and `trash`, and equal to a scan of its items.
    fileprivate func expectCounts(
        of gallery: GalleryID, items: Int, trash: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let read = try await self.gallery(gallery)
        #expect(read.itemCount == items && read.trashCount == trash, sourceLocation: sourceLocation)
        let scanned = try await scannedCounts(of: gallery)
        #expect(scanned.items == items && scanned.trash == trash, sourceLocation: sourceLocation)
    }
}

@Suite("The kept item counts")
struct ItemCountTests {
    @Test func theCountsFollowEveryDropTrashRestoreMoveCopyDuplicateAndDeletion() async throws {
        try await withLetteredGallery("ABCDE") { store, gallery, items in
            try await store.expectCounts(of: gallery, items: 5, trash: 0)
            let (other, _) = try await store.makeGallery(named: "Other", holding: "XY")
            try await store.expectCounts(of: other, items: 2, trash: 0)

            _ = try await store.trashItems(itemIDs("AB", items), in: gallery, recordingFor: sessionOne)
            try await store.expectCounts(of: gallery, items: 3, trash: 2)
            _ = try await store.restoreItems(itemIDs("A", items), in: gallery, recordingFor: sessionOne)
            try await store.expectCounts(of: gallery, items: 4, trash: 1)

            _ = try await store.moveItems(itemIDs("CD", items), to: other, at: .end, recordingFor: sessionOne)
            try await store.expectCounts(of: gallery, items: 2, trash: 1)
            try await store.expectCounts(of: other, items: 4, trash: 0)
            _ = try await store.copyItems(itemIDs("E", items), to: other, at: .start, recordingFor: sessionOne)
            try await store.expectCounts(of: gallery, items: 2, trash: 1)
            try await store.expectCounts(of: other, items: 5, trash: 0)

            // Undoing the move brings the items back; the counts follow.
            _ = try await store.step(.undo, in: gallery, for: sessionOne, mayChange: { _ in true })  // the copy
            _ = try await store.step(.undo, in: gallery, for: sessionOne, mayChange: { _ in true })  // the move
            try await store.expectCounts(of: gallery, items: 4, trash: 1)
            try await store.expectCounts(of: other, items: 2, trash: 1)

            let deleted = try await store.emptyTrash(in: gallery, removingFiles: { _ in })
            #expect(deleted == 1)
            try await store.expectCounts(of: gallery, items: 4, trash: 0)

            let (copy, _) = try await store.duplicateGallery(gallery, named: "Copy")
            try await store.expectCounts(of: copy.id, items: 4, trash: 0)
            try await store.expectCounts(of: gallery, items: 4, trash: 0)
        }
    }
}

@Suite("The kept item counts of a database made before they were kept")
struct ItemCountMigrationTests {
    @Test func theCountsOfExistingGalleriesAreCountedOnceWhenTheDatabaseIsOpened() async throws {
        try await withTemporaryFolder { folder in
            let path = databasePath(in: folder)
            try await makeOlderDatabase(
                at: path, upTo: "v6: board positions, gallery views",
                """
                INSERT INTO gallery (id, name, imagesPerRow, sequence, createdAt, updatedAt)
                  VALUES ('00000000-0000-4000-8000-000000000001', 'Old', 4, 0, 0, 0);
                INSERT INTO item (id, galleryId, orderKey, state, origin, title, createdAt, updatedAt,
                  trashedAt, changeSequence)
                VALUES
                  ('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-000000000001', 'a0',
                   'pending', 'remote', 'A', 0, 0, NULL, 0),
                  ('00000000-0000-4000-8000-00000000000b', '00000000-0000-4000-8000-000000000001', 'a1',
                   'pending', 'remote', 'B', 0, 0, NULL, 0),
                  ('00000000-0000-4000-8000-00000000000c', '00000000-0000-4000-8000-000000000001', 'a2',
                   'pending', 'remote', 'C', 0, 0, 0, 0);
                """)
            let store = SQLGalleryStore(database: try AppDatabase.open(atPath: path))
            let gallery = try await store.gallery(GalleryID(trusted: "00000000-0000-4000-8000-000000000001"))
            #expect(gallery.itemCount == 2)
            #expect(gallery.trashCount == 1)
        }
    }
}
