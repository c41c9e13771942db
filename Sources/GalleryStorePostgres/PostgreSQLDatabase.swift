import Foundation
import GalleryCore
import GalleryStoreSQL
import Logging
import NIOPosix
import NIOSSL
import PostgresNIO

/// The PostgreSQL database: a pool of connections (postgres-nio's client) and the schema's migrations.
///
/// Every write takes one lock for the whole database (`pg_advisory_xact_lock`) until it commits, so that writes,
/// from this server or another on the same database, follow one another as they do on SQLite: the stores read and
/// then write in one transaction (keys around a gap, the next change number) and count on nothing changing between.
/// Reads see one snapshot (repeatable read) and never wait for writes.
public final class PostgreSQLDatabase: SQLDatabase {
    public let changes = ChangeHub()
    let client: PostgresClient
    let logger: Logger
    private let running: Task<Void, Never>

    /// The advisory lock every write holds: the first of its two keys ("IGwr" as a number); the second is the schema
    /// the galleries are in, so that stores in different schemas of one database (the tests') do not wait for each
    /// other.
    static let writeLock: Int32 = 0x4947_7772

    /// Connects to the database at `url` (`postgresql://user:password@host:port/database`) and brings its schema up
    /// to date (with a lock, so that servers starting together migrate it once).
    /// `timingStatements`, when given, is told how long each statement took (in seconds), for metrics.
    public static func open(
        url: String, logger: Logger = Logger(label: "image-gallery.postgres"),
        timingStatements: (@Sendable (TimeInterval) -> Void)? = nil
    ) async throws -> PostgreSQLDatabase {
        let database = PostgreSQLDatabase(
            configuration: try PostgresAddress(url).configuration, logger: logger, timingStatements: timingStatements)
        do {
            try await database.migrate()
        } catch {
            database.close()
            throw error
        }
        return database
    }

    let timingStatements: (@Sendable (TimeInterval) -> Void)?

    init(
        configuration: PostgresClient.Configuration, logger: Logger,
        timingStatements: (@Sendable (TimeInterval) -> Void)? = nil
    ) {
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.client = client
        self.logger = logger
        self.timingStatements = timingStatements
        let changes = changes
        running = Task {
            await withDiscardingTaskGroup { group in
                group.addTask { await client.run() }
                group.addTask {
                    await ChangeNotifications.listen(on: client, publishingTo: changes, logger: logger)
                }
            }
        }
    }

    deinit { running.cancel() }

    /// Closes every connection.
    public func close() {
        running.cancel()
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (any SQLSession) throws -> T) async throws -> T {
        try await transaction(begin: ["BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"], body)
    }

    public func write<T: Sendable>(_ body: @escaping @Sendable (any SQLSession) throws -> T) async throws -> T {
        try await transaction(
            begin: ["BEGIN", "SELECT pg_advisory_xact_lock(\(Self.writeLock), hashtext(current_schema()))"], body)
    }

    public func ping() async throws {
        _ = try await read { db in try db.value(Int.self, sql: "SELECT 1") }
    }

    /// Runs `body` in a transaction on a connection of the pool, on a thread of its own (the session blocks).
    func transaction<T: Sendable>(begin: [String], _ body: @escaping @Sendable (any SQLSession) throws -> T)
        async throws -> T
    {
        let logger = logger
        let timing = timingStatements
        let (result, changed) = try await client.withConnection { connection in
            try await Self.onOwnThread { () throws -> (T, [GalleryID]) in
                let session = PostgresSession(connection: connection, logger: logger, timingStatements: timing)
                try session.run(begin[0])
                do {
                    for statement in begin.dropFirst() { try session.run(statement) }
                    let result = try body(session)
                    // Delivered to every server listening (this one too) when, and only if, the transaction commits.
                    for gallery in session.changedGalleries {
                        try session.execute(
                            sql: "SELECT pg_notify(\(ChangeNotifications.channelExpression), ?)",
                            arguments: [gallery.rawValue])
                    }
                    try session.run("COMMIT")
                    return (result, session.changedGalleries)
                } catch {
                    try? session.run("ROLLBACK")
                    throw error
                }
            }
        }
        // This server's views hear at once; the notification that comes back later is one more signal, which
        // finds nothing new.
        if !changed.isEmpty { changes.publish(changed) }
        return result
    }

    /// The threads sessions block on: as many as a pool has connections, so that no session waits for a thread
    /// while holding one (a thread of Swift's task pool, or of Dispatch's, must never block on a database).
    private static let sessionThreads: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: maximumConnections)
        pool.start()
        return pool
    }()

    /// The most connections one server opens.
    static let maximumConnections = 16

    private static func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await sessionThreads.runIfActive(work)
    }
}

/// Where a PostgreSQL database is: `postgresql://user:password@host:port/database` (or `postgres://`), the password
/// and port optional; `?sslmode=disable|prefer|require` chooses TLS (prefer when not given).
struct PostgresAddress {
    var host: String
    var port: Int
    var user: String
    var password: String?
    var database: String?
    var tls: String

    init(_ url: String) throws {
        guard let components = URLComponents(string: url),
            components.scheme == "postgresql" || components.scheme == "postgres",
            let host = components.host, !host.isEmpty
        else {
            throw GalleryError.invalid(
                "The database address must look like postgresql://user:password@host:5432/database.")
        }
        self.host = host
        port = components.port ?? 5432
        user = components.user.flatMap { $0.removingPercentEncoding } ?? "postgres"
        password = components.password.flatMap { $0.removingPercentEncoding }
        let path = components.path.drop { $0 == "/" }
        database = path.isEmpty ? nil : String(path)
        tls = components.queryItems?.first { $0.name == "sslmode" }?.value ?? "prefer"
        guard ["disable", "prefer", "require"].contains(tls) else {
            throw GalleryError.invalid("sslmode must be disable, prefer or require.")
        }
    }

    var configuration: PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS =
            switch self.tls {
            case "disable": .disable
            case "require": .require(.makeClientConfiguration())
            default: .prefer(.makeClientConfiguration())
            }
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: user, password: password, database: database, tls: tls)
        configuration.options.maximumConnections = PostgreSQLDatabase.maximumConnections
        return configuration
    }
}
