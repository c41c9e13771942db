import Foundation
import GalleryStorePostgres
import GalleryStoreSQL
import GalleryStoreSQLite

extension ServerConfiguration {
    /// Opens the configured database, bringing its schema up to date: PostgreSQL when a database address is set,
    /// else SQLite in the data folder. `timingStatements` hears how long each statement took, in seconds.
    func openDatabase(timingStatements: (@Sendable (TimeInterval) -> Void)? = nil) async throws -> any SQLDatabase {
        if let databaseURL {
            return try await PostgreSQLDatabase.open(url: databaseURL, timingStatements: timingStatements)
        }
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        return try AppDatabase.open(atPath: databasePath, timingStatements: timingStatements)
    }
}

extension ServerConfiguration {
    /// The PostgreSQL database the server runs on, for its start line (`user@host:port/database`), or nil on SQLite.
    public var databasePlace: String? { databaseURL.flatMap { PostgreSQLDatabase.place(of: $0) } }
}

/// Where a database is, as the `migrate` command names it: `sqlite:PATH` (a data folder, or its `gallery.sqlite`) or a
/// PostgreSQL address (`postgresql://…`).
public enum DatabaseAddress: Sendable, Equatable {
    case sqlite(path: String)
    case postgresql(url: String)

    public init(_ text: String) throws {
        if text.hasPrefix("postgresql://") || text.hasPrefix("postgres://") {
            self = .postgresql(url: text)
        } else if text.hasPrefix("sqlite:") {
            var path = String(text.dropFirst("sqlite:".count))
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                path = URL(fileURLWithPath: path, isDirectory: true).appendingPathComponent("gallery.sqlite").path
            }
            guard !path.isEmpty else { throw ConfigurationError(message: "sqlite: needs a path: sqlite:DATA_FOLDER.") }
            self = .sqlite(path: path)
        } else {
            throw ConfigurationError(
                message: "A database is sqlite:PATH (a data folder or its gallery.sqlite) or postgresql://user@host/db."
            )
        }
    }

    /// Opens the database, bringing its schema up to date (an SQLite file must exist unless `creating`).
    public func open(creating: Bool) async throws -> any SQLDatabase {
        switch self {
        case .postgresql(let url):
            return try await PostgreSQLDatabase.open(url: url)
        case .sqlite(let path):
            guard creating || FileManager.default.fileExists(atPath: path) else {
                throw ConfigurationError(message: "There is no gallery database at \(path).")
            }
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
            return try AppDatabase.open(atPath: path)
        }
    }
}
