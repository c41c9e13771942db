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
        // What a match must also be: live, in a live gallery the search reaches, of the kind and dates asked for.
        var arguments: [SQLValue] = []
        let filters = SearchFilters(request)
        if search == .fts5 {
            return try await rankedSearch(request, match: match, filters: filters, offset: offset, limit: limit)
        }
        var conditions = filters.conditions("item")
        conditions += [
            "gallery.trashedAt IS NULL",
            "item.galleryId IN (\(SQLArguments.placeholders(request.galleries.count)))",
        ]
        let order = "found.rank, item.createdAt DESC, item.id"
        // PostgreSQL: every match, ranked.
        let found: String
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
        arguments += filters.arguments + request.galleries.map { $0.rawValue.sqlValue }
        // PostgreSQL compares whole tags, without regard to case (FTS5 matches the tag in its tags column).
        if let tag = request.tag {
            conditions.append("position(lower(?) IN (? || lower(item.tags) || ?)) > 0")
            arguments += ["\n\(tag)\n".sqlValue, "\n".sqlValue, "\n".sqlValue]
        }
        let matched = """
            WITH found AS (\(found))
            SELECT %@ FROM found CROSS JOIN \(Item.fromClause) JOIN gallery ON gallery.id = item.galleryId
            WHERE item.id = found.itemId AND \(conditions.joined(separator: " AND "))
            """
        let resultsSQL =
            matched.replacingOccurrences(
                of: "%@", with: "\(Item.selectColumns), gallery.name AS searchGalleryName")
            + " ORDER BY \(order) LIMIT ? OFFSET ?"
        let countSQL =
            "SELECT count(*) FROM ("
            + matched.replacingOccurrences(of: "%@", with: "1")
            + " LIMIT \(SearchRequest.countLimit + 1)) AS counted"
        let matchArguments = arguments
        return try await database.read { db in
            // One more than a page is read, to know whether another follows.
            let pageArguments = SQLArguments(matchArguments + [(limit + 1).sqlValue, offset.sqlValue])
            let rows = try db.rows(sql: resultsSQL, arguments: pageArguments)
            let results = try rows.prefix(limit).map { row in
                SearchResult(item: try Item(row: row), galleryName: row["searchGalleryName"] as String)
            }
            let counted = try db.value(Int.self, sql: countSQL, arguments: SQLArguments(matchArguments)) ?? 0
            return Self.page(results, counted: counted, read: rows.count, offset: offset, limit: limit)
        }
    }

    /// A search on SQLite. Only the newest ``rankedMatches`` matches that pass the `filters` are ranked, in one walk of
    /// the index from its newest row, each row looked up as it is passed in `search_doc`, which keeps what a match is
    /// filtered by beside its number, in the index's order: a word in most of a million items would otherwise
    /// be ranked a million times per page. Filtered as they are walked, not after: the newest matches of galleries the
    /// search does not reach would hide those of an older gallery. When the galleries searched hold few items of a
    /// large index, their items are looked up in it instead (``matchOrder(indexRows:fewestHits:galleryItems:)``).
    /// Ranked by `gallery_rank` (CSearchRank, registered on every connection): bm25, but a phrase's documents past the
    /// first few thousand are estimated, not counted, once per search. That one pass reads their ids, which give both
    /// the count and the page; only the page's items are then read.
    private func rankedSearch(
        _ request: SearchRequest, match: String, filters: SearchFilters, offset: Int, limit: Int
    ) async throws -> SearchPage {
        let search = database.textSearch
        return try await database.read { db in
            // The galleries are checked once, not with each match.
            let galleries = try db.rows(
                sql: """
                    SELECT id, itemCount FROM gallery WHERE trashedAt IS NULL
                    AND id IN (\(SQLArguments.placeholders(request.galleries.count)))
                    """,
                arguments: SQLArguments(request.galleries.map(\.rawValue.sqlValue)))
            let common = try Self.commonWords(db, request.query)
            let walked = common.isEmpty ? match : search.match(request.query, tag: request.tag, wholeWords: common)
            // How common each phrase is, found once (gallery_rank_idf: the index's rows, the fewest documents a phrase
            // is in, each phrase's frequency), or nothing matches.
            guard !galleries.isEmpty,
                let frequencies = try db.value(
                    String.self,
                    sql: """
                        SELECT gallery_rank_idf(item_search, (SELECT min(docid) FROM search_doc),
                          (SELECT max(docid) FROM search_doc)) FROM item_search WHERE item_search MATCH ? LIMIT 1
                        """, arguments: [walked])
            else { return SearchPage(results: [], count: 0, countIsAtLeast: false, nextOffset: nil) }
            let counts = frequencies.split(separator: " ").prefix(2).compactMap { Int($0) }
            let items = galleries.reduce(0) { $0 + ($1["itemCount"] as Int) }
            let order = Self.matchOrder(
                indexRows: counts.first ?? 0, fewestHits: counts.last ?? 0, galleryItems: items)
            // The newest first: from the index, its own order (rowid), which FTS5 walks without sorting, each match
            // filtered by its row of `search_doc`; or from the galleries' items, filtered by their own rows.
            let (walk, newest, filtered) =
                order == .fromTheIndex
                ? (
                    "item_search CROSS JOIN search_doc ON search_doc.docid = item_search.rowid", "item_search.rowid",
                    "search_doc"
                )
                : (
                    "item CROSS JOIN search_doc ON search_doc.itemId = item.id"
                        + " CROSS JOIN item_search ON item_search.rowid = search_doc.docid", "search_doc.docid", "item"
                )
            let matchedIDs = """
                SELECT found.itemId FROM (
                  SELECT search_doc.itemId AS itemId, gallery_rank(item_search, ?, search_doc.sizes, 10.0, 5.0, 5.0, 1.0) AS rank,
                    \(filtered).createdAt AS createdAt
                  FROM \(walk)
                  WHERE item_search MATCH ? AND \(filters.conditions(filtered).joined(separator: " AND "))
                    AND \(filtered).galleryId IN (\(SQLArguments.placeholders(galleries.count)))
                  ORDER BY \(newest) DESC LIMIT \(Self.rankedMatches)
                ) AS found ORDER BY found.rank, found.createdAt DESC, found.itemId
                """
            let arguments =
                [frequencies.sqlValue, walked.sqlValue] + filters.arguments
                + galleries.map { ($0["id"] as String).sqlValue }
            let ids = try db.values(String.self, sql: matchedIDs, arguments: SQLArguments(arguments))
            // One more than a page is read, to know whether another follows.
            let pageIDs = Array(ids.dropFirst(offset).prefix(limit + 1))
            guard !pageIDs.isEmpty else {
                return Self.page([], counted: ids.count, read: 0, offset: offset, limit: limit)
            }
            let rows = try db.rows(
                sql: """
                    SELECT \(Item.selectColumns), gallery.name AS searchGalleryName
                    FROM \(Item.fromClause) JOIN gallery ON gallery.id = item.galleryId
                    WHERE item.id IN (\(SQLArguments.placeholders(pageIDs.count)))
                    """,
                arguments: SQLArguments(pageIDs.map(\.sqlValue)))
            var found: [String: SearchResult] = [:]
            for row in rows {
                let result = SearchResult(item: try Item(row: row), galleryName: row["searchGalleryName"] as String)
                found[result.item.id.rawValue] = result
            }
            let results = pageIDs.prefix(limit).compactMap { found[$0] }
            return Self.page(results, counted: ids.count, read: pageIDs.count, offset: offset, limit: limit)
        }
    }

    /// What a match must be besides: live, of the kind and added in the dates asked for.
    struct SearchFilters {
        var kind: String?
        var addedFrom: SQLValue?
        var addedBefore: SQLValue?

        /// The filters `request` asks for.
        init(_ request: SearchRequest) {
            kind = request.kind?.rawValue
            addedFrom = request.addedFrom?.sqlValue
            addedBefore = request.addedBefore?.sqlValue
        }

        /// The conditions on a row of `table` (the item, or its `search_doc`: both have these columns).
        func conditions(_ table: String) -> [String] {
            ["\(table).trashedAt IS NULL"] + (kind == nil ? [] : ["\(table).kind = ?"])
                + (addedFrom == nil ? [] : ["\(table).createdAt >= ?"])
                + (addedBefore == nil ? [] : ["\(table).createdAt < ?"])
        }

        /// The conditions' arguments, in their order.
        var arguments: [SQLValue] { [kind?.sqlValue, addedFrom, addedBefore].compactMap { $0 } }
    }

    /// Where a search on SQLite starts.
    enum MatchOrder: Equatable {
        /// The index's matches, newest first, each looked up to see whether it passes: about `indexRows ÷
        /// galleryItems` matches are passed for each one in the galleries searched.
        case fromTheIndex
        /// The galleries' items, each looked up in the index: about 20 times a match passed, each.
        case fromTheItems
    }

    /// Where a search starts (measured on a million-item index: about 3 µs a match passed, 35 to 70 µs an item looked
    /// up): whichever passes fewer rows for its cost.
    static func matchOrder(indexRows: Int, fewestHits: Int, galleryItems: Int) -> MatchOrder {
        let passed = min(fewestHits, rankedMatches * indexRows / max(1, galleryItems))
        return 20 * galleryItems < passed ? .fromTheItems : .fromTheIndex
    }

    /// A page of results: `counted` matches in all (more than ``SearchRequest/countLimit`` told as "more than"), and
    /// `read` rows read from `offset` for a page of `limit` (one more than a page when another follows).
    static func page(_ results: [SearchResult], counted: Int, read: Int, offset: Int, limit: Int) -> SearchPage {
        let more = read > limit && offset + limit <= SearchRequest.maximumOffset
        return SearchPage(
            results: results, count: min(counted, SearchRequest.countLimit),
            countIsAtLeast: counted > SearchRequest.countLimit, nextOffset: more ? offset + limit : nil)
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

    /// How many of the newest matches a search ranks, and so the most its pages reach on SQLite: one more than the
    /// count a search tells, so that it can say "more than 1,000". Each ranked match is scored and looked up in
    /// `search_doc`, about 7 µs each over a million items: it is most of a search's time there.
    static let rankedMatches = SearchRequest.countLimit + 1

    /// The row of the index of the ``rankedMatches``-th newest match, or nil when there are fewer matches: one walk of
    /// the index's rows in order, as long as those it passes (``commonWords(_:_:)`` tells a common word by it).
    static func rankedBound(_ db: any SQLSession, _ match: SQLValue) throws -> Int? {
        try db.value(
            Int.self,
            sql: "SELECT rowid FROM item_search WHERE item_search MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ?",
            arguments: SQLArguments([match, (rankedMatches - 1).sqlValue]))
    }
}
