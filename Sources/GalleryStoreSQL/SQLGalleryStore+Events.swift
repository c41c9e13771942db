import Foundation
import GalleryCore

// Every change of a gallery is an event, written in the transaction that makes the change: a view that missed some
// reads them back in order; the newest `eventRetention` events of each gallery are kept.
extension SQLGalleryStore {
    /// Writes the event of change `sequence` of the gallery: the gallery and the touched items as they are now.
    func recordEvent(
        _ db: any SQLSession, _ gallery: GalleryID, _ sequence: Int64, items ids: [ItemID], removed: [ItemID] = [],
        runs: [KeyRun] = []
    ) throws {
        var seen = Set<ItemID>()
        let items = try ids.filter { seen.insert($0).inserted }.map { id in try Self.fetchItem(db, id) }
        let event = GalleryEvent(
            sequence: sequence, gallery: try Self.fetchAnyGallery(db, gallery), items: items, removed: removed,
            runs: runs)
        let payload = String(decoding: try JSONEncoder().encode(event), as: UTF8.self)
        try db.execute(
            sql: "INSERT INTO event (galleryId, sequence, payload) VALUES (?, ?, ?)",
            arguments: [gallery.rawValue, sequence, payload])
        publishAfterCommit(db, gallery)
        if sequence > Int64(eventRetention) {
            try db.execute(
                sql: "DELETE FROM event WHERE galleryId = ? AND sequence <= ?",
                arguments: [gallery.rawValue, sequence - Int64(eventRetention)])
        }
    }

    public func events(in gallery: GalleryID, since sequence: Int64, limit: Int) async throws -> EventFeed {
        let limit = max(1, min(limit, 1000))
        return try await database.read { db in
            let current = try Self.fetchGallery(db, gallery)
            if sequence == current.sequence { return .events([], gallery: current) }
            let oldest = try db.value(
                Int64.self, sql: "SELECT min(sequence) FROM event WHERE galleryId = ?", arguments: [gallery.rawValue])
            guard sequence >= 0, sequence < current.sequence, let oldest, oldest <= sequence + 1 else {
                return .reset(gallery: current)
            }
            let decoder = JSONDecoder()
            let events = try db.values(
                String.self,
                sql: "SELECT payload FROM event WHERE galleryId = ? AND sequence > ? ORDER BY sequence LIMIT ?",
                arguments: [gallery.rawValue, sequence, limit]
            ).map { payload in try decoder.decode(GalleryEvent.self, from: Data(payload.utf8)) }
            return .events(events, gallery: current)
        }
    }

    /// Tells the live views of the gallery (and of the list of galleries) of this change once the transaction commits;
    /// nobody hears of one that is rolled back.
    func publishAfterCommit(_ db: any SQLSession, _ gallery: GalleryID) {
        db.publishAfterCommit(gallery)
    }

    public func changeSignals(in gallery: GalleryID?) -> AsyncStream<Void> {
        database.changes.signals(for: gallery)
    }

    public func changedGalleries() -> ChangedGalleries {
        database.changes.changedGalleries()
    }
}
