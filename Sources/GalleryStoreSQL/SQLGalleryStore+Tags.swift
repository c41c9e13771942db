import Foundation
import GalleryCore

// The tags in use: counted on the items tagged most recently (the index of tagged items, newest change first).
extension SQLGalleryStore {
    public func usedTags(in galleries: [GalleryID], sample: Int, limit: Int) async throws -> [TagUse] {
        guard !galleries.isEmpty else { return [] }
        let places = Array(repeating: "?", count: galleries.count).joined(separator: ", ")
        let lists = try await database.read { db in
            try db.rows(
                sql: """
                    SELECT item.tags AS tags FROM item JOIN gallery ON gallery.id = item.galleryId
                    WHERE item.tags <> '' AND item.trashedAt IS NULL AND gallery.trashedAt IS NULL
                      AND item.galleryId IN (\(places))
                    ORDER BY item.updatedAt DESC LIMIT ?
                    """,
                arguments: SQLArguments(galleries.map { $0.rawValue.sqlValue } + [max(1, min(sample, 20_000)).sqlValue])
            ).map { TagsColumn.read($0["tags"] as String) }
        }
        return TagUse.tally(lists, limit: limit)
    }
}
