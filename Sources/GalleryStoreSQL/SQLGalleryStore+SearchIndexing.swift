import Foundation
import GalleryCore

// Building the search index for the items kept before it existed (SearchIndex), a batch at a time in the background,
// so that a migration over a million items neither holds the database for minutes nor starts again from nothing
// when the server stops midway: what a batch indexed stays indexed.
extension SQLGalleryStore {
    public func searchIndexBacklog() async throws -> Int {
        try await database.read { db in
            switch database.textSearch {
            case .fts5:
                let items = try db.value(Int.self, sql: "SELECT count(*) FROM item") ?? 0
                let indexed = try db.value(Int.self, sql: "SELECT count(*) FROM search_doc") ?? 0
                return max(0, items - indexed)
            case .postgresql:
                return try db.value(Int.self, sql: "SELECT count(*) FROM item WHERE searchText IS NULL") ?? 0
            }
        }
    }

    public func indexForSearch(after cursor: ItemID?, limit: Int) async throws -> (indexed: Int, next: ItemID?) {
        let limit = max(1, min(limit, 10_000))
        let after = cursor?.rawValue ?? ""
        return try await database.write { db in
            let ids: [String]
            switch database.textSearch {
            case .fts5:
                let lastDoc = try db.value(Int64.self, sql: "SELECT coalesce(max(docid), 0) FROM search_doc") ?? 0
                try db.execute(sql: SearchIndex.sqliteNumberingBatch, arguments: [after, limit])
                try db.execute(sql: SearchIndex.sqliteIndexingBatch, arguments: [lastDoc])
                try db.execute(sql: SearchIndex.sqliteSizingBatch, arguments: [lastDoc])
                ids = try db.values(
                    String.self, sql: "SELECT itemId FROM search_doc WHERE docid > ? ORDER BY itemId",
                    arguments: [lastDoc])
            case .postgresql:
                ids = try db.rows(sql: SearchIndex.postgresIndexingBatch, arguments: [after, limit])
                    .map { $0["id"] as String }.sorted()
            }
            return (ids.count, ids.count < limit ? nil : ids.last.map(ItemID.init(trusted:)))
        }
    }
}
