import BlobStore
import Foundation
import GalleryCore
import GalleryServer
import GalleryStoreSQLite
import Logging
import MediaProbe
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
    func updateGallery(
        _ id: GalleryID, name: String?, imagesPerRow: Int?, view: GalleryView?, recordingFor session: HistorySession?
    ) async throws -> Gallery {
        try await base.updateGallery(id, name: name, imagesPerRow: imagesPerRow, view: view, recordingFor: session)
    }
    func arrangeItems(
        _ positions: [(id: ItemID, position: BoardPosition)], in gallery: GalleryID,
        recordingFor session: HistorySession?
    ) async throws -> [Item] {
        try await base.arrangeItems(positions, in: gallery, recordingFor: session)
    }
    func placeItems(_ positions: [(id: ItemID, position: BoardPosition)], in gallery: GalleryID) async throws
        -> [Item]
    {
        try await base.placeItems(positions, in: gallery)
    }
    func trashedGalleries() async throws -> [Gallery] { try await base.trashedGalleries() }
    func duplicateGallery(_ id: GalleryID, named name: String?) async throws -> (gallery: Gallery, items: [Item]) {
        try await base.duplicateGallery(id, named: name)
    }
    func trashGallery(_ id: GalleryID) async throws -> Gallery { try await base.trashGallery(id) }
    func restoreGallery(_ id: GalleryID) async throws -> Gallery { try await base.restoreGallery(id) }
    func firstGallery() async throws -> Gallery { try await base.firstGallery() }
    func items(in gallery: GalleryID, after cursor: OrderKey?, limit: Int) async throws -> ItemPage {
        try await base.items(in: gallery, after: cursor, limit: limit)
    }
    func changes(in gallery: GalleryID, since sequence: Int64) async throws -> ChangeSet {
        try await base.changes(in: gallery, since: sequence)
    }
    func insertPendingItems(
        _ drafts: [ItemDraft], into gallery: GalleryID, at point: InsertionPoint, recordingFor session: HistorySession?
    ) async throws -> [Item] {
        try await base.insertPendingItems(drafts, into: gallery, at: point, recordingFor: session)
    }
    func markReady(_ id: ItemID, image: StoredImage) async throws -> Item? {
        try await base.markReady(id, image: image)
    }
    func markPendingForRetry(_ id: ItemID) async throws -> Item { try await base.markPendingForRetry(id) }
    func trashItem(_ id: ItemID, recordingFor session: HistorySession?) async throws -> Item {
        try await base.trashItem(id, recordingFor: session)
    }
    func pendingItems() async throws -> [Item] { try await base.pendingItems() }
    func storedImage(hash: String) async throws -> StoredImage? { try await base.storedImage(hash: hash) }
    func moveItems(
        _ ids: [ItemID], to gallery: GalleryID, at point: InsertionPoint, recordingFor session: HistorySession?
    ) async throws -> [Item] {
        try await base.moveItems(ids, to: gallery, at: point, recordingFor: session)
    }
    func copyItems(
        _ ids: [ItemID], to gallery: GalleryID, at point: InsertionPoint, recordingFor session: HistorySession?
    ) async throws -> [Item] {
        try await base.copyItems(ids, to: gallery, at: point, recordingFor: session)
    }
    func trashItems(_ ids: [ItemID], in gallery: GalleryID, recordingFor session: HistorySession?) async throws
        -> [Item]
    {
        try await base.trashItems(ids, in: gallery, recordingFor: session)
    }
    func trashedItems(in gallery: GalleryID, limit: Int) async throws -> [Item] {
        try await base.trashedItems(in: gallery, limit: limit)
    }
    func restoreItems(_ ids: [ItemID], in gallery: GalleryID, recordingFor session: HistorySession?) async throws
        -> [Item]
    {
        try await base.restoreItems(ids, in: gallery, recordingFor: session)
    }
    func events(in gallery: GalleryID, since sequence: Int64, limit: Int) async throws -> EventFeed {
        try await base.events(in: gallery, since: sequence, limit: limit)
    }
    func changeSignals(in gallery: GalleryID?) -> AsyncStream<Void> { base.changeSignals(in: gallery) }
    func history(in gallery: GalleryID, for session: HistorySession) async throws -> HistoryState {
        try await base.history(in: gallery, for: session)
    }
    func step(_ direction: HistoryDirection, in gallery: GalleryID, for session: HistorySession) async throws
        -> HistoryOutcome
    {
        try await base.step(direction, in: gallery, for: session)
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
            let gallery = try await store.firstGallery()
            let draft = ItemDraft(origin: .remote, sourceURL: url, title: "a.png")
            let item = try await store.insertPendingItems([draft], into: gallery.id, at: .end)[0]

            store.arm()
            try await ingestion.withReservedLoads(1, for: "someone") { $0.startFetching(item) }
            try await store.failed.wait()
            // The item is failed, but the job that failed it has not ended: retry now.
            web.answer(url, with: .bytes(PNGBuilder.make(width: 2, height: 2)))
            let retried = try await store.markPendingForRetry(item.id)
            let retry = Task {
                try await ingestion.withReservedLoads(1, for: "someone") { reservation in
                    await ingestion.restartFetching(retried, in: reservation)
                }
            }
            store.release.open()
            try await retry.value
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
            let gallery = try await store.firstGallery()
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
