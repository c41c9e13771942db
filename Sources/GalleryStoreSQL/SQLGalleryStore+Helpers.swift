import Foundation
import GalleryCore

extension SQLGalleryStore {
    /// A live gallery.
    /// - Throws: ``GalleryError/notFound(_:)`` for an unknown gallery or one in the trash of galleries.
    static func fetchGallery(_ db: any SQLSession, _ id: GalleryID) throws -> Gallery {
        let gallery = try fetchAnyGallery(db, id)
        guard gallery.trashedAt == nil else {
            throw GalleryError.notFound("The gallery '\(gallery.name)' is in the trash of galleries.")
        }
        return gallery
    }

    /// A gallery, live or in the trash of galleries.
    static func fetchAnyGallery(_ db: any SQLSession, _ id: GalleryID) throws -> Gallery {
        guard
            let row = try db.row(
                sql: "SELECT \(Gallery.selectColumns) FROM \(Gallery.fromClause) WHERE gallery.id = ?",
                arguments: [id.rawValue])
        else { throw GalleryError.notFound("There is no gallery \(id).") }
        return Gallery(row: row)
    }

    static func fetchItem(_ db: any SQLSession, _ id: ItemID) throws -> Item {
        guard
            let row = try db.row(
                sql: "SELECT \(Item.selectColumns) FROM \(Item.fromClause) WHERE item.id = ?",
                arguments: [id.rawValue])
        else { throw GalleryError.notFound("There is no item \(id).") }
        return try Item(row: row)
    }

    /// Makes a gallery; the views of the list of galleries hear of it once the transaction commits.
    func insertGallery(_ db: any SQLSession, name: String, date: Date) throws -> Gallery {
        let id = GalleryID.make()
        try db.execute(
            sql:
                "INSERT INTO gallery (id, name, imagesPerRow, sequence, createdAt, updatedAt) VALUES (?, ?, ?, 0, ?, ?)",
            arguments: [id.rawValue, name, Gallery.defaultImagesPerRow, date, date])
        publishAfterCommit(db, id)
        return try Self.fetchGallery(db, id)
    }

    /// Bumps the gallery's change number and returns the new one.
    static func nextSequence(_ db: any SQLSession, _ id: GalleryID, date: Date) throws -> Int64 {
        try db.execute(
            sql: "UPDATE gallery SET sequence = sequence + 1, updatedAt = ? WHERE id = ?",
            arguments: [date, id.rawValue])
        return try db.value(Int64.self, sql: "SELECT sequence FROM gallery WHERE id = ?", arguments: [id.rawValue]) ?? 0
    }

    /// The live order keys around an insertion point, in the order without the `excluded` items (the ones being
    /// moved): the new keys go strictly between them (nil means an open end).
    static func bounds(
        _ db: any SQLSession, _ gallery: GalleryID, _ point: InsertionPoint, excluding excluded: Set<ItemID> = []
    ) throws -> (OrderKey?, OrderKey?) {
        switch point {
        case .start:
            return (nil, try liveKey(db, gallery, above: nil, excluding: excluded))
        case .end:
            return (try liveKey(db, gallery, below: nil, excluding: excluded), nil)
        case .after(let anchor), .before(let anchor):
            guard let anchorKey = try liveKey(db, gallery, of: anchor) else {
                return try bounds(db, gallery, .end, excluding: excluded)
            }
            if excluded.contains(anchor) {
                // The anchor moves too: the gap it leaves, between the nearest items around it that stay.
                return (
                    try liveKey(db, gallery, below: anchorKey, excluding: excluded),
                    try liveKey(db, gallery, above: anchorKey, excluding: excluded)
                )
            }
            if case .after = point {
                return (anchorKey, try liveKey(db, gallery, above: anchorKey, excluding: excluded))
            }
            return (try liveKey(db, gallery, below: anchorKey, excluding: excluded), anchorKey)
        case .index(let index):
            if index <= 0 { return try bounds(db, gallery, .start, excluding: excluded) }
            // The items that stay at `index - 1` and `index`: each excluded item of this gallery at or before a
            // position pushes the one that stays there one further.
            let excludedPositions = try excluded.compactMap { try liveKey(db, gallery, of: $0) }
                .map { try position(db, gallery, of: $0) }.sorted()
            func positionOfStaying(_ index: Int) -> Int {
                var position = index
                for excluded in excludedPositions where excluded <= position { position += 1 }
                return position
            }
            guard let lower = try key(db, gallery, at: positionOfStaying(index - 1)) else {
                // Past the end of the gallery: clamp to it.
                return try bounds(db, gallery, .end, excluding: excluded)
            }
            return (lower, try liveKey(db, gallery, above: lower, excluding: excluded))
        }
    }

    /// The live key of an item of the gallery, or nil if it is not a live item of this gallery.
    static func liveKey(_ db: any SQLSession, _ gallery: GalleryID, of id: ItemID) throws -> OrderKey? {
        try db.value(
            String.self, sql: "SELECT orderKey FROM item WHERE galleryId = ? AND trashedAt IS NULL AND id = ?",
            arguments: [gallery.rawValue, id.rawValue]
        ).map(orderKey(_:))
    }

    /// The smallest live key above `key` (nil: the first) of an item not in `excluded`.
    static func liveKey(
        _ db: any SQLSession, _ gallery: GalleryID, above key: OrderKey?, excluding excluded: Set<ItemID>
    )
        throws -> OrderKey?
    {
        try liveKeys(db, gallery, above: key, limit: excluded.count + 1).first { !excluded.contains($0.id) }?.key
    }

    /// The largest live key below `key` (nil: the last) of an item not in `excluded`. Parked items (on `~` keys while
    /// their new keys are made) are not read.
    static func liveKey(
        _ db: any SQLSession, _ gallery: GalleryID, below key: OrderKey?, excluding excluded: Set<ItemID>
    )
        throws -> OrderKey?
    {
        // One upper bound, the lower of `key` and the parked keys': given two, SQLite ranges the index by one and
        // filters by the other, reading every item from the end of the gallery down to `key`.
        let bound = min(key?.rawValue ?? "~", "~")
        let rows = try db.rows(
            sql: """
                SELECT id, orderKey FROM item WHERE galleryId = ? AND trashedAt IS NULL AND orderKey < ?
                ORDER BY orderKey DESC LIMIT ?
                """,
            arguments: [gallery.rawValue, bound, excluded.count + 1])
        return try rows.map(idAndKey(_:)).first { !excluded.contains($0.id) }?.key
    }

    /// At most `limit` live items of the gallery above `key` (nil: from the first), ascending; parked items (on `~`
    /// keys while their new keys are made) are not read.
    static func liveKeys(_ db: any SQLSession, _ gallery: GalleryID, above key: OrderKey?, limit: Int)
        throws -> [(id: ItemID, key: OrderKey)]
    {
        let rows = try db.rows(
            sql: """
                SELECT id, orderKey FROM item WHERE galleryId = ? AND trashedAt IS NULL AND orderKey > ?
                AND orderKey < '~' ORDER BY orderKey LIMIT ?
                """,
            arguments: [gallery.rawValue, key?.rawValue ?? "", limit])
        return try rows.map(idAndKey(_:))
    }

    /// Whether a live item of the gallery, other than the `excluded` ones, has this key.
    static func isLiveKeyTaken(
        _ db: any SQLSession, _ gallery: GalleryID, _ key: OrderKey, excluding excluded: Set<ItemID> = []
    ) throws -> Bool {
        let holder = try db.value(
            String.self, sql: "SELECT id FROM item WHERE galleryId = ? AND trashedAt IS NULL AND orderKey = ?",
            arguments: [gallery.rawValue, key.rawValue])
        return holder.map { !excluded.contains(ItemID(trusted: $0)) } ?? false
    }

    static func idAndKey(_ row: SQLRow) throws -> (id: ItemID, key: OrderKey) {
        (ItemID(trusted: row["id"]), try orderKey(row["orderKey"]))
    }

    static func orderKey(_ text: String) throws -> OrderKey {
        guard let key = OrderKey(rawValue: text) else { throw StoreError.corrupt("order key \(text)") }
        return key
    }

    /// The named items, in the given order, after checking that each is an item of the gallery (of any gallery when
    /// nil) named once.
    /// - Throws: `notFound` for an unknown item or one of another gallery, `invalid` for an item named twice.
    static func fetchBatch(_ db: any SQLSession, _ ids: [ItemID], in gallery: GalleryID?) throws -> [Item] {
        var seen = Set<ItemID>()
        var items: [Item] = []
        items.reserveCapacity(ids.count)
        for id in ids {
            guard seen.insert(id).inserted else { throw GalleryError.invalid("The item \(id) is named twice.") }
            let item = try fetchItem(db, id)
            guard gallery.map({ item.galleryID == $0 }) ?? true else {
                throw GalleryError.notFound("There is no item \(id) in this gallery.")
            }
            items.append(item)
        }
        return items
    }
}
