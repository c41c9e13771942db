/// The texts an item holds for search only: `pageText`, the visible text of a link's page, written with its other
/// facts; `imageText`, what Tesseract read in an image, written in the background (NULL: not read yet; '': nothing
/// read). An index finds the images not read yet.
public enum ItemTextColumns {
    /// The statements of the migration that adds them (with its engine's text type), before the search index takes
    /// them (``SearchIndex/sqliteTextsMigration``, ``SearchIndex/postgresTextsMigration``).
    public static func migration(text: String) -> [String] {
        [
            "ALTER TABLE item ADD COLUMN pageText \(text)",
            "ALTER TABLE item ADD COLUMN imageText \(text)",
            "CREATE INDEX item_image_text_unread ON item (blobHash) WHERE kind = 'image' AND imageText IS NULL",
        ]
    }
}
