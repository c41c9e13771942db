import Foundation
import GRDB

extension AppDatabase {
    /// Copies the database, as it is at one moment, into a new file at `path` (SQLite's online backup: the server may
    /// go on writing meanwhile), and returns the hashes of the stored files the copy refers to.
    public func backup(toPath path: String) throws -> [String] {
        let copy = try DatabaseQueue(path: path)
        try writer.backup(to: copy)
        return try copy.read { db in try String.fetchAll(db, sql: "SELECT hash FROM blob ORDER BY hash") }
    }
}
