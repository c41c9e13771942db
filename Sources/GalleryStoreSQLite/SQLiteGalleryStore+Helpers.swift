import Foundation
import GRDB
import GalleryCore

extension SQLiteGalleryStore {
    static func fetchGallery(_ db: Database, _ id: GalleryID) throws -> Gallery {
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT \(Gallery.selectColumns) FROM gallery WHERE id = ? AND trashedAt IS NULL",
                arguments: [id.rawValue])
        else { throw GalleryError.notFound("There is no gallery \(id).") }
        return Gallery(row: row)
    }

    static func fetchItem(_ db: Database, _ id: ItemID) throws -> Item {
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT \(Item.selectColumns) FROM \(Item.fromClause) WHERE item.id = ?",
                arguments: [id.rawValue])
        else { throw GalleryError.notFound("There is no item \(id).") }
        return try Item(row: row)
    }

    static func insertGallery(_ db: Database, name: String, date: Date) throws -> Gallery {
        let id = GalleryID.make()
        try db.execute(
            sql:
                "INSERT INTO gallery (id, name, imagesPerRow, sequence, createdAt, updatedAt) VALUES (?, ?, ?, 0, ?, ?)",
            arguments: [id.rawValue, name, Gallery.defaultImagesPerRow, date, date])
        return try fetchGallery(db, id)
    }

    /// Bumps the gallery's change number and returns the new one.
    static func nextSequence(_ db: Database, _ id: GalleryID, date: Date) throws -> Int64 {
        try db.execute(
            sql: "UPDATE gallery SET sequence = sequence + 1, updatedAt = ? WHERE id = ?",
            arguments: [date, id.rawValue])
        return try Int64.fetchOne(db, sql: "SELECT sequence FROM gallery WHERE id = ?", arguments: [id.rawValue]) ?? 0
    }

    /// The live order keys around an insertion point.
    static func bounds(_ db: Database, _ gallery: GalleryID, _ point: InsertionPoint) throws -> (OrderKey?, OrderKey?) {
        func key(_ sql: String, _ arguments: StatementArguments) throws -> OrderKey? {
            try String.fetchOne(db, sql: sql, arguments: arguments).flatMap(OrderKey.init(rawValue:))
        }
        let live = "FROM item WHERE galleryId = ? AND trashedAt IS NULL"
        let g = gallery.rawValue
        switch point {
        case .start:
            return (nil, try key("SELECT orderKey \(live) ORDER BY orderKey LIMIT 1", [g]))
        case .end:
            return (try key("SELECT orderKey \(live) ORDER BY orderKey DESC LIMIT 1", [g]), nil)
        case .after(let anchor):
            guard
                let anchorKey = try key(
                    "SELECT orderKey \(live) AND id = ?", [g, anchor.rawValue])
            else { return try bounds(db, gallery, .end) }
            return (
                anchorKey,
                try key("SELECT orderKey \(live) AND orderKey > ? ORDER BY orderKey LIMIT 1", [g, anchorKey.rawValue])
            )
        case .index(let index):
            if index <= 0 { return try bounds(db, gallery, .start) }
            let lower = try key("SELECT orderKey \(live) ORDER BY orderKey LIMIT 1 OFFSET ?", [g, index - 1])
            guard let lower else { return try bounds(db, gallery, .end) }
            return (
                lower,
                try key("SELECT orderKey \(live) AND orderKey > ? ORDER BY orderKey LIMIT 1", [g, lower.rawValue])
            )
        }
    }
}
