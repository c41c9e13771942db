import Foundation
import GalleryCore
import Testing

@testable import GalleryStoreSQL
@testable import GalleryStoreSQLite

@Suite("Items from placeholder to ready, failed or trashed")
struct ItemLifecycleTests {
    @Test func newItemsArePendingPlaceholders() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery()
            let item = try await store.insertPendingItems(drafts("one.png"), into: gallery.id, at: .end)[0]
            #expect(item.state == .pending)
            #expect(item.origin == .remote)
            #expect(item.sourceURL == "https://site.test/one.png")
            #expect(item.title == "one.png")
            #expect(item.galleryID == gallery.id)
            #expect(item.blobHash == nil)
            #expect(item.failure == nil)
            #expect(item.trashedAt == nil)
            #expect(try await store.pendingItems().map(\.id) == [item.id])
        }
    }

    @Test func aBatchSettledIsOneChangeOfEachGalleryAndLeavesOutWhatIsNoLongerPending() async throws {
        let files = FakeFiles()
        let (image, preview) = (storedImage(), storedImage(digit: "b"))
        files.add(image.hash)
        files.add(preview.hash)
        try await withStore(clock: TickingClock(), files: files) { store, _ in
            let (first, items) = try await store.makeGallery(named: "First", holding: "ABCD")
            let (second, others) = try await store.makeGallery(named: "Second", holding: "E")
            _ = try await store.markReady(items["D"]!.id, image: image)
            let before = (try await store.gallery(first).sequence, try await store.gallery(second).sequence)

            let settled = try await store.settle([
                .file(items["A"]!.id, image),
                .link(
                    items["B"]!.id, LinkDetails(title: "Page", description: "About", siteName: "Site"), preview: preview
                ),
                .file(items["C"]!.id, storedImage(digit: "c")),  // its file is gone: it fails
                .file(items["D"]!.id, image),  // ready already: left as it is
                .file(others["E"]!.id, image),
            ])

            #expect(settled.map(\.title) == ["A", "Page", "C", "E"])
            #expect(settled.map(\.state) == [.ready, .ready, .failed, .ready])
            #expect(settled[1].kind == .link && settled[1].blobHash == preview.hash)
            #expect(settled[2].failure == .internalError)
            #expect(try await store.gallery(first).sequence == before.0 + 1)
            #expect(try await store.gallery(second).sequence == before.1 + 1)
            let events = try #require(try await store.events(in: first, after: before.0))
            #expect(events.map { Set($0.items.map(\.title)) } == [["A", "Page", "C"]])
            #expect(try await store.pendingItems().isEmpty)
        }
    }

    @Test func aReadyItemShowsItsImageAfterReopening() async throws {
        try await withTemporaryFolder { folder in
            let path = databasePath(in: folder)
            let id: ItemID
            do {
                let store = SQLGalleryStore(database: try AppDatabase.open(atPath: path))
                let gallery = try await store.firstGallery()
                id = try await store.insertPendingItems(drafts("one"), into: gallery.id, at: .end)[0].id
                let ready = try #require(try await store.markReady(id, image: storedImage(width: 800, height: 600)))
                #expect(ready.state == .ready)
            }

            let store = SQLGalleryStore(database: try AppDatabase.open(atPath: path))
            let item = try await store.item(id)
            #expect(item.state == .ready)
            #expect(item.blobHash == storedImage().hash)
            #expect(item.mimeType == "image/png")
            #expect(item.width == 800)
            #expect(item.height == 600)
            #expect(item.byteCount == 1234)
            #expect(item.failure == nil)
            #expect(try await store.pendingItems().isEmpty)
        }
    }

    @Test func aStoredImageIsReadAsItWasFirstRecorded() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery()
            let items = try await store.insertPendingItems(drafts("one", "two"), into: gallery.id, at: .end)
            #expect(try await store.storedImage(hash: storedImage().hash) == nil)
            _ = try await store.markReady(items[0].id, image: storedImage(width: 800, height: 600))
            _ = try await store.markReady(items[1].id, image: storedImage(width: 1, height: 1))
            #expect(try await store.storedImage(hash: storedImage().hash) == storedImage(width: 800, height: 600))
            #expect(try await store.storedImage(hash: storedImage(digit: "b").hash) == nil)
        }
    }

    @Test func twoItemsWithTheSameBytesShareOneImage() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery()
            let items = try await store.insertPendingItems(drafts("one", "two"), into: gallery.id, at: .end)
            _ = try await store.markReady(items[0].id, image: storedImage())
            // The second image row is ignored: the bytes (and so the hash) are the same.
            _ = try await store.markReady(items[1].id, image: storedImage(width: 1, height: 1))
            let all = try await store.allItems(in: gallery.id)
            #expect(all.map(\.state) == [.ready, .ready])
            #expect(all.map(\.width) == [640, 640])
        }
    }

    @Test(arguments: [
        FailureReason.notAnImage, .httpStatus(404), .tooLarge(limitBytes: 50_000_000), .invalidURL("no host"),
        .unsupportedFormat("BMP"), .uploadInterrupted,
    ])
    func aFailedItemKeepsItsReasonAfterReopening(reason: FailureReason) async throws {
        try await withTemporaryFolder { folder in
            let path = databasePath(in: folder)
            let id: ItemID
            do {
                let store = SQLGalleryStore(database: try AppDatabase.open(atPath: path))
                let gallery = try await store.firstGallery()
                id = try await store.insertPendingItems(drafts("one"), into: gallery.id, at: .end)[0].id
                let failed = try #require(try await store.markFailed(id, reason: reason))
                #expect(failed.state == .failed)
            }

            let store = SQLGalleryStore(database: try AppDatabase.open(atPath: path))
            let item = try await store.item(id)
            #expect(item.state == .failed)
            #expect(item.failure == reason)
            #expect(item.failure?.message == reason.message)
        }
    }

    @Test func aFailedSiteAnswerReadsAsItsStatus() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery()
            let id = try await store.insertPendingItems(drafts("one"), into: gallery.id, at: .end)[0].id
            _ = try await store.markFailed(id, reason: .httpStatus(404))
            #expect(try await store.item(id).failure?.message == "The site answered 404 (not found)")
        }
    }

    @Test func onlyAPendingItemCanBeSettled() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery()
            let items = try await store.insertPendingItems(drafts("one", "two"), into: gallery.id, at: .end)
            _ = try await store.markFailed(items[0].id, reason: .notAnImage)
            _ = try await store.markReady(items[1].id, image: storedImage())

            #expect(try await store.markReady(items[0].id, image: storedImage()) == nil)
            #expect(try await store.markFailed(items[1].id, reason: .timedOut) == nil)
            #expect(try await store.item(items[0].id).state == .failed)
            #expect(try await store.item(items[0].id).failure == .notAnImage)
            #expect(try await store.item(items[1].id).state == .ready)
        }
    }

    @Test func aFailedRemoteItemCanBeRetried() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery()
            let id = try await store.insertPendingItems(drafts("one"), into: gallery.id, at: .end)[0].id
            let failed = try #require(try await store.markFailed(id, reason: .timedOut))
            #expect(failed.isRetryable)

            let retried = try await store.markPendingForRetry(id)
            #expect(retried.state == .pending)
            #expect(retried.failure == nil)
            #expect(retried.orderKey == failed.orderKey)
            #expect(try await store.pendingItems().map(\.id) == [id])
        }
    }

    @Test func onlyAFailedItemWithASourceCanBeRetried() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery()
            let upload = ItemDraft(origin: .upload, sourceURL: nil, title: "a.png")
            let items = try await store.insertPendingItems(
                [draft("pending"), upload], into: gallery.id, at: .end)
            _ = try await store.markFailed(items[1].id, reason: .uploadInterrupted)

            await #expect(throws: GalleryError.self) { _ = try await store.markPendingForRetry(items[0].id) }
            await #expect(throws: GalleryError.self) { _ = try await store.markPendingForRetry(items[1].id) }
        }
    }

    @Test func aTrashedItemLeavesTheListButShowsInTheChanges() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery()
            let items = try await store.insertPendingItems(drafts("one", "two"), into: gallery.id, at: .end)
            let before = try await store.gallery(gallery.id).sequence

            let trashed = try await store.trashItem(items[0].id)
            #expect(trashed.trashedAt != nil)
            #expect(try await store.titles(in: gallery.id) == ["two"])

            let changes = try await store.changes(in: gallery.id, since: before, limit: 1000)
            #expect(changes.items.map(\.id) == [items[0].id])
            #expect(changes.items.first?.trashedAt != nil)
            #expect(changes.gallery.sequence > before)
        }
    }

    @Test func trashingTwiceChangesNothingMore() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery()
            let id = try await store.insertPendingItems(drafts("one"), into: gallery.id, at: .end)[0].id
            let first = try await store.trashItem(id)
            let sequence = try await store.gallery(gallery.id).sequence
            let second = try await store.trashItem(id)
            #expect(second == first)
            #expect(try await store.gallery(gallery.id).sequence == sequence)
        }
    }

    @Test func changesSinceANumberHoldOnlyLaterChanges() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery()
            let early = try await store.insertPendingItems(drafts("one", "two"), into: gallery.id, at: .end)
            let mark = try await store.gallery(gallery.id).sequence
            let late = try await store.insertPendingItems(drafts("three"), into: gallery.id, at: .end)
            _ = try await store.markReady(early[1].id, image: storedImage())

            let changes = try await store.changes(in: gallery.id, since: mark, limit: 1000)
            #expect(changes.items.map(\.id) == [late[0].id, early[1].id])
            #expect(changes.items.allSatisfy { $0.changeSequence > mark })
            #expect(try await store.changes(in: gallery.id, since: 0, limit: 1000).items.count == 3)
            let now = try await store.gallery(gallery.id).sequence
            #expect(try await store.changes(in: gallery.id, since: now, limit: 1000).items.isEmpty)
        }
    }

    @Test func pagesTogetherHoldEveryItemExactlyOnce() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery()
            let titles = (1...23).map { "item \($0)" }
            _ = try await store.insertPendingItems(titles.map(draft), into: gallery.id, at: .end)
            _ = try await store.insertPendingItems(drafts("first"), into: gallery.id, at: .start)
            _ = try await store.insertPendingItems(drafts("middle"), into: gallery.id, at: .index(12))

            var seen: [String] = []
            var cursor: OrderKey?
            var pages = 0
            repeat {
                let page = try await store.items(in: gallery.id, from: .after(cursor), limit: 5)
                #expect(page.items.count <= 5)
                seen += page.items.map(\.title)
                cursor = page.nextCursor
                pages += 1
            } while cursor != nil && pages < 100

            #expect(seen == (try await store.titles(in: gallery.id)))
            #expect(seen.count == 25)
            #expect(Set(seen).count == 25)
            #expect(pages == 5)
        }
    }

    @Test func aFullLastPageHasNoNextCursor() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery()
            _ = try await store.insertPendingItems(drafts("A", "B", "C", "D"), into: gallery.id, at: .end)
            let first = try await store.items(in: gallery.id, from: .after(nil), limit: 2)
            #expect(first.items.map(\.title) == ["A", "B"])
            let second = try await store.items(in: gallery.id, from: .after(first.nextCursor), limit: 2)
            #expect(second.items.map(\.title) == ["C", "D"])
            #expect(second.nextCursor == nil)
        }
    }

    @Test func anUnknownItemIsNotFound() async throws {
        try await withStore { store, _ in
            await #expect(throws: GalleryError.self) { _ = try await store.item(ItemID.make()) }
            await #expect(throws: GalleryError.self) { _ = try await store.trashItem(ItemID.make()) }
        }
    }
}

@Suite("Leases on loading, on a database no other server shares")
struct LeasesAloneTests {
    @Test func aNewRunTakesOnAtOnceWhatTheLastRunLeftAndNothingTwice() async throws {
        try await withTemporaryFolder { folder in
            let path = databasePath(in: folder)
            let (gallery, left): (GalleryID, Item) = try await {
                let lastRun = SQLGalleryStore(database: try AppDatabase.open(atPath: path), workOwner: "last run")
                let gallery = try await lastRun.createGallery(named: "G")
                let left = try await lastRun.insertPendingItems([draft("A")], into: gallery.id, at: .end)[0]
                #expect(try await lastRun.claimPendingItems().isEmpty)
                return (gallery.id, left)
            }()
            let thisRun = SQLGalleryStore(database: try AppDatabase.open(atPath: path), workOwner: "this run")
            #expect(try await thisRun.claimPendingItems().map(\.id) == [left.id])
            #expect(try await thisRun.claimPendingItems().isEmpty)
            let mine = try await thisRun.insertPendingItems([draft("B")], into: gallery, at: .end)[0]
            #expect(try await thisRun.ownedPendingItems().map(\.id) == [left.id, mine.id])
        }
    }
}
