import Foundation
import GalleryCore
import GalleryStoreSQL
import Logging
import PostgresNIO
import Synchronization

/// A PostgreSQL connection inside one transaction, as the stores see a database. Its calls block their thread until
/// the server answers, so a session runs on a thread of its own, never on an event loop or in the task pool.
final class PostgresSession: SQLSession {
    let connection: PostgresConnection
    let logger: Logger
    /// The galleries this transaction changed, in the order first changed.
    private(set) var changedGalleries: [GalleryID] = []

    let timingStatements: (@Sendable (TimeInterval) -> Void)?

    init(connection: PostgresConnection, logger: Logger, timingStatements: (@Sendable (TimeInterval) -> Void)?) {
        self.connection = connection
        self.logger = logger
        self.timingStatements = timingStatements
    }

    func execute(sql: String, arguments: SQLArguments) throws -> Int {
        try query(sql, arguments).metadata.rows ?? 0
    }

    func rows(sql: String, arguments: SQLArguments) throws -> [SQLRow] {
        let result = try query(sql, arguments)
        guard let first = result.rows.first else { return [] }
        let names = first.map { $0.columnName.lowercased() }
        return try result.rows.map { row in SQLRow(names: names, values: try row.map(Self.value(_:))) }
    }

    func publishAfterCommit(_ gallery: GalleryID) {
        if !changedGalleries.contains(gallery) { changedGalleries.append(gallery) }
    }

    /// Runs a statement without arguments (transaction control, locks).
    func run(_ sql: String) throws {
        _ = try query(sql, [])
    }

    private func query(_ sql: String, _ arguments: SQLArguments) throws -> PostgresQueryResult {
        var binds = PostgresBindings(capacity: arguments.values.count)
        for value in arguments.values {
            switch value {
            case .null: binds.appendNull()
            case .integer(let integer): binds.append(integer)
            case .real(let real): binds.append(real)
            case .text(let text): binds.append(text)
            // Kept as 0 and 1, as SQLite keeps them, so that the statements compare them alike on both.
            case .boolean(let boolean): binds.append(Int64(boolean ? 1 : 0))
            case .date(let date): binds.append(date)
            }
        }
        let query = PostgresQuery(unsafeSQL: PlaceholderNumbering.numbered(sql), binds: binds)
        let start = ContinuousClock.now
        defer {
            if let timingStatements {
                let elapsed = ContinuousClock.now - start
                timingStatements(
                    Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            }
        }
        return try connection.answer(query, logger: logger).wait()
    }

    static func value(_ cell: PostgresCell) throws -> SQLValue {
        guard cell.bytes != nil else { return .null }
        switch cell.dataType {
        case .int2, .int4, .int8: return .integer(try cell.decode(Int64.self))
        case .float4, .float8: return .real(try cell.decode(Double.self))
        case .bool: return .boolean(try cell.decode(Bool.self))
        case .timestamptz, .timestamp, .date: return .date(try cell.decode(Date.self))
        default: return .text(try cell.decode(String.self))
        }
    }
}

/// The stores write `?` placeholders (SQLite's); PostgreSQL numbers them: `$1`, `$2`, … A `?` inside a quoted string
/// or name is left alone. Statements are few and mostly the same text, so each is numbered once.
enum PlaceholderNumbering {
    private static let cache = Mutex<[String: String]>([:])

    static func numbered(_ sql: String) -> String {
        if let done = cache.withLock({ $0[sql] }) { return done }
        var result = ""
        result.reserveCapacity(sql.utf8.count + 16)
        var number = 0
        var quote: Character?
        for character in sql {
            if let open = quote {
                if character == open { quote = nil }
                result.append(character)
            } else if character == "'" || character == "\"" {
                quote = character
                result.append(character)
            } else if character == "?" {
                number += 1
                result += "$\(number)"
            } else {
                result.append(character)
            }
        }
        cache.withLock { cache in
            // Statements built with a list of `?` of any length are numbered anew rather than kept forever.
            if cache.count < 2_000 { cache[sql] = result }
        }
        return result
    }
}
