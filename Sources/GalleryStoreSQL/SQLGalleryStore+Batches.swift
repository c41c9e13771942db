import Foundation
import GalleryCore

// Moving, copying, trashing and restoring several items at once, and emptying the trash: each one transaction that
// checks every item first, so that a batch naming one bad item changes nothing.
extension SQLGalleryStore {
    public func moveItems(
        _ ids: [ItemID], to gallery: GalleryID, at point: InsertionPoint, onBoard arrival: BoardArrival?,
        recordingFor session: HistorySession?
    ) async throws -> [Item] {
        let date = now()
        return try await database.write { db in
            let items = try Self.liveBatch(db, ids, into: gallery)
            guard !items.isEmpty else { return [] }
            var log = ChangeLog()
            let sequence = try log.sequence(db, gallery, date: date)
            let allocation = try allocateKeys(
                db, gallery, point, count: ids.count, moving: Set(ids), sequence: sequence, date: date)
            for (item, key) in zip(items, allocation.keys) {
                try db.execute(
                    sql: """
                        UPDATE item SET galleryId = ?, orderKey = ?, updatedAt = ?, changeSequence = ?,
                        placementVersion = placementVersion + 1 WHERE id = ?
                        """,
                    arguments: [gallery.rawValue, key.rawValue, date, sequence, item.id.rawValue])
                if item.galleryID != gallery {
                    try Self.setBoardPosition(db, item.id, nil)
                    _ = try log.sequence(db, item.galleryID, date: date)
                    log.remove(item.galleryID, [item.id])
                }
            }
            // Those that come from another gallery (or had no place here) arrive on this board.
            let arriving = items.map { ($0.id, $0, $0.galleryID != gallery || $0.boardPosition == nil) }
            try putArrivals(db, arriving, on: gallery, arrival)
            log.touch(gallery, allocation.respaced + ids)
            try log.commit(db, in: self)
            let moved = try ids.map { id in try Self.fetchItem(db, id) }
            if let session {
                let sources = Set(items.map(\.galleryID)).subtracting([gallery])
                try recordHistory(
                    db, gallery, session,
                    HistoryEntry(action: sources.isEmpty ? .move : .transfer, placed: Array(zip(items, moved))),
                    alsoIn: sources, date: date)
            }
            return moved
        }
    }

    public func copyItems(
        _ ids: [ItemID], to gallery: GalleryID, at point: InsertionPoint, onBoard arrival: BoardArrival?,
        recordingFor session: HistorySession?
    ) async throws -> [Item] {
        let date = now()
        return try await database.write { db in
            let items = try Self.liveBatch(db, ids, into: gallery)
            guard !items.isEmpty else { return [] }
            var log = ChangeLog()
            let sequence = try log.sequence(db, gallery, date: date)
            let allocation = try allocateKeys(db, gallery, point, count: ids.count, sequence: sequence, date: date)
            var copies: [ItemID] = []
            for (item, key) in zip(items, allocation.keys) {
                copies.append(
                    try Self.insertCopy(db, of: item.id, into: gallery, key: key, sequence: sequence, date: date))
            }
            try putArrivals(db, zip(copies, items).map { ($0, $1, true) }, on: gallery, arrival)
            log.touch(gallery, allocation.respaced + copies)
            try log.commit(db, in: self)
            let made = try copies.map { id in try Self.fetchItem(db, id) }
            if let session {
                try recordHistory(
                    db, gallery, session, HistoryEntry(action: .copy, addedItems: made),
                    alsoIn: Set(items.map(\.galleryID)), date: date)
            }
            return made
        }
    }

    /// What a copy of an item takes from it: its kind, state, file, source, title, caption, tags, orientation, who added
    /// it, text, page (its visible text and site icon too), the text read in its image, and failure.
    static let copiedColumns =
        "kind, state, origin, sourceURL, title, caption, tags, orientation, addedBy, text, pageDescription, siteName,"
        + " pageText, imageText, blobHash, siteIconHash, failure"

    /// Inserts a copy of an item (same kind, state, file, source, title and text; a new id) and returns its id.
    static func insertCopy(
        _ db: any SQLSession, of original: ItemID, into gallery: GalleryID, key: OrderKey, sequence: Int64, date: Date
    ) throws -> ItemID {
        let id = ItemID.make()
        try db.execute(
            sql: """
                INSERT INTO item (id, galleryId, orderKey, \(copiedColumns), createdAt, updatedAt, changeSequence)
                SELECT ?, ?, ?, \(copiedColumns), ?, ?, ? FROM item WHERE id = ?
                """,
            arguments: [id.rawValue, gallery.rawValue, key.rawValue, date, date, sequence, original.rawValue])
        return id
    }

    /// The named live items of live galleries, for a move or copy into `gallery` (which must be live too).
    /// - Throws: `notFound` for an unknown gallery or item, or one in a trash; `invalid` for an item named twice.
    static func liveBatch(_ db: any SQLSession, _ ids: [ItemID], into gallery: GalleryID) throws -> [Item] {
        _ = try fetchGallery(db, gallery)
        let items = try fetchBatch(db, ids, in: nil)
        if let trashed = items.first(where: { $0.trashedAt != nil }) {
            throw GalleryError.notFound("The item \(trashed.id) is in the trash.")
        }
        for source in Set(items.map(\.galleryID)) where source != gallery { _ = try fetchGallery(db, source) }
        return items
    }

    public func trashItems(_ ids: [ItemID], in gallery: GalleryID, recordingFor session: HistorySession?)
        async throws -> [Item]
    {
        let date = now()
        return try await database.write { db in
            _ = try Self.fetchGallery(db, gallery)
            let items = try Self.fetchBatch(db, ids, in: gallery)
            try moveToTrash(db, items, in: gallery, recordingFor: session, date: date)
            return try ids.map { id in try Self.fetchItem(db, id) }
        }
    }

    /// Moves the gallery's live items that `condition` (on its `arguments`) picks to its trash in one statement, as
    /// change `sequence`; they keep their keys.
    static func trashLive(
        _ db: any SQLSession, _ gallery: GalleryID, where condition: String, _ arguments: SQLArguments,
        sequence: Int64, date: Date
    ) throws {
        try db.execute(
            sql: """
                UPDATE item SET trashedAt = ?, updatedAt = ?, changeSequence = ?,
                placementVersion = placementVersion + 1
                WHERE galleryId = ? AND trashedAt IS NULL AND \(condition)
                """,
            arguments: [date, date, sequence, gallery.rawValue] + arguments)
    }

    /// Trashes the items that are not in the trash yet, as one change of the gallery (none if all are there).
    func moveToTrash(
        _ db: any SQLSession, _ items: [Item], in gallery: GalleryID, recordingFor session: HistorySession?, date: Date
    ) throws {
        let live = items.filter { $0.trashedAt == nil }
        guard !live.isEmpty else { return }
        var log = ChangeLog()
        try place(db, live.map { ($0, Placement(of: $0).trashed(true)) }, log: &log, date: date)
        try log.commit(db, in: self)
        if let session {
            let after = try live.map { item in try Self.fetchItem(db, item.id) }
            try recordHistory(
                db, gallery, session, HistoryEntry(action: .trash, placed: Array(zip(live, after))), date: date)
        }
    }

    public func trashedItems(in gallery: GalleryID, limit: Int) async throws -> [Item] {
        let limit = max(1, min(limit, 1000))
        return try await database.read { db in
            _ = try Self.fetchGallery(db, gallery)
            return try db.rows(
                sql: """
                    SELECT \(Item.selectColumns) FROM \(Item.fromClause)
                    WHERE item.galleryId = ? AND item.trashedAt IS NOT NULL
                    ORDER BY item.trashedAt DESC, item.orderKey, item.id LIMIT ?
                    """,
                arguments: [gallery.rawValue, limit]
            ).map(Item.init(row:))
        }
    }

    public func restoreItems(_ ids: [ItemID], in gallery: GalleryID, recordingFor session: HistorySession?)
        async throws -> [Item]
    {
        let date = now()
        return try await database.write { db in
            _ = try Self.fetchGallery(db, gallery)
            let items = try Self.fetchBatch(db, ids, in: gallery)
            if let live = items.first(where: { $0.trashedAt == nil }) {
                throw GalleryError.invalid("The item \(live.id) is not in the trash.")
            }
            guard !items.isEmpty else { return [] }
            var log = ChangeLog()
            try place(db, items.map { ($0, Placement(of: $0).trashed(false)) }, log: &log, date: date)
            try log.commit(db, in: self)
            let restored = try ids.map { id in try Self.fetchItem(db, id) }
            if let session {
                try recordHistory(
                    db, gallery, session, HistoryEntry(action: .restore, placed: Array(zip(items, restored))),
                    date: date)
            }
            return restored
        }
    }

    public func emptyTrash(
        in gallery: GalleryID, removingFiles: @escaping @Sendable (_ unusedHashes: [String]) throws -> Void
    ) async throws -> Int {
        let date = now()
        return try await database.write { db in
            _ = try Self.fetchGallery(db, gallery)
            let hashes = try db.values(
                String.self,
                sql: """
                    SELECT blobHash FROM item
                    WHERE galleryId = ? AND trashedAt IS NOT NULL AND blobHash IS NOT NULL
                    UNION
                    SELECT siteIconHash FROM item
                    WHERE galleryId = ? AND trashedAt IS NOT NULL AND siteIconHash IS NOT NULL
                    ORDER BY 1
                    """,
                arguments: [gallery.rawValue, gallery.rawValue])
            let deletedIDs = try db.values(
                String.self, sql: "SELECT id FROM item WHERE galleryId = ? AND trashedAt IS NOT NULL",
                arguments: [gallery.rawValue]
            ).map(ItemID.init(trusted:))
            guard !deletedIDs.isEmpty else { return 0 }
            try db.execute(
                sql: "DELETE FROM item WHERE galleryId = ? AND trashedAt IS NOT NULL", arguments: [gallery.rawValue])
            let sequence = try Self.nextSequence(db, gallery, date: date)
            try recordEvent(db, gallery, sequence, items: [], removed: deletedIDs)
            var unused: [String] = []
            for hash in hashes {
                let changed = try db.execute(
                    sql: """
                        DELETE FROM blob WHERE hash = ? AND NOT EXISTS (SELECT 1 FROM item WHERE blobHash = ?)
                          AND NOT EXISTS (SELECT 1 FROM item WHERE siteIconHash = ?)
                        """,
                    arguments: [hash, hash, hash])
                if changed > 0 { unused.append(hash) }
            }
            // Inside the transaction: serialised with `markReady`, which checks that the file is there in its own.
            if !unused.isEmpty { try removingFiles(unused) }
            return deletedIDs.count
        }
    }
}
