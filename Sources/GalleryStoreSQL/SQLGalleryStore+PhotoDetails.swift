import Foundation
import GalleryCore

// What the camera wrote: the images whose EXIF is still to be read (kept before it was), recording what was read, and
// a gallery's choice to hide where its photos were taken.
extension SQLGalleryStore {
    public func imagesAwaitingPhotoDetails(after hash: String?, limit: Int) async throws -> [String] {
        try await database.read { db in
            try db.values(
                String.self,
                sql: """
                    SELECT hash FROM blob WHERE photoDetails IS NULL AND mimeType LIKE 'image/%' AND hash > ?
                    ORDER BY hash LIMIT ?
                    """,
                arguments: [hash ?? "", max(1, min(limit, 1000))])
        }
    }

    public func recordPhotoDetails(hash: String, _ details: PhotoDetails) async throws {
        _ = try await database.write { db in
            try db.execute(
                sql: "UPDATE blob SET photoDetails = ? WHERE hash = ?",
                arguments: [PhotoDetailsColumns.written(details), hash])
        }
    }

    public func setHidesLocation(_ id: GalleryID, _ hides: Bool) async throws -> Gallery {
        let date = now()
        return try await database.write { db in
            let before = try Self.fetchGallery(db, id)
            guard before.hidesLocation != hides else { return before }
            try db.execute(
                sql: "UPDATE gallery SET hideLocation = ? WHERE id = ?", arguments: [hides ? 1 : 0, id.rawValue])
            // Every view hears of it, as of any change of the gallery's settings.
            let sequence = try Self.nextSequence(db, id, date: date)
            try recordEvent(db, id, sequence, items: [])
            return try Self.fetchGallery(db, id)
        }
    }
}
