import Foundation
import GRDB
import GalleryCore

// Stored images as the database records them.
extension SQLiteGalleryStore {
    public func storedImage(hash: String) async throws -> StoredImage? {
        try await writer.read { db in
            try Row.fetchOne(
                db, sql: "SELECT hash, mimeType, width, height, byteCount FROM blob WHERE hash = ?",
                arguments: [hash]
            ).map { row in
                StoredImage(
                    hash: row["hash"], mimeType: row["mimeType"], width: row["width"], height: row["height"],
                    byteCount: row["byteCount"])
            }
        }
    }
}
