/// How the item table keeps a link's site icon: `siteIconHash`, the stored file of the icon (a row of `blob`, like a
/// preview image's), shown on the card of a link without a preview image. An item's rows read it with its type
/// through ``join``; emptying a trash keeps a file that an icon still uses.
public enum SiteIconColumn {
    /// The statements of the migration that adds it (with its engine's text type), and the index that tells whether a
    /// file is still some item's icon.
    public static func migration(text: String) -> [String] {
        [
            "ALTER TABLE item ADD COLUMN siteIconHash \(text) REFERENCES blob(hash)",
            "CREATE INDEX item_site_icon ON item(siteIconHash) WHERE siteIconHash IS NOT NULL",
        ]
    }

    /// The join that reads the icon's type (as `siteIconMimeType`) with an item's row.
    static let join = "LEFT JOIN blob AS site_icon ON site_icon.hash = item.siteIconHash"

    /// The columns an item's row reads of its icon.
    static let selected = "item.siteIconHash, site_icon.mimeType AS siteIconMimeType"
}
