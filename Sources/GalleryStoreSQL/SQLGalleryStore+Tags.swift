import Foundation
import GalleryCore

// The tags in use: counted on the items tagged most recently (the index of tagged items, newest change first).
extension SQLGalleryStore {
    public func usedTags(in galleries: [GalleryID], sample: Int, limit: Int) async throws -> [TagUse] {
        guard !galleries.isEmpty else { return [] }
        let places = SQLArguments.placeholders(galleries.count)
        let sampled = max(1, min(sample, 20_000))
        let lists = try await database.read { db in
            let counts = try db.rows(
                sql:
                    "SELECT coalesce(sum(itemCount), 0) AS total, coalesce(sum(CASE WHEN id IN (\(places)) THEN itemCount"
                    + " END), 0) AS theirs FROM gallery",
                arguments: SQLArguments(galleries.map { $0.rawValue.sqlValue }))
            let total: Int = counts.first?["total"] ?? 0
            let theirs: Int = counts.first?["theirs"] ?? 0
            // From the index of tagged items, newest first, when the galleries hold enough of all items that their
            // sample comes soon (about sample × total ÷ theirs rows passed); otherwise their own items, sorted. The
            // gallery written `|| ''` is kept out of the index's choice.
            let fromTagged = theirs * theirs >= sampled * total
            return try db.rows(
                sql: """
                    SELECT item.tags AS tags FROM item JOIN gallery ON gallery.id = item.galleryId
                    WHERE item.tags <> '' AND item.trashedAt IS NULL AND gallery.trashedAt IS NULL
                      AND \(fromTagged ? "item.galleryId || ''" : "item.galleryId") IN (\(places))
                    ORDER BY item.updatedAt DESC LIMIT ?
                    """,
                arguments: SQLArguments(galleries.map { $0.rawValue.sqlValue } + [sampled.sqlValue])
            ).map { TagsColumn.read($0["tags"] as String) }
        }
        return TagUse.tally(lists, limit: limit)
    }
}
