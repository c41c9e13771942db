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
        gallery: Gallery, items: [Item]
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
            let originals = try db.rows(
                sql: "SELECT id, orderKey FROM item WHERE galleryId = ? AND trashedAt IS NULL ORDER BY orderKey",
                arguments: [id.rawValue])
            var copies: [ItemID] = []
            for row in originals {
                let (itemID, key) = try Self.idAndKey(row)
                let copied = try Self.insertCopy(db, of: itemID, into: copy.id, key: key, sequence: 0, date: date)
                // A faithful copy: the board looks the same.
                try db.execute(
                    sql: """
                        INSERT INTO board_position (itemId, x, y, width, z, galleryId, height, tileLevel, tileX, tileY)
                        SELECT ?, x, y, width, z, ?, height, tileLevel, tileX, tileY FROM board_position
                        WHERE itemId = ?
                        """,
                    arguments: [copied.rawValue, copy.id.rawValue, itemID.rawValue])
                copies.append(copied)
            }
            return (try Self.fetchGallery(db, copy.id), try copies.map { try Self.fetchItem(db, $0) })
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
