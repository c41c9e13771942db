import CSearchRank
import Foundation
import GRDB
import Testing

@testable import GalleryStoreSQL
@testable import GalleryStoreSQLite

/// `gallery_rank_idf` and `gallery_rank`, the ranking functions every SQLite connection of the store gets: FTS5's
/// bm25 exactly while a phrase is in fewer documents than are counted, and close to it past that, where the rest of a
/// phrase's documents are estimated from how far through the rowids the counted ones reached.
@Suite("Search ranking: bm25 without counting a common phrase through the whole index")
struct SearchRankTests {
    private func database(_ rows: Int, _ text: (Int) -> String) throws -> DatabaseQueue {
        let queue = try DatabaseQueue(configuration: AppDatabase.makeConfiguration())
        try queue.write { db in
            try db.execute(sql: "CREATE VIRTUAL TABLE words USING fts5(title, body)")
            let insert = try db.makeStatement(sql: "INSERT INTO words (rowid, title, body) VALUES (?, ?, ?)")
            for row in 1...rows {
                try insert.execute(arguments: [row, row % 10 == 0 ? "title \(text(row))" : "plain", text(row)])
            }
        }
        return queue
    }

    /// Each matching row's (gallery_rank, bm25) for `match`, weights 10 and 1, the frequencies found once; gallery_rank
    /// given the row's sizes (`sizes`: SQL of a blob, as search_doc keeps them) and left to look them up must agree.
    private func scores(
        _ queue: DatabaseQueue, _ match: String, sizes: String = "(SELECT sz FROM words_docsize WHERE id = words.rowid)"
    ) throws -> [(ours: Double, bm25: Double)] {
        try queue.read { db in
            let frequencies = try String.fetchOne(
                db,
                sql: """
                    SELECT gallery_rank_idf(words, (SELECT min(rowid) FROM words), (SELECT max(rowid) FROM words))
                    FROM words WHERE words MATCH ? LIMIT 1
                    """, arguments: [match])
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT gallery_rank(words, ?, \(sizes), 10.0, 1.0) AS ours,
                      gallery_rank(words, ?, NULL, 10.0, 1.0) AS looked, bm25(words, 10.0, 1.0) AS theirs
                    FROM words WHERE words MATCH ? ORDER BY rowid
                    """, arguments: [frequencies, frequencies, match])
            for row in rows { #expect((row["ours"] as Double) == (row["looked"] as Double), "\(match)") }
            return rows.map { ($0["ours"], $0["theirs"]) }
        }
    }

    @Test func belowTheCountedHitsItIsBm25() throws {
        let queue = try database(3_000) { row in
            (row % 3 == 0 ? "common " : "") + (row % 40 == 0 ? "rare rare " : "")
                + String(repeating: "pad ", count: row % 5)
        }
        for match in ["common", "common rare", "\"rare rare\"", "common OR rare"] {
            let found = try scores(queue, match)
            #expect(!found.isEmpty)
            for (ours, bm25) in found { #expect(abs(ours - bm25) < 1e-9, "\(match)") }
        }
    }

    @Test func pastTheCountedHitsTheCountIsEstimatedAndTheOrderKept() throws {
        let rows = 4 * Int(GALLERY_RANK_COUNTED_HITS)
        let queue = try database(rows) { row in
            (row % 3 == 0 ? "common " : "") + (row % 97 == 0 ? "rare " : "") + String(repeating: "pad ", count: row % 5)
        }
        // "common" is in a third of the rows, 1.33 times the counted hits, spread evenly: the estimate is near the truth.
        let found = try scores(queue, "common rare")
        #expect(found.count == (1...rows).filter { $0 % 3 == 0 && $0 % 97 == 0 }.count)
        for (ours, bm25) in found { #expect(abs(ours - bm25) / abs(bm25) < 0.01) }
        // One phrase: every score is bm25's times the same factor, so the order is bm25's.
        let alone = try scores(queue, "common")
        let ratios = alone.map { $0.ours / $0.bm25 }
        #expect(ratios.allSatisfy { abs($0 - ratios[0]) < 1e-9 })
    }

    @Test func sizesCutShortOrNotABlobAreLookedUpInstead() throws {
        let queue = try database(200) { row in "common " + String(repeating: "pad ", count: row % 7) }
        // A varint whose last byte is missing; one column of two; a number.
        for sizes in ["X'81'", "X'02'", "3"] {
            for (ours, bm25) in try scores(queue, "common", sizes: sizes) {
                #expect(abs(ours - bm25) < 1e-9, "\(sizes)")
            }
        }
    }

    @Test func frequenciesNotOfTheSearchAreRefused() throws {
        let queue = try database(10) { _ in "one two" }
        #expect(throws: DatabaseError.self) {
            try queue.read { db in
                try Double.fetchOne(
                    db, sql: "SELECT gallery_rank(words, '10 2 5', NULL) FROM words WHERE words MATCH 'one two'")
            }
        }
    }

    @Test func aSmallGalleryInALargeIndexIsSearchedFromItsItems() {
        // A million rows; a word in half of them; a gallery of 1,000 items: the walk would pass 500,000 matches.
        #expect(
            SQLGalleryStore.matchOrder(indexRows: 1_000_000, fewestHits: 500_000, galleryItems: 1_000)
                == .fromTheItems)
        // The same word in a gallery of most of the index: its matches come at once.
        #expect(
            SQLGalleryStore.matchOrder(indexRows: 1_000_000, fewestHits: 500_000, galleryItems: 900_000)
                == .fromTheIndex)
        // A rare word: its few matches are read, whatever the gallery.
        #expect(SQLGalleryStore.matchOrder(indexRows: 1_000_000, fewestHits: 100, galleryItems: 1_000) == .fromTheIndex)
    }
}
