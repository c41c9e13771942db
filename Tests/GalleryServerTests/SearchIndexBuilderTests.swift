import Foundation
import GalleryCore
import GalleryStoreSQLite
import Logging
import Synchronization
import Testing

@testable import GalleryServer
@testable import GalleryStoreSQL

/// A store whose first batch of search indexing waits until released: the moment a build has begun.
private final class SlowIndexingStore: ForwardingStore, @unchecked Sendable {
    let asked = Gate()
    let release = Gate()

    override func indexForSearch(after cursor: ItemID?, limit: Int) async throws -> (indexed: Int, next: ItemID?) {
        asked.open()
        try await release.wait()
        return try await base.indexForSearch(after: cursor, limit: limit)
    }
}

@Suite("Building the search index of items kept before it")
struct SearchIndexBuilderTests {
    @Test func itSaysHowFarItGotAndTheItemsAreFoundOnceItIsBuilt() async throws {
        let base = SQLGalleryStore(database: try AppDatabase.makeInMemory())
        let gallery = try await base.firstGallery().id
        _ = try await base.insertPendingItems(
            ["kerning", "leading", "tracking"].map { ItemDraft(note: $0) }, into: gallery, at: .end)
        // As a migration leaves a database of items kept before the index: none indexed.
        try await base.database.write { db in
            _ = try db.execute(sql: "DELETE FROM item_search", arguments: [])
            _ = try db.execute(sql: "DELETE FROM search_doc", arguments: [])
        }
        let store = SlowIndexingStore(base: base)
        let builder = SearchIndexBuilder(store: store, logger: Logger(label: "SearchIndexBuilderTests"))
        let found = { try await base.search(SearchRequest(query: try SearchQuery("kerning"), galleries: [gallery])) }
        #expect(builder.progress == nil)

        builder.wake()
        try await store.asked.wait()
        #expect(builder.progress == SearchIndexBuilder.Progress(indexed: 0, total: 3))
        #expect(try await found().results.isEmpty)
        store.release.open()
        await builder.waitUntilIdle()

        #expect(builder.progress == nil)
        #expect(try await base.searchIndexBacklog() == 0)
        #expect(try await found().results.map(\.item.title) == ["kerning"])
    }
}
