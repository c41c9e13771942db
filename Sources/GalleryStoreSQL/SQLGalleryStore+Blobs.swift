import Foundation
import GalleryCore

/// The migration that gives images kept before the viewer's 2048-pixel display copy existed their display copy: the
/// widths recorded for each still image wider than that are forgotten, so the next start makes the one missing (the
/// files of the others exist and are kept) and records them again.
public enum DisplayCopyMigration {
    public static let statement = """
        UPDATE blob SET thumbnailWidths = NULL
        WHERE width > 2048 AND thumbnailWidths <> '' AND mimeType NOT LIKE 'video/%'
        """
}

// Stored images as the database records them.
extension SQLGalleryStore {
    public func storedImage(hash: String) async throws -> StoredImage? {
        try await database.read { db in
            try db.row(
                sql: "SELECT \(Self.storedImageColumns) FROM blob WHERE hash = ?", arguments: [hash]
            ).map(Self.storedImage)
        }
    }

    public func imagesWithoutRecordedThumbnails(limit: Int) async throws -> [StoredImage] {
        try await database.read { db in
            try db.rows(
                sql: "SELECT \(Self.storedImageColumns) FROM blob WHERE thumbnailWidths IS NULL ORDER BY hash LIMIT ?",
                arguments: [max(1, min(limit, 1000))]
            ).map(Self.storedImage)
        }
    }

    public func recordThumbnails(hash: String, widths: [Int]) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE blob SET thumbnailWidths = ? WHERE hash = ?",
                arguments: [ThumbnailWidths.written(widths), hash])
        }
    }

    static let storedImageColumns = "hash, mimeType, width, height, byteCount, thumbnailWidths"

    static func storedImage(_ row: SQLRow) -> StoredImage {
        StoredImage(
            hash: row["hash"], mimeType: row["mimeType"], width: row["width"], height: row["height"],
            byteCount: row["byteCount"], thumbnailWidths: ThumbnailWidths.read(row["thumbnailWidths"]))
    }
}
