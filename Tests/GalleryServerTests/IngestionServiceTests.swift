import BlobStore
import Foundation
import GalleryCore
import GalleryServer
import GalleryStoreSQLite
import Logging
import Synchronization
import TestSupport
import Testing

/// A store that, once armed, announces the next `markFailed` and then holds the job that made it on its next read
/// of the item until released: the moment when the item is failed but its job has not ended yet.
private final class HoldingStore: GalleryStore {
    let base: SQLiteGalleryStore
    let failed = Gate()
    let release = Gate()
    private let armed = Mutex(false)
    private let holding = Mutex(false)

    init(base: SQLiteGalleryStore) { self.base = base }

    func arm() { armed.withLock { $0 = true } }

    func markFailed(_ id: ItemID, reason: FailureReason) async throws -> Item? {
        let item = try await base.markFailed(id, reason: reason)
        if armed.withLock({ $0 }) {
            holding.withLock { $0 = true }
            failed.open()
        }
        return item
    }

    func item(_ id: ItemID) async throws -> Item {
        if holding.withLock({ $0 }) {
            holding.withLock { $0 = false }
            try await release.wait()
        }
        return try await base.item(id)
    }

    func galleries() async throws -> [Gallery] { try await base.galleries() }
    func gallery(_ id: GalleryID) async throws -> Gallery { try await base.gallery(id) }
    func createGallery(named name: String) async throws -> Gallery { try await base.createGallery(named: name) }
    func updateGallery(_ id: GalleryID, name: String?, imagesPerRow: Int?) async throws -> Gallery {
        try await base.updateGallery(id, name: name, imagesPerRow: imagesPerRow)
    }
    func lastOpenedGallery() async throws -> Gallery { try await base.lastOpenedGallery() }
    func setLastOpenedGallery(_ id: GalleryID) async throws { try await base.setLastOpenedGallery(id) }
    func items(in gallery: GalleryID, after cursor: OrderKey?, limit: Int) async throws -> ItemPage {
        try await base.items(in: gallery, after: cursor, limit: limit)
    }
    func changes(in gallery: GalleryID, since sequence: Int64) async throws -> ChangeSet {
        try await base.changes(in: gallery, since: sequence)
    }
    func insertPendingItems(_ drafts: [ItemDraft], into gallery: GalleryID, at point: InsertionPoint)
        async throws -> [Item]
    {
        try await base.insertPendingItems(drafts, into: gallery, at: point)
    }
    func markReady(_ id: ItemID, image: StoredImage) async throws -> Item? {
        try await base.markReady(id, image: image)
    }
    func markPendingForRetry(_ id: ItemID) async throws -> Item { try await base.markPendingForRetry(id) }
    func trashItem(_ id: ItemID) async throws -> Item { try await base.trashItem(id) }
    func pendingItems() async throws -> [Item] { try await base.pendingItems() }
    func moveItems(_ ids: [ItemID], in gallery: GalleryID, to point: InsertionPoint) async throws -> [Item] {
        try await base.moveItems(ids, in: gallery, to: point)
    }
    func trashItems(_ ids: [ItemID], in gallery: GalleryID) async throws -> [Item] {
        try await base.trashItems(ids, in: gallery)
    }
    func trashedItems(in gallery: GalleryID, limit: Int) async throws -> [Item] {
        try await base.trashedItems(in: gallery, limit: limit)
    }
    func restoreItems(_ ids: [ItemID], in gallery: GalleryID) async throws -> [Item] {
        try await base.restoreItems(ids, in: gallery)
    }
    func emptyTrash(in gallery: GalleryID, removingFiles: @Sendable ([String]) throws -> Void) async throws -> Int {
        try await base.emptyTrash(in: gallery, removingFiles: removingFiles)
    }
}

@Suite("Ingestion")
struct IngestionServiceTests {
    @Test func aRetryRightAfterTheFailureStillLoadsTheItem() async throws {
        try await withTemporaryFolder { folder in
            let url = "http://flaky.test/a.png"
            let web = FakeWeb([url: .failure(.httpStatus(503))])
            let store = HoldingStore(base: SQLiteGalleryStore(database: try AppDatabase.makeInMemory()))
            let ingestion = IngestionService(
                store: store, blobs: try BlobStore(root: folder), fetcher: web.fetcher, limits: ImageLimits(),
                fetchLimits: Fetcher.Limits(), logger: Logger(label: "IngestionServiceTests"))
            let gallery = try await store.lastOpenedGallery()
            let draft = ItemDraft(origin: .remote, sourceURL: url, title: "a.png")
            let item = try await store.insertPendingItems([draft], into: gallery.id, at: .end)[0]

            store.arm()
            ingestion.startFetching(item)
            try await store.failed.wait()
            // The item is failed, but the job that failed it has not ended: retry now.
            web.answer(url, with: .bytes(PNGBuilder.make(width: 2, height: 2)))
            let retried = try await store.markPendingForRetry(item.id)
            let retry = Task { await ingestion.restartFetching(retried) }
            store.release.open()
            await retry.value
            await ingestion.waitUntilIdle()

            let settled = try await store.item(item.id)
            #expect(settled.state == .ready)
            #expect(web.requestedURLs == [url, url])
        }
    }

    @Test func resumingAfterARestartLoadsPendingLinksAndFailsCutOffUploads() async throws {
        try await withTemporaryFolder { folder in
            let url = "http://site.test/a.png"
            let web = FakeWeb([url: .bytes(PNGBuilder.make(width: 3, height: 1))])
            let store = SQLiteGalleryStore(database: try AppDatabase.makeInMemory())
            let blobs = try BlobStore(root: folder)
            let ingestion = IngestionService(
                store: store, blobs: blobs, fetcher: web.fetcher, limits: ImageLimits(),
                fetchLimits: Fetcher.Limits(), logger: Logger(label: "IngestionServiceTests"))
            let gallery = try await store.lastOpenedGallery()
            let items = try await store.insertPendingItems(
                [
                    ItemDraft(origin: .remote, sourceURL: url, title: "a.png"),
                    ItemDraft(origin: .upload, sourceURL: nil, title: "b.png"),
                ], into: gallery.id, at: .end)
            let leftover = try blobs.makeWriter(maximumBytes: 10)
            try leftover.write([1, 2, 3])

            await ingestion.resumePendingWork()
            await ingestion.waitUntilIdle()

            #expect(try await store.item(items[0].id).state == .ready)
            #expect(try await store.item(items[1].id).failure == .uploadInterrupted)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("incoming").path)
                    .isEmpty)
        }
    }
}
