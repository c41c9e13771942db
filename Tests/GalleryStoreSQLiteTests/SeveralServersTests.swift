import Foundation
import GalleryCore
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
            #expect(await heard.next() != nil)
            #expect(await heardInList.next() != nil)
            changing.cancel()
            // What it hears of, it reads: the events written through the first server.
            guard case .events(let events, let read) = try await second.events(in: gallery.id, since: 0, limit: 100)
            else {
                Issue.record("the events were not kept")
                return
            }
            #expect(!events.isEmpty && events.last?.sequence == read.sequence)
        }
    }
}
