import Foundation
import GalleryCore
import Testing

@testable import GalleryStoreSQL
@testable import GalleryStoreSQLite

/// SQLite's search reads its ranked matches once (their ids, filtered and in order) and takes the count and the page
/// from that one pass: its pages and counts are those of the plain definition (every match that passes the filters,
/// the newest ``SQLGalleryStore/rankedMatches`` of them, ranked and sorted), and an older gallery's matches are found
/// however many newer ones other galleries hold.
@Suite("Searching items: pages and counts of the ranked matches")
struct SearchPagingTests {
    /// The ids of the plain definition's answer, in order: every match that passes the filters, the newest ranked.
    private func plainAnswer(
        _ store: SQLGalleryStore, _ database: any SQLDatabase, _ request: SearchRequest
    ) async throws -> [String] {
        try await database.read { db in
            let common = try SQLGalleryStore.commonWords(db, request.query)
            let match = TextSearch.fts5.match(request.query, tag: request.tag, wholeWords: common)
            var sql = """
                WITH passing AS (
                  SELECT item_search.rowid AS docid, search_doc.itemId AS itemId,
                    bm25(item_search, 10.0, 5.0, 5.0, 1.0) AS rank
                  FROM item_search JOIN search_doc ON search_doc.docid = item_search.rowid
                    JOIN item ON item.id = search_doc.itemId JOIN gallery ON gallery.id = item.galleryId
                  WHERE item_search MATCH ? AND item.trashedAt IS NULL AND gallery.trashedAt IS NULL
                  AND item.galleryId IN (\(Array(repeating: "?", count: request.galleries.count).joined(separator: ", ")))
                """
            var arguments: [SQLValue] = [match.sqlValue] + request.galleries.map(\.rawValue.sqlValue)
            if let kind = request.kind {
                sql += " AND item.kind = ?"
                arguments.append(kind.rawValue.sqlValue)
            }
            sql += """
                ), newest AS (SELECT * FROM passing ORDER BY docid DESC LIMIT \(SQLGalleryStore.rankedMatches))
                SELECT item.id FROM newest JOIN item ON item.id = newest.itemId
                ORDER BY newest.rank, item.createdAt DESC, item.id
                """
            return try db.values(String.self, sql: sql, arguments: SQLArguments(arguments))
        }
    }

    @Test func pagesAndCountsAreThoseOfThePlainQueryOverManyMatches() async throws {
        try await withStore(clock: TickingClock()) { store, database in
            guard database.textSearch == .fts5 else { return }
            let mine = try await store.firstGallery().id
            let theirs = try await store.createGallery(named: "Theirs").id
            // Matches that rank differently (how often the word, how long the note) and equally (the same text, added
            // at once: the newest, then the id, decides), more than are ranked, in two galleries and of two kinds.
            let notes = (0..<2_000).map { index in
                ItemDraft(
                    note: Array(repeating: "match", count: index % 4 + 1).joined(separator: " ")
                        + " filler words \(index % 7) "
                        + Array(repeating: "padding", count: index % 3).joined(separator: " "))
            }
            _ = try await store.insertPendingItems(Array(notes.prefix(1_200)), into: mine, at: .end)
            let links = (0..<300).map { index in
                ItemDraft(origin: .remote, sourceURL: "https://example.com/\(index)", title: "match link \(index % 5)")
            }
            _ = try await store.insertPendingItems(links, into: mine, at: .end)
            let theirItems = try await store.insertPendingItems(Array(notes.suffix(800)), into: theirs, at: .end)
            let trashed = try await store.insertPendingItems(Array(notes.prefix(120)), into: mine, at: .end)
            _ = try await store.trashItems(trashed.map(\.id), in: mine, recordingFor: nil)
            _ = theirItems
            // A gallery of a few items in a large index: searched from its items (SQLGalleryStore.matchOrder).
            let few = try await store.createGallery(named: "Few").id
            let fewItems = try await store.insertPendingItems(
                Array(notes.prefix(12)) + [ItemDraft(note: "nothing here")], into: few, at: .end)
            _ = try await store.trashItems([fewItems[3].id], in: few, recordingFor: nil)
            // A newer gallery none of these searches reaches, with more matches than are ranked: they must not hide
            // the older galleries' matches.
            let newer = try await store.createGallery(named: "Newer").id
            let many = (0..<(SQLGalleryStore.rankedMatches + 100)).map { ItemDraft(note: "match newer \($0)") }
            _ = try await store.insertPendingItems(many, into: newer, at: .end)
            var requests: [SearchRequest] = []
            for text in ["match", "match filler", "\"match filler\"", "mat", "padding", "link"] {
                for (kind, offset, limit) in [(nil, 0, 50), (nil, 950, 200), (nil, 1_990, 50), (ItemKind.link, 0, 200)]
                {
                    requests.append(
                        SearchRequest(
                            query: try SearchQuery(text), galleries: [mine, theirs], kind: kind, offset: offset,
                            limit: limit))
                }
                requests.append(SearchRequest(query: try SearchQuery(text), galleries: [theirs], limit: 200))
                requests.append(SearchRequest(query: try SearchQuery(text), galleries: [few], limit: 5))
                requests.append(SearchRequest(query: try SearchQuery(text), galleries: [few], offset: 5, limit: 5))
            }
            for request in requests {
                let plain = try await plainAnswer(store, database, request)
                let page = try await store.search(request)
                let described = "\(request.query) \(String(describing: request.kind)) at \(request.offset)"
                #expect(
                    page.results.map(\.item.id.rawValue)
                        == Array(plain.dropFirst(request.offset).prefix(request.limit)),
                    "\(described)")
                #expect(page.count == min(plain.count, SearchRequest.countLimit), "\(described)")
                #expect(page.countIsAtLeast == (plain.count > SearchRequest.countLimit), "\(described)")
                #expect(
                    page.nextOffset
                        == (plain.count > request.offset + request.limit ? request.offset + request.limit : nil),
                    "\(described)")
            }
            let older = try await store.search(
                SearchRequest(query: try SearchQuery("match"), galleries: [theirs], limit: 50))
            #expect(older.count == 800 && older.results.count == 50)
            let fewFound = try await store.search(
                SearchRequest(query: try SearchQuery("match"), galleries: [few], limit: 50))
            #expect(fewFound.count == 11 && !fewFound.results.map(\.item.id).contains(fewItems[3].id))
            // The matches ranked are the newest ones: more than are ranked in all, and none of the trashed.
            let all = try await plainAnswer(
                store, database, SearchRequest(query: try SearchQuery("match"), galleries: [mine, theirs]))
            #expect(all.count > SearchRequest.countLimit && all.count <= SQLGalleryStore.rankedMatches)
            #expect(Set(all).isDisjoint(with: trashed.map(\.id.rawValue)))
        }
    }
}
