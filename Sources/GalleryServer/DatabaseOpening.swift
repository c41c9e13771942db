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
