import Foundation
import GalleryCore
import Synchronization
import Testing

@testable import GalleryStorePostgres
@testable import GalleryStoreSQL
@testable import GalleryStoreSQLite

/// Several servers on one PostgreSQL database: they migrate it once between them, and each hears of the others'
/// changes. Runs when IMAGE_GALLERY_TEST_POSTGRESQL_URL names a server.
@Suite(
    "Several servers on one PostgreSQL database",
    .enabled(if: ProcessInfo.processInfo.environment["IMAGE_GALLERY_TEST_POSTGRESQL_URL"] != nil))
struct SeveralServersTests {
    var url: String { ProcessInfo.processInfo.environment["IMAGE_GALLERY_TEST_POSTGRESQL_URL"] ?? "" }

    @Test func serversStartingTogetherMigrateTheDatabaseOnce() async throws {
        try await TestEngine.withPostgresSchema(url: url, databases: 3) { databases in
            for database in databases {
                let applied = try await database.appliedMigrations()
                #expect(applied == PostgresSchema.migrations.map(\.name))
            }
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aChangeThroughOneServerReachesTheViewsOfAnother() async throws {
        try await TestEngine.withPostgresSchema(url: url, databases: 2) { databases in
            let first = SQLGalleryStore(database: databases[0])
            let second = SQLGalleryStore(database: databases[1])
            let gallery = try await first.createGallery(named: "Shared")
            var heard = second.changeSignals(in: gallery.id).makeAsyncIterator()
            var heardInList = second.changeSignals(in: nil).makeAsyncIterator()
            // The second server's listener may not be listening yet: change until it hears.
            let changing = Task {
                var count = 0
                while !Task.isCancelled {
                    count += 1
                    _ = try await first.insertPendingItems([draft("item \(count)")], into: gallery.id, at: .end)
                    try await Task.sleep(for: .milliseconds(200))
                }
            }
            defer { changing.cancel() }
            // As a view does: on each signal, it reads the events since the last it had, until the first
            // server's inserts are there (the gallery's making may be heard first: it has no event).
            var read: [GalleryEvent] = []
            while read.isEmpty, await heard.next() != nil {
                guard case .events(let events, _) = try await second.events(in: gallery.id, since: 0, limit: 100)
                else {
                    Issue.record("the events were not kept")
                    return
                }
                read = events
            }
            #expect(read.first?.sequence == 1 && read.first?.items.first?.title == "item 1")
            #expect(await heardInList.next() != nil)
        }
    }

    @Test func connectionsEndedByTheDatabaseAreMadeAgainWithoutARestart() async throws {
        try await TestEngine.withPostgresSchema(url: url, databases: 2) { databases in
            let store = SQLGalleryStore(database: databases[0])
            let gallery = try await store.createGallery(named: "Before")
            // The other server, as an administrator would, ends every other connection to this schema (the tests
            // name their connections after their schema).
            _ = try await databases[1].write { db in
                try db.execute(
                    sql: """
                        SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                        WHERE pid <> pg_backend_pid() AND application_name = current_schema()
                        """)
            }
            var written = false
            for attempt in 0..<20 where !written {
                do {
                    _ = try await store.updateGallery(gallery.id, name: "After \(attempt)", imagesPerRow: nil)
                    written = true
                } catch let error as GalleryError {
                    #expect(error.kind == .unavailable, "\(error)")
                    try await Task.sleep(for: .milliseconds(100))
                }
            }
            #expect(written, "the store writes again once the connections are back")
            #expect(try await store.gallery(gallery.id).name.hasPrefix("After"))
        }
    }

    @Test func aServersLoadingIsTakenOnByAnotherOnlyOnceItsLeaseRunsOut() async throws {
        try await TestEngine.withPostgresSchema(url: url, databases: 2) { databases in
            let later = Mutex(Date())
            let first = SQLGalleryStore(database: databases[0], workOwner: "first", leaseDuration: 60)
            let second = SQLGalleryStore(
                database: databases[1], now: { later.withLock { $0 } }, workOwner: "second", leaseDuration: 60)
            let gallery = try await first.createGallery(named: "Shared")
            let item = try await first.insertPendingItems([draft("A")], into: gallery.id, at: .end)[0]
            #expect(try await first.ownedPendingItems().map(\.id) == [item.id])

            // The first server's lease holds: the second takes nothing on, however often it looks.
            #expect(try await second.claimPendingItems().isEmpty)
            try await first.renewLeases()
            #expect(try await second.claimPendingItems().isEmpty)

            // Past the lease (the first server stopped renewing: it died), the second takes the item on, once.
            later.withLock { $0 = Date().addingTimeInterval(61) }
            #expect(try await second.claimPendingItems().map(\.id) == [item.id])
            #expect(try await second.claimPendingItems().isEmpty)
            #expect(try await second.ownedPendingItems().map(\.id) == [item.id])
            #expect(try await first.ownedPendingItems().isEmpty)

            // Loaded, it is nobody's work any more.
            _ = try await second.markReady(item.id, image: storedImage())
            try await second.renewLeases()
            #expect(try await second.ownedPendingItems().isEmpty)
        }
    }
}

/// `image-gallery migrate`: an SQLite database copied into PostgreSQL is the same there, and works there.
@Suite(
    "Moving between engines",
    .enabled(if: ProcessInfo.processInfo.environment["IMAGE_GALLERY_TEST_POSTGRESQL_URL"] != nil))
struct DatabaseCopyTests {
    var url: String { ProcessInfo.processInfo.environment["IMAGE_GALLERY_TEST_POSTGRESQL_URL"] ?? "" }

    /// What a reader sees of a gallery: its items in order (and its trash) with what matters of each.
    func seen(_ store: SQLGalleryStore, _ gallery: GalleryID) async throws -> [String] {
        func line(_ item: Item) -> String {
            "\(item.id) \(item.title) \(item.orderKey) \(item.state) \(item.kind) \(item.blobHash ?? "-")"
                + " \(item.boardPosition.map { "\($0.x),\($0.y),\($0.width),\($0.z)" } ?? "-")"
        }
        let live = try await store.items(in: gallery, from: .after(nil), limit: 1000).items.map(line)
        let trash = try await store.trashedItems(in: gallery, limit: 1000).map { "trash " + line($0) }
        return live + trash
    }

    @Test func everythingComesAcrossInOrderWorksThereAndASecondRunChangesNothing() async throws {
        try await withTemporaryFolder { folder in
            let sqlite = try AppDatabase.open(atPath: databasePath(in: folder))
            let original = SQLGalleryStore(database: sqlite)
            let accounts = SQLAccountStore(database: sqlite)
            let owner = try await accounts.createUser(named: "Ada", passwordHash: "hash", isAdmin: true)
            let fruit = try await original.createGallery(named: "Fruit")
            let other = try await original.createGallery(named: "Other")
            try await accounts.setRole(.owner, of: owner.id, in: fruit.id)
            let items = try await original.insertPendingItems(
                (1...40).map { draft("F\($0)") }, into: fruit.id, at: .end, recordingFor: sessionOne)
            _ = try await original.markReady(items[0].id, image: storedImage(digit: "c"))
            _ = try await original.placeItems(
                [(items[1].id, BoardPosition(x: 10, y: 20, width: 300, z: 2))], in: fruit.id)
            _ = try await original.moveItems(
                [items[5].id, items[6].id], to: other.id, at: .end, recordingFor: sessionOne)
            _ = try await original.trashItems([items[7].id], in: fruit.id, recordingFor: sessionOne)

            try await TestEngine.withPostgresSchema(url: url, databases: 1) { databases in
                let summary = try await DatabaseCopy(from: sqlite, to: databases[0]).run()
                #expect(summary == DatabaseCopy.Summary(galleries: 2, items: 40, alreadyThere: 0))
                let copy = SQLGalleryStore(database: databases[0])
                #expect(try await copy.galleries().map(\.name) == original.galleries().map(\.name))
                for gallery in [fruit.id, other.id] {
                    #expect(try await seen(copy, gallery) == seen(original, gallery))
                    #expect(try await copy.gallery(gallery).itemCount == original.gallery(gallery).itemCount)
                }
                // A window in the middle finds its place through the order blocks the copy made.
                let window = try await copy.items(in: fruit.id, from: .position(20), limit: 5)
                #expect(window.position == 20 && window.count == 37)
                #expect(try await SQLAccountStore(database: databases[0]).user(named: "Ada")?.id == owner.id)
                #expect(try await SQLAccountStore(database: databases[0]).role(of: owner.id, in: fruit.id) == .owner)

                // Its undo history came too: undoing the trash brings the item back, on PostgreSQL.
                #expect(try await copy.history(in: fruit.id, for: sessionOne).undo == .trash)
                _ = try await copy.step(.undo, in: fruit.id, for: sessionOne, mayChange: { _ in true })
                #expect(try await copy.trashedItems(in: fruit.id, limit: 10).isEmpty)
                // New history rows are numbered past the copied ones.
                _ = try await copy.trashItems([items[8].id], in: fruit.id, recordingFor: sessionTwo)
                #expect(try await copy.history(in: fruit.id, for: sessionTwo).undo == .trash)

                // Again: nothing is copied twice.
                let again = try await DatabaseCopy(from: sqlite, to: databases[0]).run()
                #expect(again == DatabaseCopy.Summary(galleries: 0, items: 0, alreadyThere: 2))
            }
        }
    }

    /// Thousands of items arrive in a few statements: the target's blocks are cut so that none holds more than 1,024
    /// and they count every item, and windows anywhere find the same items as on SQLite.
    @Test func aBigGalleryArrivesInBlocksThatFindEveryPosition() async throws {
        try await withTemporaryFolder { folder in
            let sqlite = try AppDatabase.open(atPath: databasePath(in: folder))
            let original = SQLGalleryStore(database: sqlite)
            let big = try await original.createGallery(named: "Big")
            for batch in 0..<6 {
                _ = try await original.insertPendingItems(
                    (0..<500).map { draft("B\(batch)-\($0)") }, into: big.id, at: .end, recordingFor: sessionOne)
            }
            try await TestEngine.withPostgresSchema(url: url, databases: 1) { databases in
                _ = try await DatabaseCopy(from: sqlite, to: databases[0]).run()
                let copy = SQLGalleryStore(database: databases[0])
                let blocks = try await databases[0].read { db in
                    try db.row(
                        sql:
                            "SELECT count(*) AS blocks, max(liveCount) AS most, sum(liveCount) AS every FROM order_block"
                    )
                }
                let (count, most, every) = (
                    blocks?["blocks"] as Int?, blocks?["most"] as Int?, blocks?["every"] as Int?
                )
                #expect((count ?? 0) >= 3 && (most ?? .max) <= 1024 && every == 3000)
                for position in [0, 511, 512, 1500, 2047, 2999] {
                    let there = try await copy.items(in: big.id, from: .position(position), limit: 3)
                    let here = try await original.items(in: big.id, from: .position(position), limit: 3)
                    #expect(there.position == here.position && there.items.map(\.id) == here.items.map(\.id))
                }
            }
        }
    }
}
