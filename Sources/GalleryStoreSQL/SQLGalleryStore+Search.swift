import Foundation
import GalleryCore

// Searching items across galleries with the database's full-text engine (SearchIndex, TextSearch).
extension SQLGalleryStore {
    public func search(_ request: SearchRequest) async throws -> SearchPage {
        let search = database.textSearch
        let match = search.match(request.query, tag: request.tag)
        guard !request.galleries.isEmpty, !match.isEmpty || (search == .postgresql && request.tag != nil) else {
            return SearchPage(results: [], count: 0, countIsAtLeast: false, nextOffset: nil)
        }
        let limit = max(1, min(request.limit, 200))
        let offset = max(0, min(request.offset, SearchRequest.maximumOffset))
        // The items matched, with their rank (lower is better): one pass of the engine's index.
        var arguments: [SQLValue] = []
        let found: String
        let order: String
        switch search {
        case .fts5:
            // Only the newest matches (rows of the index at or after a bound, `rankedBound`) are ranked: a word in
            // most of a million items would otherwise be ranked a million times per page.
            found = """
                SELECT search_doc.itemId AS itemId, bm25(item_search, 10.0, 5.0, 5.0, 1.0) AS rank
                FROM item_search JOIN search_doc ON search_doc.docid = item_search.rowid
                WHERE item_search MATCH ? AND item_search.rowid >= ?
                """
            arguments += [match.sqlValue, SQLValue.integer(0)]
            order = "found.rank, item.createdAt DESC, item.id"
        case .postgresql:
            if match.isEmpty {
                found = "SELECT item.id AS itemId, 0 AS rank FROM item"
            } else {
                found = """
                    SELECT item.id AS itemId, -ts_rank_cd(item.searchText, query) AS rank
                    FROM item, to_tsquery('simple'::regconfig, \(SearchIndex.unaccented("?"))) AS query
                    WHERE item.searchText @@ query
                    """
                arguments.append(match.sqlValue)
            }
            order = "found.rank, item.createdAt DESC, item.id"
        }
        var conditions = [
            "item.id = found.itemId", "item.trashedAt IS NULL", "gallery.trashedAt IS NULL",
            "item.galleryId IN (\(Array(repeating: "?", count: request.galleries.count).joined(separator: ", ")))",
        ]
        arguments += request.galleries.map { $0.rawValue.sqlValue }
        if let kind = request.kind {
            conditions.append("item.kind = ?")
            arguments.append(kind.rawValue.sqlValue)
        }
        if let from = request.addedFrom {
            conditions.append("item.createdAt >= ?")
            arguments.append(from.sqlValue)
        }
        if let before = request.addedBefore {
            conditions.append("item.createdAt < ?")
            arguments.append(before.sqlValue)
        }
        // FTS5 matches the tag in its tags column; PostgreSQL compares whole tags, without regard to case.
        if search == .postgresql, let tag = request.tag {
            conditions.append("position(lower(?) IN (? || lower(item.tags) || ?)) > 0")
            arguments += ["\n\(tag)\n".sqlValue, "\n".sqlValue, "\n".sqlValue]
        }
        let matched = """
            WITH found AS (\(found))
            SELECT %@ FROM found CROSS JOIN \(Item.fromClause) JOIN gallery ON gallery.id = item.galleryId
            WHERE \(conditions.joined(separator: " AND "))
            """
        let resultsSQL =
            matched.replacingOccurrences(
                of: "%@", with: "\(Item.selectColumns), gallery.name AS searchGalleryName")
            + " ORDER BY \(order) LIMIT ? OFFSET ?"
        let countSQL =
            "SELECT count(*) FROM ("
            + matched.replacingOccurrences(of: "%@", with: "1")
            + " LIMIT \(SearchRequest.countLimit + 1)) AS counted"
        let bounded = search == .fts5
        let unbounded = arguments
        return try await database.read { db in
            var arguments = unbounded
            if bounded {
                // The match is the first argument, the bound the second.
                let common = try Self.commonWords(db, request.query)
                if !common.isEmpty {
                    arguments[0] = search.match(request.query, tag: request.tag, wholeWords: common).sqlValue
                }
                if let bound = try Self.rankedBound(db, arguments[0]) { arguments[1] = bound.sqlValue }
            }
            // One more than a page is read, to know whether another follows.
            let pageArguments = SQLArguments(arguments + [(limit + 1).sqlValue, offset.sqlValue])
            let countArguments = SQLArguments(arguments)
            let rows = try db.rows(sql: resultsSQL, arguments: pageArguments)
            let results = try rows.prefix(limit).map { row in
                SearchResult(item: try Item(row: row), galleryName: row["searchGalleryName"] as String)
            }
            let counted = try db.value(Int.self, sql: countSQL, arguments: countArguments) ?? 0
            let more = rows.count > limit && offset + limit <= SearchRequest.maximumOffset
            return SearchPage(
                results: results, count: min(counted, SearchRequest.countLimit),
                countIsAtLeast: counted > SearchRequest.countLimit, nextOffset: more ? offset + limit : nil)
        }
    }

    /// The query's words found as themselves in at least ``rankedMatches`` items: searched as prefixes too, each would
    /// merge the lists of every longer word it begins (a common word begins many) only to add more of the same, at a
    /// cost of seconds over a million items; they are searched as typed. Each is told by one walk of its own list, as
    /// long as ``rankedMatches`` at most.
    static func commonWords(_ db: any SQLSession, _ query: SearchQuery) throws -> Set<String> {
        var common: Set<String> = []
        for case .word(let word) in query.terms where try rankedBound(db, TextSearch.quoted(word).sqlValue) != nil {
            common.insert(word)
        }
        return common
    }

    /// How many of the newest matches a search ranks, and so the most its pages reach on SQLite: twice the count a
    /// search tells ("more than 1,000"). Each ranked match is scored and joined to its item and gallery: ranking 10,000
    /// cost 100 to 300 ms a page over a million items.
    static let rankedMatches = 2 * SearchRequest.countLimit

    /// The row of the index from which matches are ranked (the ``rankedMatches``-th newest match), or nil when there
    /// are no more matches than that: one walk of the index's rows in order, as long as those it passes.
    static func rankedBound(_ db: any SQLSession, _ match: SQLValue) throws -> Int? {
        try db.value(
            Int.self,
            sql: "SELECT rowid FROM item_search WHERE item_search MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ?",
            arguments: SQLArguments([match, (rankedMatches - 1).sqlValue]))
    }
}
