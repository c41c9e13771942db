import GalleryCore

/// What the board index keeps of each board position beside where it is (`galleryId`, `height`, `tileLevel`,
/// `tileX`, `tileY`): worked out by the database from the item and its file, in SQL both engines speak, so that one
/// statement keeps them for one item (after a move or once its size is known) or for all of them (a migration).
public enum BoardShape {
    /// An item's height over its width on the board, as the web client draws it (`aspectOf` in Web/model/board.js):
    /// its file's as it is shown (turned a quarter, by an odd ``ItemOrientation``: its width over its height), within
    /// 0.05 to 20; a ready note's 1, a link's without a preview 3/4, a video's of unknown size 9/16; else 3/4. (`item`
    /// and `blob` are the item's rows.)
    static let aspect = aspect(turned: true)

    /// ``aspect``, or without the item's orientation (`turned` false: for a migration that runs before items had one).
    private static func aspect(turned: Bool) -> String {
        let ratio =
            turned
            ? "(CASE WHEN item.orientation % 2 = 1 THEN 1.0 * blob.width / blob.height "
                + "ELSE 1.0 * blob.height / blob.width END)"
            : "(1.0 * blob.height / blob.width)"
        return """
            (CASE WHEN blob.width > 0 AND blob.height > 0 THEN
              CASE WHEN \(ratio) < 0.05 THEN 0.05
                WHEN \(ratio) > 20 THEN 20.0
                ELSE \(ratio) END
              WHEN item.state = 'ready' AND item.kind = 'note' THEN 1.0
              WHEN item.state = 'ready' AND item.kind = 'link' THEN 0.75
              WHEN item.state = 'ready' AND item.kind = 'video' THEN 0.5625
              ELSE 0.75 END)
            """
    }

    /// The kept shape of a board position whose left edge, top edge and width are the SQL expressions `x`, `y` and
    /// `width`, for an item of height over width `aspect`: its height, its level of tiles and its tile's column and row.
    static func shape(x: String, y: String, width: String, aspect: String) -> (
        height: String, level: String, column: String, row: String
    ) {
        let height = "(\(width) * \(aspect))"
        let size = "(CASE WHEN \(width) > \(height) THEN \(width) ELSE \(height) END)"
        let smallest = "\(BoardTiles.smallest)"
        let level = """
            (CASE WHEN \(size) <= \(smallest) THEN 0
              ELSE CAST(ceil(ln(\(size) / \(smallest)) / ln(2.0)) AS INTEGER) END)
            """
        let side = "(\(smallest) * power(2.0, \(level)))"
        return (
            height, level, "CAST(floor(\(x) / \(side)) AS INTEGER)", "CAST(floor(\(y) / \(side)) AS INTEGER)"
        )
    }

    /// Sets the kept shape of the board positions `condition` picks (over `board_position`, `item` and `blob`);
    /// `turned` false leaves the items' orientation out (a migration that runs before they had one).
    static func update(where condition: String, turned: Bool = true) -> String {
        let kept = shape(
            x: "board_position.x", y: "board_position.y", width: "board_position.width", aspect: aspect(turned: turned))
        return """
            UPDATE board_position SET galleryId = item.galleryId, height = \(kept.height), tileLevel = \(kept.level),
              tileX = \(kept.column), tileY = \(kept.row)
            FROM item LEFT JOIN blob ON blob.hash = item.blobHash
            WHERE item.id = board_position.itemId AND (\(condition))
            """
    }

    /// The columns that add the kept shape to a board position (a migration; both engines' types).
    private static func addColumns(text: String, real: String) -> [String] {
        [
            "ALTER TABLE board_position ADD COLUMN galleryId \(text)",
            "ALTER TABLE board_position ADD COLUMN height \(real)",
            "ALTER TABLE board_position ADD COLUMN tileLevel INTEGER",
            "ALTER TABLE board_position ADD COLUMN tileX INTEGER",
            "ALTER TABLE board_position ADD COLUMN tileY INTEGER",
        ]
    }

    /// The statements of the migration that adds the board index to a database (with its engine's column types).
    /// A gallery also keeps the change up to which every item it held then was put on its board (see
    /// `placeRest`): the items changed since are the only ones that may not be on it.
    public static func migration(text: String, real: String, bigint: String) -> [String] {
        addColumns(text: text, real: real) + [
            "ALTER TABLE gallery ADD COLUMN boardPlacedThrough \(bigint) NOT NULL DEFAULT -1",
            // A placing under way (in batches): the key of the last item it placed, and the change it started at.
            "ALTER TABLE gallery ADD COLUMN boardPlacingKey \(text)",
            "ALTER TABLE gallery ADD COLUMN boardPlacingSince \(bigint)",
            update(where: "board_position.tileLevel IS NULL", turned: false),
            "CREATE INDEX board_tile ON board_position(galleryId, tileLevel, tileY, tileX)",
            "CREATE INDEX board_tile_column ON board_position(galleryId, tileLevel, tileX)",
        ]
    }
}
