import Foundation
import GalleryCore

// Galleries as documents: the trash of galleries, and duplicates.
extension SQLGalleryStore {
    public func trashedGalleries() async throws -> [Gallery] {
        try await database.read { db in
            try db.rows(
                sql: """
                    SELECT \(Gallery.selectColumns) FROM \(Gallery.fromClause) WHERE gallery.trashedAt IS NOT NULL
                    ORDER BY gallery.trashedAt DESC, gallery.id
                    """
            ).map(Gallery.init(row:))
        }
    }

    public func duplicateGallery(_ id: GalleryID, named name: String?) async throws -> (
        gallery: Gallery, loading: [Item]
    ) {
        let date = now()
        let proposed = try name.map { name throws(GalleryError) in try Gallery.validatedName(name) }
        return try await database.write { db in
            let original = try Self.fetchGallery(db, id)
            let copy = try insertGallery(
                db, name: proposed ?? Gallery.duplicateName(of: original.name), date: date)
            try db.execute(
                sql: "UPDATE gallery SET imagesPerRow = ?, chosenView = ? WHERE id = ?",
                arguments: [original.imagesPerRow, original.view.rawValue, copy.id.rawValue])
            try Self.copyLiveItems(db, of: id, into: copy.id, date: date)
            let loading = try db.rows(
                sql: """
                    SELECT \(Item.selectColumns) FROM \(Item.fromClause)
                    WHERE item.galleryId = ? AND item.state = 'pending' ORDER BY item.orderKey
                    """,
                arguments: [copy.id.rawValue]
            ).map(Item.init(row:))
            return (try Self.fetchGallery(db, copy.id), loading)
        }
    }

    /// How many items one statement of a duplicate copies.
    static let copyBatch = 500

    /// Copies the live items of `source` into `copy` with the same keys, and their board positions (a faithful copy:
    /// the board looks the same): new ids, everything else as it is. Two statements a batch of items, so that the
    /// cost of an item is a row read and two written, and the memory one batch's ids.
    static func copyLiveItems(_ db: any SQLSession, of source: GalleryID, into copy: GalleryID, date: Date) throws {
        var after = ""
        while true {
            let originals = try db.values(
                String.self,
                sql: """
                    SELECT orderKey FROM item WHERE galleryId = ? AND trashedAt IS NULL AND orderKey > ?
                    ORDER BY orderKey LIMIT ?
                    """,
                arguments: [source.rawValue, after, copyBatch])
            guard let last = originals.last else { return }
            // Each original (by its key, which is unique among the live items) with the id of its copy.
            let pairs = Array(repeating: "(?, ?)", count: originals.count).joined(separator: ", ")
            let mapping = originals.flatMap { key in [SQLValue.text(key), .text(ItemID.make().rawValue)] }
            let live = "original.galleryId = ? AND original.trashedAt IS NULL"
            try db.execute(
                sql: """
                    INSERT INTO item (id, galleryId, orderKey, \(copiedColumns), createdAt, updatedAt, changeSequence)
                    SELECT pair.column2, ?, original.orderKey, \(copiedColumns), ?, ?, 0
                    FROM (VALUES \(pairs)) AS pair JOIN item AS original ON original.orderKey = pair.column1
                    WHERE \(live)
                    """,
                arguments: SQLArguments(
                    [.text(copy.rawValue), .date(date), .date(date)] + mapping + [.text(source.rawValue)]))
            try db.execute(
                sql: """
                    INSERT INTO board_position (itemId, x, y, width, z, galleryId, height, tileLevel, tileX, tileY)
                    SELECT pair.column2, place.x, place.y, place.width, place.z, ?, place.height, place.tileLevel,
                      place.tileX, place.tileY
                    FROM (VALUES \(pairs)) AS pair JOIN item AS original ON original.orderKey = pair.column1
                    JOIN board_position AS place ON place.itemId = original.id
                    WHERE \(live)
                    """,
                arguments: SQLArguments([.text(copy.rawValue)] + mapping + [.text(source.rawValue)]))
            after = last
        }
    }

    public func trashGallery(_ id: GalleryID) async throws -> Gallery {
        let date = now()
        return try await database.write { db in
            _ = try Self.fetchGallery(db, id)
            try db.execute(sql: "UPDATE gallery SET trashedAt = ? WHERE id = ?", arguments: [date, id.rawValue])
            let sequence = try Self.nextSequence(db, id, date: date)
            try recordEvent(db, id, sequence, items: [])
            return try Self.fetchAnyGallery(db, id)
        }
    }

    public func restoreGallery(_ id: GalleryID) async throws -> Gallery {
        let date = now()
        return try await database.write { db in
            let gallery = try Self.fetchAnyGallery(db, id)
            guard gallery.trashedAt != nil else { throw GalleryError.invalid("The gallery is not in the trash.") }
            try db.execute(sql: "UPDATE gallery SET trashedAt = NULL WHERE id = ?", arguments: [id.rawValue])
            let sequence = try Self.nextSequence(db, id, date: date)
            try recordEvent(db, id, sequence, items: [])
            return try Self.fetchGallery(db, id)
        }
    }
}
