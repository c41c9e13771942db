import Foundation
import GRDB
import GalleryStoreSQL
import Logging
import PostgresNIO
import Testing

@testable import GalleryStorePostgres
@testable import GalleryStoreSQLite

/// The database engines the store tests run on: SQLite always, and PostgreSQL when
/// `IMAGE_GALLERY_TEST_POSTGRESQL_URL` names a server (`.ci/run` starts one); each test gets a database of its own
/// (a new file, or a new schema that is dropped afterwards). One suite, two engines: no test is written twice.
enum TestEngine: CustomStringConvertible {
    case sqlite
    case postgresql(url: String)

    static var available: [TestEngine] {
        [.sqlite]
            + (ProcessInfo.processInfo.environment["IMAGE_GALLERY_TEST_POSTGRESQL_URL"].map { [.postgresql(url: $0)] }
                ?? [])
    }

    var description: String {
        switch self {
        case .sqlite: "SQLite"
        case .postgresql: "PostgreSQL"
        }
    }

    /// Runs `body` on a fresh database of each available engine and returns what the last run returned; a failure
    /// says which engine it was on.
    static func eachAvailable<T>(_ body: (any SQLDatabase) async throws -> T) async throws -> T {
        var result: T?
        for engine in available {
            do {
                result = try await engine.withFreshDatabase(body)
            } catch {
                Issue.record("on \(engine): \(String(reflecting: error))")
                throw error
            }
        }
        return result!
    }

    func withFreshDatabase<T>(_ body: (any SQLDatabase) async throws -> T) async throws -> T {
        switch self {
        case .sqlite:
            return try await withTemporaryFolder { folder in
                try await body(try AppDatabase.open(atPath: databasePath(in: folder)))
            }
        case .postgresql(let url):
            return try await Self.withPostgresSchema(url: url, databases: 1) { databases in
                try await body(databases[0])
            }
        }
    }

    /// Opens `databases` stores' databases (as that many servers would) on a new schema of the PostgreSQL server at
    /// `url`, all migrating at once, and drops the schema afterwards.
    static func withPostgresSchema<T>(
        url: String, databases count: Int, _ body: ([PostgreSQLDatabase]) async throws -> T
    ) async throws -> T {
        // Swift Testing starts every test case at once; each holds connections until it ends, and the server takes
        // only so many (past them, connecting fails and the pool gives up): a few test databases at a time.
        await openSchemas.acquire()
        defer { Task { await openSchemas.release() } }
        let address = try PostgresAddress(url)
        let schema = "test_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased())"
        let logger = Logger(label: "store-tests")
        let admin = PostgreSQLDatabase(
            configuration: address.configuration, logger: logger, connectionPatience: .seconds(120))
        defer { admin.close() }
        _ = try await admin.write { db in try db.execute(sql: "CREATE SCHEMA \(schema)") }
        var configuration = address.configuration
        // Every test has a database of its own, all at once: a few connections each.
        configuration.options.maximumConnections = 4
        configuration.options.additionalStartupParameters = [
            ("options", "-c search_path=\(schema)"), ("application_name", schema),
        ]
        // Hundreds of tests share one PostgreSQL server at once: a connection may be slow to come.
        let databases = (0..<count).map { _ in
            PostgreSQLDatabase(configuration: configuration, logger: logger, connectionPatience: .seconds(120))
        }
        do {
            try await withThrowingTaskGroup { group in
                for database in databases { group.addTask { try await database.migrate() } }
                try await group.waitForAll()
            }
            let result = try await body(databases)
            for database in databases { database.close() }
            _ = try await admin.write { db in try db.execute(sql: "DROP SCHEMA \(schema) CASCADE") }
            return result
        } catch {
            for database in databases { database.close() }
            _ = try? await admin.write { db in try db.execute(sql: "DROP SCHEMA \(schema) CASCADE") }
            throw error
        }
    }
}

/// How many test schemas are open on the PostgreSQL server at once (each with up to 9 connections).
private let openSchemas = TestSchemaPermits(count: 16)

/// A counting semaphore: `acquire` waits while `count` permits are out.
private actor TestSchemaPermits {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) { free = count }

    func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

/// Expects `body` to fail because the schema refuses what it writes: a broken constraint (SQLite's
/// SQLITE_CONSTRAINT; PostgreSQL's class 23), or a value the column cannot hold (SQLite's SQLITE_MISMATCH;
/// PostgreSQL's class 22, "data exception").
func expectRefusedBySchema(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async {
    do {
        try await body()
        Issue.record("the schema took it", sourceLocation: sourceLocation)
    } catch let error as DatabaseError {
        #expect(
            [.SQLITE_CONSTRAINT, .SQLITE_MISMATCH].contains(error.resultCode), "\(error)",
            sourceLocation: sourceLocation)
    } catch let error as PSQLError {
        let state = error.serverInfo?[.sqlState] ?? ""
        #expect(
            state.hasPrefix("23") || state.hasPrefix("22"), "\(String(reflecting: error))",
            sourceLocation: sourceLocation)
    } catch {
        Issue.record("not refused by the schema: \(error)", sourceLocation: sourceLocation)
    }
}
