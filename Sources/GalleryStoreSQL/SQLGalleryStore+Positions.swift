import Foundation
import GalleryCore

// Positions in a gallery's live order, found through its order blocks (``OrderBlocks``): the cost grows with the
// number of blocks and the size of one block, never with the items before the position.
extension SQLGalleryStore {
    /// How many live items of the gallery have a key below `key`: the position an item with this key has, or would
    /// have.
    static func position(_ db: any SQLSession, _ gallery: GalleryID, of key: OrderKey) throws -> Int {
        try db.value(
            Int.self,
            sql: """
                WITH holder AS (
                  SELECT max(firstKey) AS firstKey FROM order_block WHERE galleryId = ? AND firstKey <= ?)
                SELECT (SELECT coalesce(sum(liveCount), 0) FROM order_block, holder
                        WHERE galleryId = ? AND order_block.firstKey < holder.firstKey)
                  + (SELECT count(*) FROM item, holder WHERE galleryId = ? AND trashedAt IS NULL
                     AND orderKey >= holder.firstKey AND orderKey < ?)
                """,
            arguments: [gallery.rawValue, key.rawValue, gallery.rawValue, gallery.rawValue, key.rawValue]) ?? 0
    }

    /// The key of the live item at `position` (0 is the first), or nil past the end.
    static func key(_ db: any SQLSession, _ gallery: GalleryID, at position: Int) throws -> OrderKey? {
        guard position >= 0,
            let block = try db.row(
                sql: """
                    SELECT firstKey, through - liveCount AS before FROM (
                      SELECT firstKey, liveCount, sum(liveCount) OVER (ORDER BY firstKey) AS through
                      FROM order_block WHERE galleryId = ?) AS blocks
                    WHERE through > ? ORDER BY firstKey LIMIT 1
                    """,
                arguments: [gallery.rawValue, position])
        else { return nil }
        let firstKey: String = block["firstKey"]
        let before: Int = block["before"]
        return try db.value(
            String.self,
            sql: """
                SELECT orderKey FROM item WHERE galleryId = ? AND trashedAt IS NULL AND orderKey >= ?
                ORDER BY orderKey LIMIT 1 OFFSET ?
                """,
            arguments: [gallery.rawValue, firstKey, position - before]
        ).map(orderKey(_:))
    }

    /// A window of the gallery's live items and where it lies (see ``GalleryStore/items(in:from:limit:)``).
    static func window(_ db: any SQLSession, _ gallery: Gallery, from start: ItemPage.Start, limit: Int) throws
        -> ItemPage
    {
        let limit = max(1, min(limit, 1000))
        let items: [Item]
        switch start {
        case .after(let cursor):
            items = try liveItems(db, gallery.id, after: cursor, limit: limit)
        case .before(let cursor):
            items = try liveItems(db, gallery.id, before: cursor, limit: limit)
        case .position(let position):
            let clamped = max(0, min(position, gallery.itemCount - limit))
            let first = try key(db, gallery.id, at: clamped)
            items = try first.map { try liveItems(db, gallery.id, atOrAfter: $0, limit: limit) } ?? []
        case .around(let id):
            guard let key = try liveKey(db, gallery.id, of: id) else {
                throw GalleryError.notFound("There is no item \(id) in this gallery.")
            }
            let before = try liveItems(db, gallery.id, before: key, limit: (limit - 1) / 2)
            items = before + (try liveItems(db, gallery.id, atOrAfter: key, limit: limit - before.count))
        }
        let position = try items.first.map { try Self.position(db, gallery.id, of: $0.orderKey) } ?? gallery.itemCount
        let end = position + items.count
        return ItemPage(
            items: items, position: position, count: gallery.itemCount,
            nextCursor: end < gallery.itemCount ? items.last?.orderKey : nil,
            previousCursor: position > 0 ? items.first?.orderKey : nil)
    }

    private static func liveItems(_ db: any SQLSession, _ gallery: GalleryID, after cursor: OrderKey?, limit: Int)
        throws
        -> [Item]
    {
        try fetchItems(
            db, "item.orderKey > ? ORDER BY item.orderKey", [gallery.rawValue, cursor?.rawValue ?? "", limit])
    }

    private static func liveItems(_ db: any SQLSession, _ gallery: GalleryID, atOrAfter key: OrderKey, limit: Int)
        throws
        -> [Item]
    {
        try fetchItems(db, "item.orderKey >= ? ORDER BY item.orderKey", [gallery.rawValue, key.rawValue, limit])
    }

    private static func liveItems(_ db: any SQLSession, _ gallery: GalleryID, before cursor: OrderKey, limit: Int)
        throws
        -> [Item]
    {
        guard limit > 0 else { return [] }
        return try fetchItems(
            db, "item.orderKey < ? ORDER BY item.orderKey DESC", [gallery.rawValue, cursor.rawValue, limit]
        ).reversed()
    }

    private static func fetchItems(_ db: any SQLSession, _ condition: String, _ arguments: SQLArguments) throws
        -> [Item]
    {
        try db.rows(
            sql: """
                SELECT \(Item.selectColumns) FROM \(Item.fromClause)
                WHERE item.galleryId = ? AND item.trashedAt IS NULL AND \(condition) LIMIT ?
                """,
            arguments: arguments
        ).map(Item.init(row:))
    }
}
