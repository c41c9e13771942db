import Foundation
import GalleryCore

/// A database the stores run on (SQLite or PostgreSQL): reads and writes, each one transaction on one connection.
///
/// The stores' statements are written once, in the SQL both engines speak, with `?` placeholders; each engine's own
/// schema (tables, indexes, triggers) is its migrations' business.
public protocol SQLDatabase: Sendable {
    /// Where every store over this database publishes the galleries each commit changed.
    var changes: ChangeHub { get }

    /// Runs `body` in a read-only transaction (a consistent snapshot).
    func read<T: Sendable>(_ body: @escaping @Sendable (any SQLSession) throws -> T) async throws -> T

    /// Runs `body` in a read-write transaction: it commits when `body` returns, and is rolled back when it throws.
    func write<T: Sendable>(_ body: @escaping @Sendable (any SQLSession) throws -> T) async throws -> T

    /// Checks that the database answers.
    func ping() async throws

    /// Whether other servers may work on this database at the same time (PostgreSQL), rather than this one alone
    /// (an SQLite file in this server's data folder).
    var isSharedByServers: Bool { get }

    /// The full-text engine the database searches items with.
    var textSearch: TextSearch { get }
}

/// One connection inside one transaction.
public protocol SQLSession {
    /// Runs a statement and returns how many rows it changed.
    @discardableResult
    func execute(sql: String, arguments: SQLArguments) throws -> Int

    /// Runs a query and returns its rows.
    func rows(sql: String, arguments: SQLArguments) throws -> [SQLRow]

    /// Tells the live views of `gallery` (and of the list of galleries), on this server and any other on the same
    /// database, of a change once the transaction commits; nobody hears of one that is rolled back.
    func publishAfterCommit(_ gallery: GalleryID)
}

extension SQLSession {
    @discardableResult
    public func execute(sql: String) throws -> Int { try execute(sql: sql, arguments: []) }

    public func rows(sql: String) throws -> [SQLRow] { try rows(sql: sql, arguments: []) }

    /// The first row of a query, if any.
    public func row(sql: String, arguments: SQLArguments = []) throws -> SQLRow? {
        try rows(sql: sql, arguments: arguments).first
    }

    /// The first column of the first row of a query (nil when there is no row, or the value is NULL).
    public func value<T: SQLColumn>(_ type: T.Type, sql: String, arguments: SQLArguments = []) throws -> T? {
        try rows(sql: sql, arguments: arguments).first?.value(at: 0)
    }

    /// The first column of every row of a query (rows where it is NULL left out).
    public func values<T: SQLColumn>(_ type: T.Type, sql: String, arguments: SQLArguments = []) throws -> [T] {
        try rows(sql: sql, arguments: arguments).compactMap { $0.value(at: 0) }
    }
}

/// A value as a statement takes it or a query gives it.
public enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case boolean(Bool)
    case date(Date)
}

/// A Swift value that can be bound to a `?` placeholder.
public protocol SQLBindable: Sendable {
    var sqlValue: SQLValue { get }
}

extension String: SQLBindable { public var sqlValue: SQLValue { .text(self) } }
extension Int: SQLBindable { public var sqlValue: SQLValue { .integer(Int64(self)) } }
extension Int64: SQLBindable { public var sqlValue: SQLValue { .integer(self) } }
extension Double: SQLBindable { public var sqlValue: SQLValue { .real(self) } }
extension Bool: SQLBindable { public var sqlValue: SQLValue { .boolean(self) } }
extension Date: SQLBindable { public var sqlValue: SQLValue { .date(self) } }
extension Optional: SQLBindable where Wrapped: SQLBindable {
    public var sqlValue: SQLValue { map(\.sqlValue) ?? .null }
}

/// The values of a statement's `?` placeholders, in order.
public struct SQLArguments: ExpressibleByArrayLiteral, Sendable {
    public var values: [SQLValue]

    /// `count` placeholders for a list (`IN (\(SQLArguments.placeholders(3)))` is `IN (?, ?, ?)`).
    public static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }

    public init(_ values: [SQLValue]) { self.values = values }

    public init(arrayLiteral elements: (any SQLBindable)?...) {
        values = elements.map { $0?.sqlValue ?? .null }
    }

    public static func + (lhs: SQLArguments, rhs: SQLArguments) -> SQLArguments {
        SQLArguments(lhs.values + rhs.values)
    }
}

/// A Swift value a column can be read as.
public protocol SQLColumn {
    /// The value, or nil when it is NULL or of another kind.
    init?(sqlValue: SQLValue)
}

extension String: SQLColumn {
    public init?(sqlValue: SQLValue) {
        guard case .text(let text) = sqlValue else { return nil }
        self = text
    }
}

extension Int64: SQLColumn {
    public init?(sqlValue: SQLValue) {
        switch sqlValue {
        case .integer(let value): self = value
        case .boolean(let value): self = value ? 1 : 0
        case .real(let value) where value == value.rounded() && abs(value) < 9e18: self = Int64(value)
        default: return nil
        }
    }
}

extension Int: SQLColumn {
    public init?(sqlValue: SQLValue) {
        guard let value = Int64(sqlValue: sqlValue) else { return nil }
        self = Int(value)
    }
}

extension Double: SQLColumn {
    public init?(sqlValue: SQLValue) {
        switch sqlValue {
        case .real(let value): self = value
        case .integer(let value): self = Double(value)
        default: return nil
        }
    }
}

extension Bool: SQLColumn {
    public init?(sqlValue: SQLValue) {
        switch sqlValue {
        case .boolean(let value): self = value
        case .integer(let value): self = value != 0
        default: return nil
        }
    }
}

extension Date: SQLColumn {
    public init?(sqlValue: SQLValue) {
        switch sqlValue {
        case .date(let date): self = date
        // Seconds since 1970, as GRDB reads a number.
        case .integer(let seconds): self = Date(timeIntervalSince1970: TimeInterval(seconds))
        case .real(let seconds): self = Date(timeIntervalSince1970: seconds)
        case .text(let text):
            guard let date = SQLDateText.date(from: text) else { return nil }
            self = date
        default: return nil
        }
    }
}

/// One row of a query's answer: its values by column name (compared without case, as SQL names are).
public struct SQLRow: Sendable {
    /// The column names, lowercased, shared by every row of one answer.
    let names: [String]
    let values: [SQLValue]

    /// A row of `values` under `names` (in the same order).
    public init(names: [String], values: [SQLValue]) {
        self.names = names
        self.values = values
    }

    /// The value of the column at `index`, as `T` (nil when NULL).
    public func value<T: SQLColumn>(at index: Int) -> T? {
        index < values.count ? T(sqlValue: values[index]) : nil
    }

    /// The value of a column as `T`, or nil when it is NULL (or there is no such column).
    public subscript<T: SQLColumn>(_ name: String) -> T? {
        let lowered = name.lowercased()
        guard let index = names.firstIndex(of: lowered) else { return nil }
        return T(sqlValue: values[index])
    }

    /// The value of a column that is never NULL. A NULL or missing value here is a broken store: it stops the process,
    /// as reading a non-optional column that is NULL does in GRDB.
    public subscript<T: SQLColumn>(_ name: String) -> T {
        guard let value: T = self[name] else {
            preconditionFailure(
                "column \(name) is NULL or not a \(T.self): \(names.firstIndex(of: name.lowercased()).map { values[$0] } as Any)"
            )
        }
        return value
    }
}
