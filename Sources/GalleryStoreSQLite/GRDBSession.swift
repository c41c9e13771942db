import Foundation
import GRDB
import GalleryCore
import GalleryStoreSQL

/// A GRDB connection inside one transaction, as the stores see a database.
struct GRDBSession: SQLSession {
    let db: Database
    let changes: ChangeHub

    func execute(sql: String, arguments: SQLArguments) throws -> Int {
        try statement(sql, arguments).execute(arguments: Self.arguments(arguments))
        return db.changesCount
    }

    /// The most values a statement kept by the connection takes.
    static let keptArgumentsLimit = 64

    /// A statement compiled once a connection and kept: compiling a long statement cost far more than running it (the
    /// board shape's, half a millisecond against five microseconds). One taking a list of values (a thousand items
    /// moved, a batch inserted) is compiled each time instead: a connection keeps what it compiled for good, and a
    /// list of each length would be one more statement kept, as large as its list.
    private func statement(_ sql: String, _ arguments: SQLArguments) throws -> Statement {
        arguments.values.count <= Self.keptArgumentsLimit
            ? try db.cachedStatement(sql: sql) : try db.makeStatement(sql: sql)
    }

    func rows(sql: String, arguments: SQLArguments) throws -> [SQLRow] {
        let statement = try statement(sql, arguments)
        let names = statement.columnNames.map { $0.lowercased() }
        var rows: [SQLRow] = []
        let cursor = try Row.fetchCursor(statement, arguments: Self.arguments(arguments))
        while let row = try cursor.next() {
            rows.append(SQLRow(names: names, values: row.databaseValues.map(Self.value(_:))))
        }
        return rows
    }

    func publishAfterCommit(_ gallery: GalleryID) {
        let changes = changes
        db.afterNextTransaction(onCommit: { _ in changes.publish([gallery]) })
    }

    static func arguments(_ arguments: SQLArguments) -> StatementArguments {
        StatementArguments(
            arguments.values.map { value -> (any DatabaseValueConvertible)? in
                switch value {
                case .null: nil
                case .integer(let integer): integer
                case .real(let real): real
                case .text(let text): text
                case .boolean(let boolean): boolean
                // As GRDB writes dates ("yyyy-MM-dd HH:mm:ss.SSS", UTC), the way the database has always kept them.
                case .date(let date): date
                }
            })
    }

    static func value(_ value: DatabaseValue) -> SQLValue {
        switch value.storage {
        case .null, .blob: .null
        case .int64(let integer): .integer(integer)
        case .double(let real): .real(real)
        case .string(let text): .text(text)
        }
    }
}

extension AppDatabase: SQLDatabase {
    public func read<T: Sendable>(_ body: @escaping @Sendable (any SQLSession) throws -> T) async throws -> T {
        try await writer.read { db in try body(GRDBSession(db: db, changes: changes)) }
    }

    public func write<T: Sendable>(_ body: @escaping @Sendable (any SQLSession) throws -> T) async throws -> T {
        try await writer.write { db in try body(GRDBSession(db: db, changes: changes)) }
    }

    public var isSharedByServers: Bool { false }

    public var textSearch: TextSearch { .fts5 }

    public func ping() async throws {
        try await writer.read { db in _ = try Int.fetchOne(db, sql: "SELECT 1") }
    }
}
