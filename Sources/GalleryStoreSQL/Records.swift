import Foundation
import GalleryCore

extension Gallery {
    static let selectColumns = """
        gallery.id, gallery.name, gallery.imagesPerRow, gallery.chosenView, gallery.sequence, gallery.createdAt, gallery.updatedAt,
        gallery.trashedAt, gallery.trashCount, gallery.itemCount, gallery.hideLocation,
        cover.id AS coverId, cover.title AS coverTitle, cover.blobHash AS coverHash, coverBlob.mimeType AS coverMime,
        coverBlob.width AS coverWidth, coverBlob.height AS coverHeight, coverBlob.thumbnailWidths AS coverThumbnails,
        coverBlob.hasPoster AS coverHasPoster
        """
    /// The gallery with its cover: the first ready live image (or link with a preview image).
    static let fromClause = """
        gallery LEFT JOIN item AS cover ON cover.id = (
          SELECT id FROM item WHERE item.galleryId = gallery.id AND item.trashedAt IS NULL AND item.state = 'ready'
          AND item.kind IN ('image', 'link') AND item.blobHash IS NOT NULL
          ORDER BY item.orderKey LIMIT 1)
        LEFT JOIN blob AS coverBlob ON coverBlob.hash = cover.blobHash
        """

    init(row: SQLRow) {
        var cover: Cover?
        if let id: String = row["coverId"], let hash: String = row["coverHash"], let mime: String = row["coverMime"] {
            cover = Cover(
                itemID: ItemID(trusted: id), title: row["coverTitle"], blobHash: hash, mimeType: mime,
                width: row["coverWidth"], height: row["coverHeight"],
                thumbnailWidths: ThumbnailWidths.read(row["coverThumbnails"]),
                hasDisplayCopy: row["coverHasPoster"] ?? false)
        }
        self.init(
            id: GalleryID(trusted: row["id"]), name: row["name"], imagesPerRow: row["imagesPerRow"],
            view: GalleryView(rawValue: row["chosenView"]) ?? .default, sequence: row["sequence"],
            createdAt: row["createdAt"], updatedAt: row["updatedAt"],
            trashCount: row["trashCount"], itemCount: row["itemCount"], cover: cover, trashedAt: row["trashedAt"],
            hidesLocation: row["hideLocation"] ?? false)
    }
}

extension Item {
    static let selectColumns = """
        item.id, item.kind, item.galleryId, item.orderKey, item.state, item.origin, item.sourceURL, item.title,
        item.text, item.pageDescription, item.siteName, item.caption, item.tags, item.orientation, item.addedBy,
        item.blobHash, blob.mimeType, blob.width, blob.height, blob.byteCount, blob.thumbnailWidths,
        \(SiteIconColumn.selected),
        blob.durationSeconds, blob.hasPoster, blob.videoCodec, blob.videoCopy, blob.playableSeconds, blob.photoDetails,
        item.failure,
        item.createdAt, item.updatedAt, item.trashedAt, item.changeSequence, item.placementVersion,
        board_position.x AS boardX, board_position.y AS boardY, board_position.width AS boardWidth,
        board_position.z AS boardZ
        """
    static let fromClause = """
        item LEFT JOIN blob ON blob.hash = item.blobHash
        \(SiteIconColumn.join)
        LEFT JOIN board_position ON board_position.itemId = item.id
        """

    init(row: SQLRow) throws {
        let keyText: String = row["orderKey"]
        guard let key = OrderKey(rawValue: keyText) else { throw StoreError.corrupt("order key \(keyText)") }
        let stateText: String = row["state"]
        let originText: String = row["origin"]
        let kindText: String = row["kind"]
        guard let state = ItemState(rawValue: stateText), let origin = ItemOrigin(rawValue: originText),
            let kind = ItemKind(rawValue: kindText)
        else {
            throw StoreError.corrupt("item state \(stateText)/\(originText)/\(kindText)")
        }
        var failure: FailureReason?
        if let json: String = row["failure"] {
            failure = try? JSONDecoder().decode(FailureReason.self, from: Data(json.utf8))
            if failure == nil { failure = .internalError }
        }
        var boardPosition: BoardPosition?
        if let x: Double = row["boardX"], let y: Double = row["boardY"], let width: Double = row["boardWidth"],
            let z: Int = row["boardZ"]
        {
            boardPosition = BoardPosition(x: x, y: y, width: width, z: z)
        }
        self.init(
            id: ItemID(trusted: row["id"]), kind: kind, galleryID: GalleryID(trusted: row["galleryId"]),
            orderKey: key, state: state, origin: origin, sourceURL: row["sourceURL"], title: row["title"],
            text: row["text"], pageDescription: row["pageDescription"], siteName: row["siteName"],
            blobHash: row["blobHash"], mimeType: row["mimeType"], width: row["width"], height: row["height"],
            byteCount: row["byteCount"], durationSeconds: row["durationSeconds"],
            hasPoster: row["hasPoster"] ?? false, failure: failure, createdAt: row["createdAt"],
            updatedAt: row["updatedAt"], trashedAt: row["trashedAt"], changeSequence: row["changeSequence"],
            placementVersion: row["placementVersion"], boardPosition: boardPosition,
            thumbnailWidths: ThumbnailWidths.read(row["thumbnailWidths"]),
            videoPlayback: VideoPlaybackColumns.read(row),
            caption: row["caption"], tags: TagsColumn.read(row["tags"]), photo: PhotoDetailsColumns.read(row)
        )
        orientation = ItemOrientation(rawValue: row["orientation"] ?? 0) ?? .upright
        addedBy = (row["addedBy"] as String?).map(UserID.init(trusted:))
        siteIconHash = row["siteIconHash"]
        siteIconMimeType = row["siteIconMimeType"]
    }
}

/// The widths of an image's thumbnails as the blob table keeps them: "256,512", "" for none, NULL while not recorded.
enum ThumbnailWidths {
    static func read(_ text: String?) -> [Int]? {
        text.map { $0.split(separator: ",").compactMap { Int($0) } }
    }

    static func written(_ widths: [Int]?) -> String? {
        widths.map { $0.map(String.init).joined(separator: ",") }
    }
}

/// Errors of the SQLite store that are not the user's doing.
enum StoreError: Error {
    case corrupt(String)
}

/// Who added an item: the id of their account (NULL for items added without one, imported, or kept before it was
/// recorded). Not a foreign key: an account removed leaves its items, said to be added by nobody known.
public enum AddedByColumn {
    /// The statement of the migration that adds it (with its engine's text type).
    public static func migration(text: String) -> String { "ALTER TABLE item ADD COLUMN addedBy \(text)" }
}

/// How the item table keeps tags: one line each ("" for none); a tag holds no line break.
public enum TagsColumn {
    /// The statements of the migration that adds the caption and the tags (with its engine's text type).
    public static func migration(text: String) -> [String] {
        [
            "ALTER TABLE item ADD COLUMN caption \(text)",
            "ALTER TABLE item ADD COLUMN tags \(text) NOT NULL DEFAULT ''",
        ]
    }

    /// The migration that indexes the tagged items by their last change, so that the tags most used lately are read
    /// from the tagged items alone (``SQLGalleryStore/usedTags(in:sample:limit:)``), however many items have none.
    public static let taggedIndexMigration = "CREATE INDEX item_tagged ON item(updatedAt) WHERE tags <> ''"

    /// The tags read from the column.
    static func read(_ text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        return text.split(separator: "\n").map(String.init)
    }

    /// The column's value for `tags`.
    static func written(_ tags: [String]) -> String {
        tags.joined(separator: "\n")
    }
}
