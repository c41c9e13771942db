import Foundation
import GRDB
import GalleryCore
import Testing

@testable import GalleryStoreSQL
@testable import GalleryStoreSQLite

/// Full-text search on each engine (SQLite's FTS5, PostgreSQL's text search): words and prefixes without regard to
/// case or accents, phrases, the index kept in the transaction of every change (notes edited, captions and tags,
/// trash and restore, undo), galleries, kinds and tags, paging, and typed text that looks like query syntax.
@Suite("Searching items")
struct SearchTests {
    private func titles(
        _ store: SQLGalleryStore, _ text: String, in galleries: [GalleryID], kind: ItemKind? = nil, tag: String? = nil
    ) async throws -> [String] {
        let page = try await store.search(
            SearchRequest(query: try SearchQuery(text), galleries: galleries, kind: kind, tag: tag))
        return page.results.map(\.item.title).sorted()
    }

    private func note(_ store: SQLGalleryStore, _ text: String, in gallery: GalleryID) async throws -> Item {
        try #require(try await store.insertPendingItems([ItemDraft(note: text)], into: gallery, at: .end).first)
    }

    @Test func anIndexLeftToBuildIsBuiltInBatchesThatStayBuilt() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery().id
            for word in ["alpha", "beta", "gamma", "delta", "epsilon"] { _ = try await note(store, word, in: gallery) }
            #expect(try await store.searchIndexBacklog() == 0)
            // As a migration leaves it: the items kept, none indexed.
            _ = try await store.database.write { db in
                switch store.database.textSearch {
                case .fts5:
                    try db.execute(sql: "DELETE FROM item_search", arguments: [])
                    try db.execute(sql: "DELETE FROM search_doc", arguments: [])
                case .postgresql: try db.execute(sql: "UPDATE item SET searchText = NULL", arguments: [])
                }
            }
            #expect(try await store.searchIndexBacklog() == 5)
            #expect(try await titles(store, "gamma", in: [gallery]).isEmpty)
            var (cursor, batches) = (ItemID?.none, 0)
            repeat {
                let batch = try await store.indexForSearch(after: cursor, limit: 2)
                #expect(batch.indexed <= 2)
                cursor = batch.next
                batches += 1
                #expect(try await store.searchIndexBacklog() == max(0, 5 - batches * 2))
            } while cursor != nil
            #expect(batches == 3)
            for word in ["alpha", "gamma", "epsilon"] {
                #expect(try await titles(store, word, in: [gallery]) == [word])
            }
            #expect(try await store.indexForSearch(after: nil, limit: 10) == (0, nil))
        }
    }

    @Test func wordsAndPrefixesAreFoundWithoutRegardToCaseOrAccentsAndPhrasesInOrder() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery().id
            _ = try await note(store, "Café au lait\nwith kerning notes", in: gallery)
            _ = try await note(store, "Lait au chocolat", in: gallery)
            _ = try await note(store, "nothing here", in: gallery)
            #expect(try await titles(store, "cafe", in: [gallery]) == ["Café au lait"])
            #expect(try await titles(store, "CAFÉ", in: [gallery]) == ["Café au lait"])
            #expect(try await titles(store, "kern", in: [gallery]) == ["Café au lait"], "a prefix")
            #expect(try await titles(store, "lait", in: [gallery]) == ["Café au lait", "Lait au chocolat"])
            #expect(try await titles(store, "\"au lait\"", in: [gallery]) == ["Café au lait"])
            #expect(try await titles(store, "\"lait au\"", in: [gallery]) == ["Lait au chocolat"])
            #expect(try await titles(store, "lait chocolat", in: [gallery]) == ["Lait au chocolat"], "every word")
            #expect(try await titles(store, "absent", in: [gallery]).isEmpty)
        }
    }

    @Test func aWordOfOneLetterIsAWordNotThePrefixOfEveryWordItStarts() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery().id
            _ = try await note(store, "Plan b for kerning", in: gallery)
            _ = try await note(store, "Banana bread and kerning", in: gallery)
            #expect(try await titles(store, "b", in: [gallery]) == ["Plan b for kerning"])
            #expect(try await titles(store, "kerning b", in: [gallery]) == ["Plan b for kerning"])
            #expect(
                try await titles(store, "ba", in: [gallery]) == ["Banana bread and kerning"], "two letters: a prefix")
        }
    }

    @Test func theIndexFollowsEveryChangeInItsTransaction() async throws {
        try await withStore(clock: TickingClock()) { store, _ in
            let gallery = try await store.firstGallery().id
            let written = try await note(store, "first draft", in: gallery)
            _ = try await store.editNote(written.id, text: "second thoughts", recordingFor: nil)
            #expect(try await titles(store, "draft", in: [gallery]).isEmpty)
            #expect(try await titles(store, "thoughts", in: [gallery]) == ["second thoughts"])

            _ = try await store.describeItems(
                [written.id], in: gallery, .init(caption: "Harbour at dawn", addedTags: ["Red wine"]),
                recordingFor: sessionOne)
            #expect(try await titles(store, "harbour", in: [gallery]) == ["second thoughts"])
            #expect(try await titles(store, "wine", in: [gallery]) == ["second thoughts"])
            #expect(try await titles(store, "", in: [gallery], tag: "red wine") == ["second thoughts"])
            _ = try await store.step(.undo, in: gallery, for: sessionOne, mayChange: { _ in true })
            #expect(try await titles(store, "harbour", in: [gallery]).isEmpty, "undone")
            #expect(try await titles(store, "", in: [gallery], tag: "red wine").isEmpty)

            _ = try await store.trashItem(written.id)
            #expect(try await titles(store, "thoughts", in: [gallery]).isEmpty, "trashed")
            _ = try await store.restoreItems([written.id], in: gallery)
            #expect(try await titles(store, "thoughts", in: [gallery]) == ["second thoughts"], "restored")
            _ = try await store.emptyTrash(in: gallery, removingFiles: { _ in })
            _ = try await store.trashItem(written.id)
            _ = try await store.emptyTrash(in: gallery, removingFiles: { _ in })
            #expect(try await titles(store, "thoughts", in: [gallery]).isEmpty, "gone for good")
        }
    }

    @Test func onlyTheGalleriesKindAndTagAskedForAreSearched() async throws {
        try await withStore { store, _ in
            let mine = try await store.firstGallery().id
            let theirs = try await store.createGallery(named: "Theirs").id
            let ownNote = try await note(store, "shared word", in: mine)
            _ = try await note(store, "shared word too", in: theirs)
            var link = ItemDraft(origin: .remote, sourceURL: "https://type.example/kerning", title: "shared word page")
            link.tags = ["Fonts"]
            _ = try await store.insertPendingItems([link], into: mine, at: .end)
            #expect(try await titles(store, "shared", in: [mine]) == ["shared word", "shared word page"])
            #expect(try await titles(store, "shared", in: [mine, theirs]).count == 3)
            #expect(try await titles(store, "shared", in: []).isEmpty)
            #expect(try await titles(store, "shared", in: [mine], kind: .note) == ["shared word"])
            #expect(try await titles(store, "shared", in: [mine], tag: "FONTS") == ["shared word page"])
            #expect(try await titles(store, "kerning", in: [mine]) == ["shared word page"], "its address")
            let page = try await store.search(SearchRequest(query: try SearchQuery("shared"), galleries: [theirs]))
            #expect(page.results.map(\.galleryName) == ["Theirs"])
            // A gallery in the trash is not searched.
            _ = try await store.trashGallery(theirs)
            #expect(try await titles(store, "shared", in: [mine, theirs]).count == 2)
            _ = ownNote
        }
    }

    @Test func aMatchIsFilteredByItsGalleryAndKindAsTheyAreNow() async throws {
        try await withStore { store, _ in
            let mine = try await store.firstGallery().id
            let theirs = try await store.createGallery(named: "Theirs").id
            let moved = try await note(store, "wandering note", in: mine)
            _ = try await store.moveItems([moved.id], to: theirs, at: .end, recordingFor: nil)
            #expect(try await titles(store, "wandering", in: [mine]).isEmpty, "moved away")
            #expect(try await titles(store, "wandering", in: [theirs]) == ["wandering note"])
            _ = try await store.moveItems([moved.id], to: mine, at: .start, recordingFor: nil)
            #expect(try await titles(store, "wandering", in: [theirs]).isEmpty, "moved back")
            #expect(try await titles(store, "wandering", in: [mine], kind: .note) == ["wandering note"])
            // A dropped address is searched by it while it loads, and by the kind it loaded as once it has.
            let draft = ItemDraft(origin: .remote, sourceURL: "https://type.example/ligatures", title: "ligatures")
            let pending = try #require(try await store.insertPendingItems([draft], into: mine, at: .end).first)
            #expect(try await titles(store, "ligatures", in: [mine], kind: .link).isEmpty)
            _ = try await store.markLinkReady(
                pending.id, page: LinkDetails(title: "On ligatures", description: nil, siteName: nil), preview: nil)
            #expect(try await titles(store, "ligatures", in: [mine], kind: .link) == ["On ligatures"])
            #expect(try await titles(store, "ligatures", in: [mine], kind: .image).isEmpty)
        }
    }

    @Test func resultsComeAPageAtATimeWithTheirCount() async throws {
        try await withStore(clock: TickingClock()) { store, _ in
            let gallery = try await store.firstGallery().id
            for index in 0..<5 { _ = try await note(store, "paged \(index)", in: gallery) }
            var seen: [String] = []
            var offset = 0
            var pages = 0
            while true {
                let page = try await store.search(
                    SearchRequest(query: try SearchQuery("paged"), galleries: [gallery], offset: offset, limit: 2))
                #expect(page.count == 5 && !page.countIsAtLeast)
                seen += page.results.map(\.item.title)
                pages += 1
                guard let next = page.nextOffset else { break }
                offset = next
            }
            #expect(pages == 3)
            // Equally good matches: the newest first.
            #expect(seen == (0..<5).reversed().map { "paged \($0)" })
        }
    }

    /// A word in more items than a search's pages reach: SQLite ranks only the newest matches it can show (a best
    /// match older than them comes after), so that a page costs the same in a gallery of any size; PostgreSQL ranks
    /// them all. Either way the page is full and the count says "more".
    @Test func aWordInMoreItemsThanPagesReachRanksTheNewestAndIsNoPrefixOnSQLite() async throws {
        try await withStore(clock: TickingClock()) { store, database in
            let gallery = try await store.firstGallery().id
            let oldest = try await note(store, "common common common common common", in: gallery)
            let filler = (0..<SQLGalleryStore.rankedMatches).map { ItemDraft(note: "common filler \($0)") }
            _ = try await store.insertPendingItems(filler, into: gallery, at: .end)
            let newest = try await note(store, "common common common", in: gallery)
            let longer = try await note(store, "commonplace", in: gallery)
            let found = { (text: String) in
                try await store.search(SearchRequest(query: try SearchQuery(text), galleries: [gallery], limit: 200))
                    .results.map(\.item.id)
            }
            // A word in that many items is searched as typed on SQLite (not as the prefix of longer words too); a
            // rarer word still is a prefix.
            #expect(try await found("common").contains(longer.id) == (database.textSearch == .postgresql))
            #expect(try await found("commonp") == [longer.id])
            #expect(try await found("fill 777").count == 1)
            // On SQLite the pages end with the matches ranked.
            let deep = try await store.search(
                SearchRequest(
                    query: try SearchQuery("common"), galleries: [gallery],
                    offset: SQLGalleryStore.rankedMatches - 10, limit: 50))
            if database.textSearch == .fts5 { #expect(deep.results.count == 10 && deep.nextOffset == nil) }
            let page = try await store.search(
                SearchRequest(query: try SearchQuery("common"), galleries: [gallery], limit: 3))
            #expect(page.results.count == 3 && page.countIsAtLeast && page.nextOffset == 3)
            let first = page.results.map(\.item.id)
            if database.textSearch == .fts5 {
                #expect(first.first == newest.id && !first.contains(oldest.id))
            } else {
                #expect(first.prefix(2) == [oldest.id, newest.id])
            }
        }
    }

    /// Text that looks like the engines' query syntax.
    static let syntaxLikeTexts = [
        "\"", "*", "NEAR(", "title:", "-", "(", "AND OR NOT", "\"unclosed", "a\u{0}b", "'", "\\", "caf* OR x",
        "^start", "{tags}: x", "\"\"", "&|!<->", ":*",
    ]

    @Test func textThatLooksLikeQuerySyntaxIsReadAsWords() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery().id
            _ = try await note(store, "AND OR NOT near title start tags", in: gallery)
            for text in Self.syntaxLikeTexts {
                let found = try await titles(store, text, in: [gallery])
                #expect(found.isEmpty || !SearchQuery.words(in: text).isEmpty, "\(text): \(found)")
            }
            // Its words are found as words: "near" and "start" as prefixes, whatever is around them.
            #expect(try await titles(store, "NEAR( ^start", in: [gallery]) == ["AND OR NOT near title start tags"])
        }
    }
}

@Suite("The search index of a database made before it")
struct SearchIndexMigrationTests {
    @Test func theItemsAlreadyKeptAreFoundAndKeptInStepAfterwards() async throws {
        try await withTemporaryFolder { folder in
            let path = databasePath(in: folder)
            try await makeOlderDatabaseOfNotes(
                at: path, upTo: "v18: who added each item",
                [("Crème brûlée", "Crème brûlée", "Dessert"), ("Kerning", "Kerning", "")])
            let store = SQLGalleryStore(database: try AppDatabase.open(atPath: path))
            let gallery = GalleryID(trusted: "00000000-0000-4000-8000-000000000001")
            let found = { (text: String) in
                try await store.search(SearchRequest(query: try SearchQuery(text), galleries: [gallery])).results
                    .map(\.item.title)
            }
            // The migration leaves the index of the items kept to a build in batches; an item changed meanwhile is
            // indexed by it as it is then.
            #expect(try await store.searchIndexBacklog() == 2)
            #expect(try await found("dessert").isEmpty)
            _ = try await store.editNote(
                ItemID(trusted: "00000000-0000-4000-8000-00000000000b"), text: "Tracking", recordingFor: nil)
            let first = try await store.indexForSearch(after: nil, limit: 1)
            #expect(first.indexed == 1 && first.next == ItemID(trusted: "00000000-0000-4000-8000-00000000000a"))
            #expect(try await found("dessert") == ["Crème brûlée"])
            // Stopped there, a start goes on with what is left.
            let reopened = SQLGalleryStore(database: try AppDatabase.open(atPath: path))
            #expect(try await reopened.searchIndexBacklog() == 1)
            let rest = try await reopened.indexForSearch(after: nil, limit: 10)
            #expect(rest.indexed == 1 && rest.next == nil)
            #expect(try await reopened.searchIndexBacklog() == 0)
            #expect(try sizesNotAsFTS5Keeps(path) == 0)
            #expect(try await found("creme brulee") == ["Crème brûlée"])
            #expect(try await found("kerning").isEmpty)
            #expect(try await found("tracking") == ["Tracking"])
            _ = try await store.editNote(
                ItemID(trusted: "00000000-0000-4000-8000-00000000000b"), text: "Leading", recordingFor: nil)
            #expect(try await found("tracking").isEmpty)
            #expect(try await found("leading") == ["Leading"])
        }
    }

    @Test func theFiltersOfItemsIndexedBeforeTheyWereKeptBesideTheIndexAreFilledIn() async throws {
        try await withTemporaryFolder { folder in
            let path = databasePath(in: folder)
            try await makeOlderDatabase(
                at: path, upTo: "v24: search's filters index",
                """
                INSERT INTO gallery (id, name, imagesPerRow, sequence, createdAt, updatedAt)
                  VALUES ('00000000-0000-4000-8000-000000000001', 'Old', 4, 0, 0, 0),
                         ('00000000-0000-4000-8000-000000000002', 'Other', 4, 0, 0, 0);
                INSERT INTO item (id, kind, galleryId, orderKey, state, origin, title, text, tags, createdAt, updatedAt,
                  changeSequence, trashedAt)
                VALUES
                  ('00000000-0000-4000-8000-00000000000a', 'note', '00000000-0000-4000-8000-000000000001', 'a0',
                   'ready', 'inline', 'Kerning', 'Kerning', '', 0, 0, 0, NULL),
                  ('00000000-0000-4000-8000-00000000000b', 'note', '00000000-0000-4000-8000-000000000002', 'a0',
                   'ready', 'inline', 'Kerning pairs', 'Kerning pairs', '', 0, 0, 0, NULL),
                  ('00000000-0000-4000-8000-00000000000c', 'note', '00000000-0000-4000-8000-000000000001', 'a1',
                   'ready', 'inline', 'Kerning trashed', 'Kerning trashed', '', 0, 0, 0, 5);
                """)
            let store = SQLGalleryStore(database: try AppDatabase.open(atPath: path))
            let found = { (galleries: [String], kind: ItemKind?) in
                try await store.search(
                    SearchRequest(
                        query: try SearchQuery("kerning"), galleries: galleries.map(GalleryID.init(trusted:)),
                        kind: kind)
                ).results.map(\.item.title).sorted()
            }
            #expect(try await store.searchIndexBacklog() == 0)
            #expect(try await found(["00000000-0000-4000-8000-000000000001"], nil) == ["Kerning"])
            #expect(try await found(["00000000-0000-4000-8000-000000000002"], .note) == ["Kerning pairs"])
            #expect(try await found(["00000000-0000-4000-8000-000000000002"], .image).isEmpty)
        }
    }

    @Test func eachMatchsLengthIsKeptBesideTheIndexAsFTS5CountsIt() async throws {
        try await withTemporaryFolder { folder in
            let path = databasePath(in: folder)
            try await makeOlderDatabaseOfNotes(
                at: path, upTo: "v25: search's filters beside the index",
                [("Kerning", "Kerning and tracking, and the space between words", "Type"), ("Kerning", "Kerning", "")])
            let store = SQLGalleryStore(database: try AppDatabase.open(atPath: path))
            let gallery = GalleryID(trusted: "00000000-0000-4000-8000-000000000001")
            // Copied by the migration, by the triggers as an item is added and as its text changes.
            #expect(try sizesNotAsFTS5Keeps(path) == 0)
            let added = try #require(
                try await store.insertPendingItems(
                    [ItemDraft(note: "Kerning pairs, a long note")], into: gallery, at: .end
                )
                .first)
            _ = try await store.editNote(
                ItemID(trusted: "00000000-0000-4000-8000-00000000000b"), text: "Kerning, now with many more words",
                recordingFor: nil)
            _ = try await store.editNote(added.id, text: "Kerning", recordingFor: nil)
            #expect(try sizesNotAsFTS5Keeps(path) == 0)
            // The shortest holding the word ranks first: the lengths the rank reads are the ones now.
            let found = try await store.search(SearchRequest(query: try SearchQuery("kerning"), galleries: [gallery]))
            #expect(found.results.first?.item.id == added.id)
        }
    }

    /// Makes at `path` a database as migration `migration` left it, with gallery "Old" (id …001) holding a note of
    /// each (title, text, tags) of `notes`, their ids …00a, …00b and on.
    private func makeOlderDatabaseOfNotes(
        at path: String, upTo migration: String, _ notes: [(title: String, text: String, tags: String)]
    ) async throws {
        let quoted = { (text: String) in "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }
        let rows = notes.enumerated().map { index, note in
            let id = "00000000-0000-4000-8000-00000000000" + String(10 + index, radix: 16)
            return "('\(id)', 'note', '00000000-0000-4000-8000-000000000001', 'a\(index)', 'ready', 'inline', "
                + "\(quoted(note.title)), \(quoted(note.text)), \(quoted(note.tags)), 0, 0, 0)"
        }
        try await makeOlderDatabase(
            at: path, upTo: migration,
            """
            INSERT INTO gallery (id, name, imagesPerRow, sequence, createdAt, updatedAt)
              VALUES ('00000000-0000-4000-8000-000000000001', 'Old', 4, 0, 0, 0);
            INSERT INTO item (id, kind, galleryId, orderKey, state, origin, title, text, tags, createdAt, updatedAt,
              changeSequence)
            VALUES \(rows.joined(separator: ", "));
            """)
    }

    /// The rows of `search_doc` whose sizes are not those of their entry of FTS5's docsize table (none kept is one).
    private func sizesNotAsFTS5Keeps(_ path: String) throws -> Int {
        try DatabaseQueue(path: path).read { db in
            try #require(try Int.fetchOne(db, sql: "SELECT count(*) FROM item_search_docsize") ?? 0 > 0)
            return try Int.fetchOne(
                db,
                sql: """
                    SELECT count(*) FROM search_doc LEFT JOIN item_search_docsize ON item_search_docsize.id = docid
                    WHERE search_doc.sizes IS NOT item_search_docsize.sz
                    """) ?? -1
        }
    }
}
