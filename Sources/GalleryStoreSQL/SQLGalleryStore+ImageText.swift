import Foundation
import GalleryCore

// The text read in images: the ones still to read, recording what was read (on every image item showing the file,
// which the search index takes at once), and one item's text for its details.
extension SQLGalleryStore {
    public func imagesAwaitingText(after hash: String?, limit: Int) async throws -> [StoredImage] {
        try await database.read { db in
            try db.rows(
                sql: """
                    SELECT \(Self.storedImageColumns) FROM blob WHERE hash IN (
                      SELECT DISTINCT blobHash FROM item
                      WHERE kind = 'image' AND imageText IS NULL AND state = 'ready' AND blobHash > ?
                      ORDER BY blobHash LIMIT ?)
                    ORDER BY hash
                    """,
                arguments: [hash ?? "", max(1, min(limit, 1000))]
            ).map(Self.storedImage)
        }
    }

    public func recordImageText(hash: String, _ text: String) async throws {
        _ = try await database.write { db in
            try db.execute(
                sql: "UPDATE item SET imageText = ? WHERE blobHash = ? AND kind = 'image' AND imageText IS NULL",
                arguments: [text, hash])
        }
    }

    public func imageText(of id: ItemID) async throws -> String? {
        try await database.read { db in
            try db.value(String.self, sql: "SELECT imageText FROM item WHERE id = ?", arguments: [id.rawValue])
        }
    }
}
