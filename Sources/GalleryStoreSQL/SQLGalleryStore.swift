import Foundation
import GalleryCore

/// The gallery store on SQLite (through GRDB).
public struct SQLGalleryStore: GalleryStore {
    let database: any SQLDatabase
    let now: @Sendable () -> Date
    let blobExists: @Sendable (_ hash: String) -> Bool
    /// How many of its latest events a gallery keeps for views that reconnect.
    let eventRetention: Int
    /// Who this store's server is, for the leases on the loading it works on.
    let workOwner: String
    /// How long a lease on loading lasts unless renewed.
    let leaseDuration: TimeInterval

    /// How long a lease lasts by default: a server renews its leases three times in that time.
    public static let defaultLeaseDuration: TimeInterval = 60

    /// How many events a gallery keeps by default.
    public static let defaultEventRetention = 5000

    /// Makes a store over an open database.
    /// - Parameters:
    ///   - now: the clock.
    ///   - blobExists: whether the file of an image hash is stored; `markReady` asks it inside its transaction, so
    ///     that it never makes an item ready with a file an emptied trash just removed.
    ///   - eventRetention: how many of its latest events a gallery keeps; a view further behind loads afresh.
    ///   - workOwner: who this server is (different for each server process on one database).
    ///   - leaseDuration: how long, in seconds, a lease on loading an item lasts unless renewed.
    public init(
        database: any SQLDatabase, now: @escaping @Sendable () -> Date = { Date() },
        blobExists: @escaping @Sendable (_ hash: String) -> Bool = { _ in true },
        eventRetention: Int = SQLGalleryStore.defaultEventRetention,
        workOwner: String = UUID().uuidString, leaseDuration: TimeInterval = SQLGalleryStore.defaultLeaseDuration
    ) {
        self.workOwner = workOwner
        self.leaseDuration = leaseDuration
        self.database = database
        self.now = now
        self.blobExists = blobExists
        self.eventRetention = max(1, eventRetention)
    }

    public func galleries() async throws -> [Gallery] {
        try await database.read { db in
            try db.rows(
                sql:
                    """
                    SELECT \(Gallery.selectColumns) FROM \(Gallery.fromClause) WHERE gallery.trashedAt IS NULL
                    ORDER BY lower(gallery.name), gallery.id
                    """
            ).map(Gallery.init(row:))
        }
    }

    public func ping() async throws {
        try await database.read { db in _ = try db.value(Int.self, sql: "SELECT 1") }
    }

    public func gallery(_ id: GalleryID) async throws -> Gallery {
        try await database.read { db in try Self.fetchGallery(db, id) }
    }

    public func createGallery(named name: String) async throws -> Gallery {
        let name = try Gallery.validatedName(name)
        let date = now()
        return try await database.write { db in try insertGallery(db, name: name, date: date) }
    }

    public func updateGallery(
        _ id: GalleryID, name: String?, imagesPerRow: Int?, view: GalleryView?, recordingFor session: HistorySession?
    ) async throws -> Gallery {
        let name = try name.map { name throws(GalleryError) in try Gallery.validatedName(name) }
        let perRow = try imagesPerRow.map { count throws(GalleryError) in try Gallery.validatedImagesPerRow(count) }
        let date = now()
        return try await database.write { db in
            let before = HistoryEntry.Settings(of: try Self.fetchGallery(db, id))
            var after = before
            after.name = name ?? before.name
            after.imagesPerRow = perRow ?? before.imagesPerRow
            after.view = view ?? before.view
            guard after != before else { return try Self.fetchGallery(db, id) }
            try setSettings(db, id, after, date: date)
            // Only a rename is an undoable action. The images per row and the view are the gallery's default way of
            // showing it, changed without history: each page remembers its own choice as a preference.
            if let session, after.name != before.name {
                var renamed = before
                renamed.name = after.name
                try recordHistory(
                    db, id, session, HistoryEntry(action: .rename, settings: .init(before: before, after: renamed)),
                    date: date)
            }
            return try Self.fetchGallery(db, id)
        }
    }

    /// Sets a gallery's name, images per row and view, as one change of it.
    func setSettings(_ db: any SQLSession, _ id: GalleryID, _ settings: HistoryEntry.Settings, date: Date) throws {
        try db.execute(
            sql: "UPDATE gallery SET name = ?, imagesPerRow = ?, chosenView = ? WHERE id = ?",
            arguments: [settings.name, settings.imagesPerRow, settings.view.rawValue, id.rawValue])
        let sequence = try Self.nextSequence(db, id, date: date)
        try recordEvent(db, id, sequence, items: [])
    }

    public func firstGallery() async throws -> Gallery {
        let date = now()
        return try await database.write { db in
            if let row = try db.row(
                sql:
                    """
                    SELECT \(Gallery.selectColumns) FROM \(Gallery.fromClause) WHERE gallery.trashedAt IS NULL
                    ORDER BY gallery.createdAt, gallery.id LIMIT 1
                    """
            ) {
                return Gallery(row: row)
            }
            return try insertGallery(db, name: Gallery.firstGalleryName, date: date)
        }
    }

    public func items(in gallery: GalleryID, from start: ItemPage.Start, limit: Int) async throws -> ItemPage {
        try await database.read { db in
            try Self.window(db, try Self.fetchGallery(db, gallery), from: start, limit: limit)
        }
    }

    public func changes(in gallery: GalleryID, since sequence: Int64, limit: Int) async throws -> ChangeSet {
        try await database.read { db in
            let current = try Self.fetchGallery(db, gallery)
            let items = try db.rows(
                sql: """
                    SELECT \(Item.selectColumns) FROM \(Item.fromClause)
                    WHERE item.galleryId = ? AND item.changeSequence > ? ORDER BY item.changeSequence LIMIT ?
                    """,
                arguments: [gallery.rawValue, sequence, max(0, limit)]
            ).map(Item.init(row:))
            return ChangeSet(gallery: current, items: items)
        }
    }

    public func item(_ id: ItemID) async throws -> Item {
        try await database.read { db in try Self.fetchItem(db, id) }
    }

    public func insertPendingItems(
        _ drafts: [ItemDraft], into gallery: GalleryID, at point: InsertionPoint, onBoard arrival: BoardArrival?,
        recordingFor session: HistorySession?
    ) async throws -> [Item] {
        guard !drafts.isEmpty else { return [] }
        let date = now()
        return try await database.write { db in
            _ = try Self.fetchGallery(db, gallery)
            let sequence = try Self.nextSequence(db, gallery, date: date)
            let allocation = try allocateKeys(db, gallery, point, count: drafts.count, sequence: sequence, date: date)
            let keys = allocation.keys
            var items: [Item] = []
            for (draft, key) in zip(drafts, keys) {
                let id = ItemID.make()
                // A note is ready as it is made; everything else waits for its bytes.
                let isNote = draft.text != nil
                try db.execute(
                    sql: """
                        INSERT INTO item (id, kind, galleryId, orderKey, state, origin, sourceURL, title, text,
                          caption, tags, addedBy, createdAt, updatedAt, changeSequence)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        id.rawValue, (isNote ? ItemKind.note : .image).rawValue, gallery.rawValue, key.rawValue,
                        (isNote ? ItemState.ready : .pending).rawValue, draft.origin.rawValue, draft.sourceURL,
                        draft.title, draft.text, draft.caption, TagsColumn.written(draft.tags), draft.addedBy?.rawValue,
                        date,
                        date, sequence,
                    ])
                items.append(try Self.fetchItem(db, id))
                if !isNote { try lease(db, id, date: date) }
            }
            if arrival != nil {
                try putArrivals(db, items.map { ($0.id, $0, true) }, on: gallery, arrival)
                items = try items.map { item in try Self.fetchItem(db, item.id) }
            }
            try recordEvent(db, gallery, sequence, items: allocation.respaced + items.map(\.id))
            if let session {
                try recordHistory(db, gallery, session, .init(action: .drop, addedItems: items), date: date)
            }
            return items
        }
    }

    public func markReady(_ id: ItemID, image: StoredImage) async throws -> Item? {
        try await settle([.file(id, image)]).first
    }

    public func markLinkReady(_ id: ItemID, page: LinkDetails, preview: StoredImage?) async throws -> Item? {
        try await settle([.link(id, page, preview: preview)]).first
    }

    public func settle(_ settlements: [Settlement]) async throws -> [Item] {
        let date = now()
        return try await database.write { db in
            var log = ChangeLog()
            var settled: [ItemID] = []
            for settlement in settlements {
                let item = try Self.fetchItem(db, settlement.itemID)
                guard item.state == .pending else { continue }
                let sequence = try log.sequence(db, item.galleryID, date: date)
                switch settlement {
                case .file(let id, let image):
                    // Asked inside the transaction: emptying a trash removes files inside its own, so either this
                    // item uses the image before the trash is emptied (and the file stays), or the file is gone.
                    guard blobExists(image.hash) else {
                        try Self.setFailed(db, id, reason: .internalError, sequence: sequence, date: date)
                        break
                    }
                    try Self.recordBlob(db, image, date: date)
                    // The text read in the same image for another item is this one's too: it is not read again.
                    try db.execute(
                        sql: """
                            UPDATE item SET state = 'ready', kind = ?, blobHash = ?, failure = NULL, updatedAt = ?,
                              changeSequence = ?,
                              imageText = (
                                SELECT other.imageText FROM item AS other
                                WHERE other.blobHash = ? AND other.kind = 'image' AND other.imageText IS NOT NULL
                                LIMIT 1)
                            WHERE id = ?
                            """,
                        arguments: [image.kind.rawValue, image.hash, date, sequence, image.hash, id.rawValue])
                case .link(let id, let page, let preview, let siteIcon):
                    // As for an image: the preview's and the icon's files must still be there; without them, none.
                    var previewHash: String?
                    if let preview, blobExists(preview.hash) {
                        try Self.recordBlob(db, preview, date: date)
                        previewHash = preview.hash
                    }
                    var siteIconHash: String?
                    if let siteIcon, blobExists(siteIcon.hash) {
                        try Self.recordBlob(db, siteIcon, date: date)
                        siteIconHash = siteIcon.hash
                    }
                    try db.execute(
                        sql: """
                            UPDATE item SET state = 'ready', kind = 'link', title = ?, pageDescription = ?,
                              siteName = ?, pageText = ?, blobHash = ?, siteIconHash = ?, failure = NULL,
                              updatedAt = ?, changeSequence = ?
                            WHERE id = ?
                            """,
                        arguments: [
                            page.title, page.description, page.siteName, page.pageText, previewHash, siteIconHash,
                            date, sequence, id.rawValue,
                        ])
                }
                try Self.reshapeOnBoard(db, item)
                log.touch(item.galleryID, [item.id])
                settled.append(item.id)
            }
            try log.commit(db, in: self)
            return try settled.map { try Self.fetchItem(db, $0) }
        }
    }

    /// Records a stored file's facts (once per hash; later thumbnails and a later poster are added to them).
    static func recordBlob(_ db: any SQLSession, _ image: StoredImage, date: Date) throws {
        try db.execute(
            sql: """
                INSERT INTO blob (hash, mimeType, byteCount, width, height, createdAt, thumbnailWidths,
                  durationSeconds, hasPoster, videoCodec, videoCopy, playableSeconds, photoDetails,
                  \(PerceptualHashColumns.names))
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(hash) DO UPDATE SET
                  thumbnailWidths = coalesce(excluded.thumbnailWidths, blob.thumbnailWidths),
                  hasPoster = CASE WHEN excluded.hasPoster = 1 THEN 1 ELSE blob.hasPoster END,
                  \(VideoPlaybackColumns.keptOnConflict),
                  \(PhotoDetailsColumns.keptOnConflict),
                  \(PerceptualHashColumns.keptOnConflict)
                """,
            arguments: [
                image.hash, image.mimeType, image.byteCount, image.width, image.height, date,
                ThumbnailWidths.written(image.thumbnailWidths), image.durationSeconds, image.hasPoster,
            ] + VideoPlaybackColumns.written(image.videoPlayback) + [PhotoDetailsColumns.written(image.photo)]
                + PerceptualHashColumns.written(image.perceptualHash))
    }

    public func markFailed(_ id: ItemID, reason: FailureReason) async throws -> Item? {
        let date = now()
        return try await database.write { db in
            let item = try Self.fetchItem(db, id)
            guard item.state == .pending else { return nil }
            try setFailed(db, item, reason: reason, date: date)
            return try Self.fetchItem(db, id)
        }
    }

    func setFailed(_ db: any SQLSession, _ item: Item, reason: FailureReason, date: Date) throws {
        let sequence = try Self.nextSequence(db, item.galleryID, date: date)
        try Self.setFailed(db, item.id, reason: reason, sequence: sequence, date: date)
        try Self.reshapeOnBoard(db, item)
        try recordEvent(db, item.galleryID, sequence, items: [item.id])
    }

    /// Marks an item failed for `reason`, as change `sequence` of its gallery.
    static func setFailed(_ db: any SQLSession, _ id: ItemID, reason: FailureReason, sequence: Int64, date: Date)
        throws
    {
        let json = String(decoding: try JSONEncoder().encode(reason), as: UTF8.self)
        try db.execute(
            sql: "UPDATE item SET state = 'failed', failure = ?, updatedAt = ?, changeSequence = ? WHERE id = ?",
            arguments: [json, date, sequence, id.rawValue])
    }

    public func markPendingForRetry(_ id: ItemID) async throws -> Item {
        let date = now()
        return try await database.write { db in
            let item = try Self.fetchItem(db, id)
            guard item.trashedAt == nil else { throw GalleryError.conflict("The item is in the trash.") }
            guard item.isRetryable else {
                throw GalleryError.conflict(
                    item.state == .failed
                        ? "This item has no link to load again; drop the file again."
                        : "Only a failed item can be retried.")
            }
            let sequence = try Self.nextSequence(db, item.galleryID, date: date)
            try db.execute(
                sql:
                    "UPDATE item SET state = 'pending', failure = NULL, updatedAt = ?, changeSequence = ? WHERE id = ?",
                arguments: [date, sequence, id.rawValue])
            try lease(db, id, date: date)
            try Self.reshapeOnBoard(db, item)
            try recordEvent(db, item.galleryID, sequence, items: [id])
            return try Self.fetchItem(db, id)
        }
    }

    public func trashItem(_ id: ItemID, recordingFor session: HistorySession?) async throws -> Item {
        let date = now()
        return try await database.write { db in
            let item = try Self.fetchItem(db, id)
            try moveToTrash(db, [item], in: item.galleryID, recordingFor: session, date: date)
            return try Self.fetchItem(db, id)
        }
    }

    public func pendingItems() async throws -> [Item] {
        try await database.read { db in
            try db.rows(
                sql:
                    "SELECT \(Item.selectColumns) FROM \(Item.fromClause) WHERE item.state = 'pending' ORDER BY item.createdAt, item.id"
            ).map(Item.init(row:))
        }
    }
}
