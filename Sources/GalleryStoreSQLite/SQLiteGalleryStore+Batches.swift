import Foundation
import GRDB
import GalleryCore

// Moving, trashing and restoring several items at once, and emptying the trash: each one transaction that checks
// every item first, so that a batch naming one bad item changes nothing.
extension SQLiteGalleryStore {
    public func moveItems(_ ids: [ItemID], in gallery: GalleryID, to point: InsertionPoint) async throws -> [Item] {
        let date = now()
        return try await writer.write { db in
            _ = try Self.fetchGallery(db, gallery)
            let items = try Self.fetchBatch(db, ids, in: gallery)
            if let trashed = items.first(where: { $0.trashedAt != nil }) {
                throw GalleryError.notFound("The item \(trashed.id) is in the trash.")
            }
            guard !items.isEmpty else { return [] }
            let (lower, upper) = try Self.bounds(db, gallery, point, excluding: Set(ids))
            let keys = try OrderKey.keys(count: ids.count, between: lower, upper)
            let sequence = try Self.nextSequence(db, gallery, date: date)
            // The unique index on live keys is checked row by row: park the moved rows on keys no item can have
            // ('~' is not a key digit) first, so that a new key may be an old key of another moved item.
            for id in ids {
                try db.execute(sql: "UPDATE item SET orderKey = '~' || id WHERE id = ?", arguments: [id.rawValue])
            }
            for (id, key) in zip(ids, keys) {
                try db.execute(
                    sql: "UPDATE item SET orderKey = ?, updatedAt = ?, changeSequence = ? WHERE id = ?",
                    arguments: [key.rawValue, date, sequence, id.rawValue])
            }
            return try ids.map { id in try Self.fetchItem(db, id) }
        }
    }

    public func trashItems(_ ids: [ItemID], in gallery: GalleryID) async throws -> [Item] {
        let date = now()
        return try await writer.write { db in
            _ = try Self.fetchGallery(db, gallery)
            let items = try Self.fetchBatch(db, ids, in: gallery)
            guard try Self.moveToTrash(db, items, in: gallery, date: date) else { return items }
            return try ids.map { id in try Self.fetchItem(db, id) }
        }
    }

    /// Trashes the items that are not in the trash yet, as one change of the gallery; false when none was live.
    @discardableResult
    static func moveToTrash(_ db: Database, _ items: [Item], in gallery: GalleryID, date: Date) throws -> Bool {
        let live = items.filter { $0.trashedAt == nil }
        guard !live.isEmpty else { return false }
        let sequence = try nextSequence(db, gallery, date: date)
        for item in live {
            try db.execute(
                sql: "UPDATE item SET trashedAt = ?, updatedAt = ?, changeSequence = ? WHERE id = ?",
                arguments: [date, date, sequence, item.id.rawValue])
        }
        return true
    }

    public func trashedItems(in gallery: GalleryID, limit: Int) async throws -> [Item] {
        let limit = max(1, min(limit, 1000))
        return try await writer.read { db in
            _ = try Self.fetchGallery(db, gallery)
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT \(Item.selectColumns) FROM \(Item.fromClause)
                    WHERE item.galleryId = ? AND item.trashedAt IS NOT NULL
                    ORDER BY item.trashedAt DESC, item.orderKey, item.id LIMIT ?
                    """,
                arguments: [gallery.rawValue, limit]
            ).map(Item.init(row:))
        }
    }

    public func restoreItems(_ ids: [ItemID], in gallery: GalleryID) async throws -> [Item] {
        let date = now()
        return try await writer.write { db in
            _ = try Self.fetchGallery(db, gallery)
            let items = try Self.fetchBatch(db, ids, in: gallery)
            if let live = items.first(where: { $0.trashedAt == nil }) {
                throw GalleryError.invalid("The item \(live.id) is not in the trash.")
            }
            guard !items.isEmpty else { return [] }
            let sequence = try Self.nextSequence(db, gallery, date: date)
            // In the order of their old keys (trashed keys may repeat: then the one trashed first first), each one
            // after the one before, so that they keep their relative order even when their old keys are taken.
            let ordered = items.sorted { a, b in
                (a.orderKey, a.trashedAt ?? date, a.id) < (b.orderKey, b.trashedAt ?? date, b.id)
            }
            var previous: OrderKey?
            for item in ordered {
                let old = item.orderKey
                var lower = try Self.liveKey(db, gallery, below: old, excluding: [])
                if let previous, lower.map({ $0 < previous }) ?? true { lower = previous }
                let key: OrderKey
                if lower.map({ $0 < old }) ?? true, try !Self.isLiveKeyTaken(db, gallery, old) {
                    key = old
                } else {
                    key = try OrderKey.between(lower, try Self.liveKey(db, gallery, above: lower, excluding: []))
                }
                try db.execute(
                    sql: """
                        UPDATE item SET trashedAt = NULL, orderKey = ?, updatedAt = ?, changeSequence = ? WHERE id = ?
                        """,
                    arguments: [key.rawValue, date, sequence, item.id.rawValue])
                previous = key
            }
            return try ids.map { id in try Self.fetchItem(db, id) }
        }
    }

    public func emptyTrash(
        in gallery: GalleryID, removingFiles: @Sendable (_ unusedHashes: [String]) throws -> Void
    ) async throws -> Int {
        let date = now()
        return try await writer.write { db in
            _ = try Self.fetchGallery(db, gallery)
            let hashes = try String.fetchAll(
                db,
                sql: """
                    SELECT DISTINCT blobHash FROM item
                    WHERE galleryId = ? AND trashedAt IS NOT NULL AND blobHash IS NOT NULL ORDER BY blobHash
                    """,
                arguments: [gallery.rawValue])
            try db.execute(
                sql: "DELETE FROM item WHERE galleryId = ? AND trashedAt IS NOT NULL", arguments: [gallery.rawValue])
            let deleted = db.changesCount
            guard deleted > 0 else { return 0 }
            _ = try Self.nextSequence(db, gallery, date: date)
            var unused: [String] = []
            for hash in hashes {
                try db.execute(
                    sql: "DELETE FROM blob WHERE hash = ? AND NOT EXISTS (SELECT 1 FROM item WHERE blobHash = ?)",
                    arguments: [hash, hash])
                if db.changesCount > 0 { unused.append(hash) }
            }
            // Inside the transaction: serialised with `markReady`, which checks that the file is there in its own.
            if !unused.isEmpty { try removingFiles(unused) }
            return deleted
        }
    }
}
