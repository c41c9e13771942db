import Foundation
import GalleryCore

// How stored videos play: the ones whose codec is still to be read or whose copy is still to be made, and recording
// what was done, which every item showing the video hears of.
extension SQLGalleryStore {
    public func videosAwaitingPlayback(after hash: String?, limit: Int) async throws -> [Item] {
        try await database.read { db in
            try db.rows(
                sql: """
                    SELECT \(Item.selectColumns) FROM blob JOIN item ON item.blobHash = blob.hash
                    \(SiteIconColumn.join)
                    LEFT JOIN board_position ON board_position.itemId = item.id
                    WHERE blob.videoCopy IN ('\(VideoPlaybackColumns.unread)', 'wanted') AND item.state = 'ready'
                      AND blob.hash > ?
                    ORDER BY blob.hash, item.id LIMIT ?
                    """,
                arguments: [hash ?? "", max(1, min(limit, 1000))]
            ).map(Item.init(row:))
        }
    }

    public func recordVideoPlayback(hash: String, _ playback: VideoPlayback) async throws -> [Item] {
        let date = now()
        return try await database.write { db in
            let changed = try db.execute(
                sql: "UPDATE blob SET videoCodec = ?, videoCopy = ?, playableSeconds = ? WHERE hash = ?",
                arguments: VideoPlaybackColumns.written(playback) + [hash])
            guard changed > 0 else { return [] }
            // Every item showing the video changes: its views are told, in one change of each gallery.
            let showing = try db.rows(
                sql: "SELECT id, galleryId FROM item WHERE blobHash = ? ORDER BY id", arguments: [hash])
            var log = ChangeLog()
            var ids: [ItemID] = []
            for row in showing {
                let id = ItemID(trusted: row["id"])
                let gallery = GalleryID(trusted: row["galleryId"])
                let sequence = try log.sequence(db, gallery, date: date)
                try db.execute(
                    sql: "UPDATE item SET changeSequence = ?, updatedAt = ? WHERE id = ?",
                    arguments: [sequence, date, id.rawValue])
                log.touch(gallery, [id])
                ids.append(id)
            }
            try log.commit(db, in: self)
            return try ids.map { try Self.fetchItem(db, $0) }
        }
    }
}
