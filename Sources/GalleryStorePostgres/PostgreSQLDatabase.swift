import Foundation
import GalleryCore
import GalleryStoreSQL
import Logging
import NIOPosix
import NIOSSL
import PostgresNIO
import Synchronization
import _ConnectionPoolModule

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

    /// Where the database at `url` is, for people and logs (`user@host:port/database`, without the password), or nil
    /// for an address that is not one.
    public static func place(of url: String) -> String? { (try? PostgresAddress(url))?.place }

    let timingStatements: (@Sendable (TimeInterval) -> Void)?
    /// How long a transaction waits for a connection before it is refused as unavailable (the database is not there,
    /// or every connection is busy for that long).
    let connectionPatience: Duration

    init(
        configuration: PostgresClient.Configuration, logger: Logger,
        timingStatements: (@Sendable (TimeInterval) -> Void)? = nil, connectionPatience: Duration = .seconds(5)
    ) {
        self.connectionPatience = connectionPatience
        // The pool says each failed attempt to connect; what a request sees is said by the store's errors.
        var poolLogger = logger
        poolLogger.logLevel = max(logger.logLevel, .warning)
        let client = PostgresClient(configuration: configuration, backgroundLogger: poolLogger)
        self.client = client
        self.logger = logger
        self.timingStatements = timingStatements
        let changes = changes
        let clientRuns = clientRuns
        running = Task {
            await withDiscardingTaskGroup { group in
                group.addTask {
                    clientRuns.value.store(true, ordering: .releasing)
                    await client.run()
                }
                group.addTask {
                    await Self.untilRunning(clientRuns)
                    await ChangeNotifications.listen(on: client, publishingTo: changes, logger: logger)
                }
            }
        }
    }

    /// Set just before the pool's `run()` is called: connections are asked for only after it (asked for before,
    /// they still come, but the pool warns).
    private let clientRuns = StartedFlag()

    private static func untilRunning(_ flag: StartedFlag) async {
        while !flag.value.load(ordering: .acquiring) {
            try? await Task.sleep(for: .milliseconds(1))
        }
        await Task.yield()
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

    public var isSharedByServers: Bool { true }

    public var textSearch: TextSearch { .postgresql }

    public func ping() async throws {
        _ = try await read { db in try db.value(Int.self, sql: "SELECT 1") }
    }

    /// Runs `body` in a transaction on a connection of the pool, on a thread of its own (the session blocks).
    func transaction<T: Sendable>(begin: [String], _ body: @escaping @Sendable (any SQLSession) throws -> T)
        async throws -> T
    {
        do {
            return try await runTransaction(begin: begin, body)
        } catch {
            if let unavailable = Self.unavailable(error) {
                logger.warning("The database cannot be reached: \(String(reflecting: error))")
                throw unavailable
            }
            throw error
        }
    }

    /// The error to give for a database that cannot be reached (a lost connection, a server shutting down or
    /// starting, no connection to be had), or nil for any other error.
    static func unavailable(_ error: any Error) -> GalleryError? {
        let lost: Bool
        switch error {
        case let error as PSQLError:
            switch error.code {
            case .clientClosedConnection, .serverClosedConnection, .connectionError, .uncleanShutdown, .poolClosed:
                lost = true
            case .server:
                // Class 08: connection exceptions; 57P01…57P03: the server shutting down or not yet up.
                let state = error.serverInfo?[.sqlState] ?? ""
                lost = state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state)
            default:
                lost = false
            }
        case is ConnectionPoolError, is ConnectionClosedUnanswered:
            lost = true
        default:
            lost = false
        }
        return lost ? unreachable : nil
    }

    private func runTransaction<T: Sendable>(
        begin: [String], _ body: @escaping @Sendable (any SQLSession) throws -> T
    ) async throws -> T {
        let logger = logger
        let timing = timingStatements
        let (result, changed) = try await withConnection { connection in
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

    /// Runs `work` on a connection of the pool, refusing with ``GalleryError/unavailable(_:)`` when none is had
    /// within ``connectionPatience`` (the pool meanwhile goes on trying to connect).
    private func withConnection<R: Sendable>(_ work: @escaping @Sendable (PostgresConnection) async throws -> R)
        async throws -> R
    {
        await Self.untilRunning(clientRuns)
        let started = StartedFlag()
        let client = client
        let patience = connectionPatience
        return try await withThrowingTaskGroup(of: R?.self) { group in
            group.addTask {
                try await client.withConnection { connection in
                    started.value.store(true, ordering: .relaxed)
                    return try await work(connection)
                }
            }
            group.addTask {
                try await Task.sleep(for: patience)
                if !started.value.load(ordering: .relaxed) { throw Self.unreachable }
                return nil
            }
            while let next = try await group.next() {
                if let result = next {
                    group.cancelAll()
                    return result
                }
            }
            throw CancellationError()
        }
    }

    static let unreachable = GalleryError.unavailable("The database cannot be reached just now. Try again in a moment.")

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

    /// Where the database is, for people and logs: `user@host:port/database`, without the password.
    var place: String { "\(user)@\(host):\(port)/\(database ?? user)" }

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

/// Whether a transaction has got its connection.
private final class StartedFlag: Sendable {
    let value = Atomic<Bool>(false)
}
