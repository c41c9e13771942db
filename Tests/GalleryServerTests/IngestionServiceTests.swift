import BlobStore
import Foundation
import GalleryCore
import GalleryServer
import GalleryStoreSQL
import GalleryStoreSQLite
import Logging
import MediaProbe
import Synchronization
import TestSupport
import Testing

/// A store that, once armed, announces the next `markFailed` and then holds the job that made it on its next read
/// of the item until released: the moment when the item is failed but its job has not ended yet.
private final class HoldingStore: ForwardingStore, @unchecked Sendable {
    let failed = Gate()
    let release = Gate()
    private let armed = Mutex(false)
    private let holding = Mutex(false)

    func arm() { armed.withLock { $0 = true } }

    override func markFailed(_ id: ItemID, reason: FailureReason) async throws -> Item? {
        let item = try await base.markFailed(id, reason: reason)
        if armed.withLock({ $0 }) {
            holding.withLock { $0 = true }
            failed.open()
        }
        return item
    }

    override func item(_ id: ItemID) async throws -> Item {
        if holding.withLock({ $0 }) {
            holding.withLock { $0 = false }
            try await release.wait()
        }
        return try await base.item(id)
    }
}

@Suite("Ingestion")
struct IngestionServiceTests {
    @Test func aRetryRightAfterTheFailureStillLoadsTheItem() async throws {
        try await withTemporaryFolder { folder in
            let url = "http://flaky.test/a.png"
            let web = FakeWeb([url: .failure(.httpStatus(503))])
            let store = HoldingStore(base: SQLGalleryStore(database: try AppDatabase.makeInMemory()))
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
            // The items were made by the last run of the server; this run (another owner of the work) resumes them.
            let database = try AppDatabase.makeInMemory()
            let lastRun = SQLGalleryStore(database: database, workOwner: "last run")
            let store = SQLGalleryStore(database: database, workOwner: "this run")
            let blobs = try BlobStore(root: folder)
            let ingestion = IngestionService(
                store: store, blobs: blobs, fetcher: web.fetcher, limits: ImageLimits(),
                fetchLimits: Fetcher.Limits(), logger: Logger(label: "IngestionServiceTests"))
            let gallery = try await store.firstGallery()
            let items = try await lastRun.insertPendingItems(
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
