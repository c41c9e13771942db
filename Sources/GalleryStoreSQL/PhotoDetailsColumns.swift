import Foundation
import GalleryCore

/// How the blob table keeps what the camera wrote (``PhotoDetails``), and the gallery table its owner's choice to hide
/// where photos were taken: `blob.photoDetails` is the details as JSON (`{}` when the image has none), NULL for a
/// video, and for an image stored before they were read, until the check at start reads them;
/// `gallery.hideLocation` is 0 or 1.
public enum PhotoDetailsColumns {
    /// The column's value for a stored file's details (nil: not read).
    static func written(_ details: PhotoDetails?) -> String? {
        guard let details, let json = try? JSONEncoder().encode(details) else { return nil }
        return String(decoding: json, as: UTF8.self)
    }

    /// The details the column (read as `photoDetails`) holds; nil when not read, or unreadable.
    static func read(_ row: SQLRow) -> PhotoDetails? {
        guard let text: String = row["photoDetails"] else { return nil }
        return try? JSONDecoder().decode(PhotoDetails.self, from: Data(text.utf8))
    }

    /// What `INSERT … ON CONFLICT(hash) DO UPDATE SET` keeps: the details read first, unless never read.
    static let keptOnConflict = "photoDetails = coalesce(blob.photoDetails, excluded.photoDetails)"

    /// The statements of the migration that adds the columns (with its engine's text type). Images stored before keep
    /// NULL: the check at start finds them by the index of what is still to be read, and reads their files.
    public static func migration(text: String) -> [String] {
        [
            "ALTER TABLE blob ADD COLUMN photoDetails \(text)",
            """
            CREATE INDEX blob_photo_details_unread ON blob(hash)
              WHERE photoDetails IS NULL AND mimeType LIKE 'image/%'
            """,
            "ALTER TABLE gallery ADD COLUMN hideLocation INTEGER NOT NULL DEFAULT 0 CHECK (hideLocation IN (0, 1))",
        ]
    }
}
