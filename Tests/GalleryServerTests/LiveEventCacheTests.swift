import BlobStore
import Foundation
import GalleryCore
import GalleryStoreSQL
import GalleryStoreSQLite
import Logging
import MediaProbe
import Synchronization
import TestSupport
import Testing

@testable import GalleryServer

/// A store that counts the reads of events.
private final class CountingStore: ForwardingStore, @unchecked Sendable {
    let reads = Mutex(0)

    override func events(in gallery: GalleryID, since sequence: Int64, limit: Int) async throws -> EventFeed {
        reads.withLock { $0 += 1 }
        return try await base.events(in: gallery, since: sequence, limit: limit)
    }
}

/// A cache over a fresh store (its first gallery, `gallery`), with `capacity` events kept.
private func withCache(
    capacity: Int = 256, eventRetention: Int = SQLGalleryStore.defaultEventRetention,
    _ body: (LiveEventCache, CountingStore, GalleryID) async throws -> Void
) async throws {
    try await withTemporaryFolder { folder in
        let base = SQLGalleryStore(database: try AppDatabase.makeInMemory(), eventRetention: eventRetention)
        let store = CountingStore(base: base)
        let ingestion = IngestionService(
            store: store, blobs: try BlobStore(root: folder), fetcher: FakeWeb([:]).fetcher, limits: ImageLimits(),
            fetchLimits: Fetcher.Limits(), logger: Logger(label: "LiveEventCacheTests"))
        let cache = LiveEventCache(store: store, presenter: Presenter(of: ingestion), capacity: capacity)
        let gallery = try await store.firstGallery().id
        await cache.open(gallery)
        try await body(cache, store, gallery)
        await cache.close(gallery)
    }
}

extension LiveEventCache.Answer {
    /// The sequences of the events answered (nil for a reset).
    fileprivate var sequences: [Int64]? {
        if case .events(let events, _) = self { return events.map(\.sequence) }
        return nil
    }
}

/// Adds `count` pending items at the end of the gallery, one change each.
private func addItems(_ count: Int, to gallery: GalleryID, in store: some GalleryStore) async throws {
    for index in 0..<count {
        let draft = ItemDraft(origin: .remote, sourceURL: "http://example.test/\(index).png", title: "\(index).png")
        _ = try await store.insertPendingItems([draft], into: gallery, at: .end)
    }
}

@Suite("The live feeds' shared reads of events")
struct LiveEventCacheTests {
    @Test func manyFeedsWokenByOneChangeShareOneReadAndEachGetsTheEventEncodedAsTheSocketSendsIt() async throws {
        try await withCache { cache, store, gallery in
            try await addItems(1, to: gallery, in: store)
            let woken = ContinuousClock.now
            let answers = try await withThrowingTaskGroup(of: LiveEventCache.Answer.self) { group in
                for _ in 0..<100 { group.addTask { try await cache.events(in: gallery, after: 0, wokenAt: woken) } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.count == 100)
            #expect(answers.allSatisfy { $0.sequences == [1] })
            #expect(store.reads.withLock { $0 } == 1)
            guard case .events(let events, let more) = answers[0] else { return }
            #expect(!more)
            #expect(events[0].json.hasPrefix(#"{"#) && events[0].json.contains(#""type":"event""#))
        }
    }

    @Test func aFeedWokenAfterAReadStartedIsAnsweredByANewerReadSoItNeverMissesTheChangeThatWokeIt() async throws {
        try await withCache { cache, store, gallery in
            try await addItems(1, to: gallery, in: store)
            #expect(try await cache.events(in: gallery, after: 0, wokenAt: .now).sequences == [1])
            try await addItems(2, to: gallery, in: store)
            // Woken by the newer changes: the read that answered the first feed is too old for it.
            let wokenBeforeTheNewestRead = ContinuousClock.now
            #expect(try await cache.events(in: gallery, after: 1, wokenAt: .now).sequences == [2, 3])
            #expect(store.reads.withLock { $0 } == 2)
            // A feed woken before that read started, knowing nothing yet, gets everything kept from it.
            #expect(
                try await cache.events(in: gallery, after: 0, wokenAt: wokenBeforeTheNewestRead).sequences == [1, 2, 3])
            #expect(store.reads.withLock { $0 } == 2)
        }
    }

    @Test func aFeedBehindTheEventsKeptReadsItsOwnAndOneTooFarBehindStartsAfresh() async throws {
        try await withCache(capacity: 2, eventRetention: 5) { cache, store, gallery in
            try await addItems(4, to: gallery, in: store)
            #expect(try await cache.events(in: gallery, after: 3, wokenAt: .now).sequences == [4])
            try await addItems(1, to: gallery, in: store)
            #expect(try await cache.events(in: gallery, after: 4, wokenAt: .now).sequences == [5])
            // Kept: 4 and 5. A feed at 1 reads 2 to 5 on its own.
            #expect(
                try await cache.events(in: gallery, after: 1, wokenAt: .now - .seconds(1)).sequences == [2, 3, 4, 5])
            try await addItems(20, to: gallery, in: store)
            // Events before the store's retention are gone: the feed must load the gallery afresh.
            let answer = try await cache.events(in: gallery, after: 1, wokenAt: .now)
            guard case .reset(let current) = answer else {
                Issue.record("expected a reset, got \(answer)")
                return
            }
            #expect(current.sequence == 25)
        }
    }

    @Test func aGoneGalleryIsAnErrorForEveryFeed() async throws {
        try await withCache { cache, store, gallery in
            let other = try await store.createGallery(named: "Other")
            await cache.open(other.id)
            _ = try await store.trashGallery(other.id)
            await #expect(throws: GalleryError.self) {
                try await cache.events(in: other.id, after: 0, wokenAt: .now)
            }
            await cache.close(other.id)
            #expect(try await cache.events(in: gallery, after: 0, wokenAt: .now).sequences == [])
        }
    }
}
