import Foundation
import GalleryCore
import Synchronization
import Testing

@testable import GalleryStorePostgres
@testable import GalleryStoreSQL

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
