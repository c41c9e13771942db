import Foundation
import GalleryCore

/// Saved searches, kept per person as one JSON list in the `setting` table (a person keeps at most
/// ``SavedSearch/maximumCount``, read whole by the gallery browser).
extension SQLAccountStore {
    public func savedSearches(of user: UserID?) async throws -> [SavedSearch] {
        let key = Self.savedSearchesKey(user)
        return try await database.read { db in
            try Self.decodedSearches(
                db.value(String.self, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key]))
        }
    }

    public func changeSavedSearches<Result: Sendable>(
        of user: UserID?, _ change: @escaping @Sendable (inout [SavedSearch]) throws -> Result
    ) async throws -> Result {
        let key = Self.savedSearchesKey(user)
        return try await database.write { db in
            // The row is made if missing, then locked by an update (PostgreSQL holds it to the commit; SQLite writes
            // one at a time), so that the list read is the newest and no other change is lost.
            _ = try db.execute(
                sql: "INSERT INTO setting(key, value) VALUES (?, '[]') ON CONFLICT(key) DO NOTHING", arguments: [key])
            _ = try db.execute(sql: "UPDATE setting SET value = value WHERE key = ?", arguments: [key])
            var searches = try Self.decodedSearches(
                db.value(String.self, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key]))
            let result = try change(&searches)
            let encoded = String(decoding: try Self.coder.encoder.encode(searches), as: UTF8.self)
            _ = try db.execute(sql: "UPDATE setting SET value = ? WHERE key = ?", arguments: [encoded, key])
            return result
        }
    }

    static func savedSearchesKey(_ user: UserID?) -> String { "savedSearches:\(user?.rawValue ?? "server")" }

    private static func decodedSearches(_ text: String?) throws -> [SavedSearch] {
        guard let text else { return [] }
        return try coder.decoder.decode([SavedSearch].self, from: Data(text.utf8))
    }

    private static var coder: (encoder: JSONEncoder, decoder: JSONDecoder) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return (encoder, decoder)
    }
}
