import Foundation
import GRDB
import GalleryCore
import Testing

@testable import GalleryStoreSQL
@testable import GalleryStoreSQLite

@Suite("The database file")
struct DatabaseTests {
    static let migrations = [
        "v1: galleries, items, blobs, settings", "v2: trash index", "v3: events, undo history, placement versions",
        "v4: linked history entries",
        "v5: users, sessions, tokens, gallery roles, links", "v6: board positions, gallery views",
        "v7: kept item counts", "v8: recorded thumbnails",
        "v9: item kinds: notes, links, videos", "v10: order blocks", "v11: leases on loading", "v12: the board index",
        "v13: how videos play", "v14: captions and tags", "v15: what the camera wrote",
        "v16: how people turned their images", "v17: the viewer's display copies", "v18: who added each item",
        "v19: the search index", "v20: pages' and images' text", "v21: perceptual hashes",
        "v22: links' site icons", "v23: the tagged items' index",
        "v24: search's filters index", "v25: search's filters beside the index",
        "v26: search's lengths beside the index",
    ]

    @Test func openingAFileAppliesTheMigrationsInWALMode() async throws {
        try await withTemporaryFolder { folder in
            let database = try AppDatabase.open(atPath: databasePath(in: folder))
            let migrations = try database.appliedMigrations()
            #expect(migrations == Self.migrations)
            #expect(try database.journalMode() == "wal")
        }
    }

    @Test func reopeningAnExistingFileAppliesNoMigrationTwice() async throws {
        try await withTemporaryFolder { folder in
            do {
                _ = try AppDatabase.open(atPath: databasePath(in: folder))
            }
            let reopened = try AppDatabase.open(atPath: databasePath(in: folder))
            #expect(try reopened.appliedMigrations() == Self.migrations)
        }
    }

    @Test func galleriesAndItemsSurviveClosingAndReopening() async throws {
        try await withTemporaryFolder { folder in
            let path = databasePath(in: folder)
            let galleryID: GalleryID
            let itemIDs: [ItemID]
            do {
                let store = SQLGalleryStore(database: try AppDatabase.open(atPath: path))
                let gallery = try await store.firstGallery()
                _ = try await store.updateGallery(gallery.id, name: "Holidays", imagesPerRow: 6)
                let items = try await store.insertPendingItems(drafts("one", "two"), into: gallery.id, at: .end)
                _ = try await store.markReady(items[0].id, image: storedImage())
                galleryID = gallery.id
                itemIDs = items.map(\.id)
            }

            let reopened = SQLGalleryStore(database: try AppDatabase.open(atPath: path))
            let gallery = try await reopened.firstGallery()
            #expect(gallery.id == galleryID)
            #expect(gallery.name == "Holidays")
            #expect(gallery.imagesPerRow == 6)
            let items = try await reopened.allItems(in: galleryID)
            #expect(items.map(\.id) == itemIDs)
            #expect(items.map(\.state) == [.ready, .pending])
        }
    }

    @Test func aReadyItemWithoutImageIsRefusedByTheSchema() async throws {
        try await withStore { store, database in
            let gallery = try await store.firstGallery()
            let now = Date()
            await expectRefusedBySchema {
                try await database.executeRaw(
                    """
                    INSERT INTO item (id, galleryId, orderKey, state, origin, sourceURL, title, createdAt, updatedAt,
                                      changeSequence)
                    VALUES (?, ?, 'a0', 'ready', 'remote', NULL, 'broken', ?, ?, 1)
                    """,
                    arguments: [ItemID.make().rawValue, gallery.id.rawValue, now, now])
            }
            #expect(try await store.allItems(in: gallery.id).isEmpty)
        }
    }

    @Test func readyingAPendingItemWithoutImageIsRefusedByTheSchema() async throws {
        try await withStore { store, database in
            let gallery = try await store.firstGallery()
            let item = try await store.insertPendingItems(drafts("one"), into: gallery.id, at: .end)[0]
            await expectRefusedBySchema {
                try await database.executeRaw(
                    "UPDATE item SET state = 'ready' WHERE id = ?", arguments: [item.id.rawValue])
            }
            #expect(try await store.item(item.id).state == .pending)
        }
    }

    @Test func aFailedItemWithoutReasonIsRefusedByTheSchema() async throws {
        try await withStore { store, database in
            let gallery = try await store.firstGallery()
            let item = try await store.insertPendingItems(drafts("one"), into: gallery.id, at: .end)[0]
            await expectRefusedBySchema {
                try await database.executeRaw(
                    "UPDATE item SET state = 'failed' WHERE id = ?", arguments: [item.id.rawValue])
            }
            #expect(try await store.item(item.id).state == .pending)
        }
    }

    @Test func imagesPerRowOutsideOneToTwelveIsRefusedByTheSchema() async throws {
        try await withStore { store, database in
            let gallery = try await store.firstGallery()
            await expectRefusedBySchema {
                try await database.executeRaw(
                    "UPDATE gallery SET imagesPerRow = 13 WHERE id = ?", arguments: [gallery.id.rawValue])
            }
            #expect(try await store.gallery(gallery.id).imagesPerRow == Gallery.defaultImagesPerRow)
        }
    }

    @Test func twoLiveItemsCannotShareAnOrderKey() async throws {
        try await withStore { store, database in
            let gallery = try await store.firstGallery()
            let items = try await store.insertPendingItems(drafts("one", "two"), into: gallery.id, at: .end)
            await expectRefusedBySchema {
                try await database.executeRaw(
                    "UPDATE item SET orderKey = ? WHERE id = ?",
                    arguments: [items[0].orderKey.rawValue, items[1].id.rawValue])
            }
        }
    }
}
