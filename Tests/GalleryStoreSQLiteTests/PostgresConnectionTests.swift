import Foundation
import Logging
import PostgresNIO
import Testing

@testable import GalleryStorePostgres

/// What a session sees of a connection that closes under it. Runs when IMAGE_GALLERY_TEST_POSTGRESQL_URL names a
/// server.
@Suite(
    "PostgreSQL connections that close",
    .enabled(if: ProcessInfo.processInfo.environment["IMAGE_GALLERY_TEST_POSTGRESQL_URL"] != nil))
struct PostgresConnectionTests {
    var url: String { ProcessInfo.processInfo.environment["IMAGE_GALLERY_TEST_POSTGRESQL_URL"] ?? "" }

    @Test(.timeLimit(.minutes(1)))
    func aStatementSentOnAClosedConnectionFailsAsUnreachableInsteadOfWaitingForEver() async throws {
        try await TestEngine.withPostgresSchema(url: url, databases: 1) { databases in
            let database = databases[0]
            let failure = try await database.client.withConnection { connection in
                // As when the pool leases a connection the server has just ended, before the pool has heard.
                try await connection.close()
                return await #expect(throws: ConnectionClosedUnanswered.self) {
                    _ = try await connection.answer("SELECT 1", logger: Logger(label: "test")).get()
                }
            }
            #expect(failure.flatMap(PostgreSQLDatabase.unavailable)?.kind == .unavailable)
            // The pool makes a new connection for what comes next.
            #expect(try await database.read { db in try db.value(Int.self, sql: "SELECT 1") } == 1)
        }
    }
}
