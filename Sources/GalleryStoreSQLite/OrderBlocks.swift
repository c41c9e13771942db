import Foundation
import GRDB

/// A gallery's order cut into blocks of consecutive live items, each with its count, so that finding the position of
/// a key, or the key at a position, reads the blocks (a few thousand rows for a million items) and one block's items
/// instead of every item before it.
///
/// A block holds the live items from its first key up to the next block's. Triggers keep the counts on every insert,
/// delete, trash, restore and move of an item (with the moving items' parked keys, so counts are right whenever a
/// statement ends); a block that grows past ``splitCount`` is cut in two halves, and an empty block (other than a
/// gallery's first, from the key "") is dropped.
enum OrderBlocks {
    /// A block with more live items than this is cut in two.
    static let splitCount = 1024

    /// Makes the table and its triggers, and the blocks of the galleries there are.
    static func create(_ db: Database) throws {
        let half = splitCount / 2
        // The block that holds a key: the one with the greatest first key at or below it.
        func block(_ row: String) -> String {
            """
            galleryId = \(row).galleryId AND firstKey = (SELECT max(firstKey) FROM order_block
              WHERE galleryId = \(row).galleryId AND firstKey <= \(row).orderKey)
            """
        }
        try db.execute(
            sql: """
                CREATE TABLE order_block (
                  galleryId TEXT NOT NULL REFERENCES gallery(id) ON DELETE CASCADE,
                  firstKey TEXT NOT NULL,
                  liveCount INTEGER NOT NULL CHECK (liveCount >= 0),
                  PRIMARY KEY (galleryId, firstKey)
                ) WITHOUT ROWID;
                CREATE TRIGGER gallery_first_block AFTER INSERT ON gallery BEGIN
                  INSERT INTO order_block (galleryId, firstKey, liveCount) VALUES (NEW.id, '', 0);
                END;
                CREATE TRIGGER item_blocked_in AFTER INSERT ON item WHEN NEW.trashedAt IS NULL BEGIN
                  UPDATE order_block SET liveCount = liveCount + 1 WHERE \(block("NEW"));
                END;
                CREATE TRIGGER item_blocked_out AFTER DELETE ON item WHEN OLD.trashedAt IS NULL BEGIN
                  UPDATE order_block SET liveCount = liveCount - 1 WHERE \(block("OLD"));
                END;
                CREATE TRIGGER item_blocked_again AFTER UPDATE OF galleryId, orderKey, trashedAt ON item
                  WHEN OLD.galleryId IS NOT NEW.galleryId OR OLD.orderKey IS NOT NEW.orderKey
                    OR (OLD.trashedAt IS NULL) IS NOT (NEW.trashedAt IS NULL)
                BEGIN
                  UPDATE order_block SET liveCount = liveCount - 1 WHERE OLD.trashedAt IS NULL AND \(block("OLD"));
                  UPDATE order_block SET liveCount = liveCount + 1 WHERE NEW.trashedAt IS NULL AND \(block("NEW"));
                END;
                CREATE TRIGGER order_block_split AFTER UPDATE OF liveCount ON order_block
                  WHEN NEW.liveCount > \(splitCount)
                BEGIN
                  INSERT INTO order_block (galleryId, firstKey, liveCount)
                    SELECT NEW.galleryId, orderKey, NEW.liveCount - \(half) FROM item
                    WHERE galleryId = NEW.galleryId AND trashedAt IS NULL AND orderKey >= NEW.firstKey
                    ORDER BY orderKey LIMIT 1 OFFSET \(half);
                  UPDATE order_block SET liveCount = \(half)
                    WHERE galleryId = NEW.galleryId AND firstKey = NEW.firstKey;
                END;
                CREATE TRIGGER order_block_emptied AFTER UPDATE OF liveCount ON order_block
                  WHEN NEW.liveCount = 0 AND NEW.firstKey <> ''
                BEGIN
                  DELETE FROM order_block WHERE galleryId = NEW.galleryId AND firstKey = NEW.firstKey;
                END;
                """)
        for gallery in try String.fetchAll(db, sql: "SELECT id FROM gallery") {
            let keys = try String.fetchCursor(
                db, sql: "SELECT orderKey FROM item WHERE galleryId = ? AND trashedAt IS NULL ORDER BY orderKey",
                arguments: [gallery])
            var blocks: [(key: String, count: Int)] = [("", 0)]
            while let key = try keys.next() {
                if blocks[blocks.count - 1].count == half { blocks.append((key, 0)) }
                blocks[blocks.count - 1].count += 1
            }
            for block in blocks {
                try db.execute(
                    sql: "INSERT INTO order_block (galleryId, firstKey, liveCount) VALUES (?, ?, ?)",
                    arguments: [gallery, block.key, block.count])
            }
        }
    }
}
