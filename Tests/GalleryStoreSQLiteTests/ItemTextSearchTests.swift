import Foundation
import GalleryCore
import Testing

@testable import GalleryStoreSQL
@testable import GalleryStoreSQLite

/// The texts kept for search alone, on each engine: a link's visible page text and the text read in an image are
/// found by their words, the images still to read are listed until their text is recorded, and copies keep both.
@Suite("Searching pages' and images' text")
struct ItemTextSearchTests {
    private func titles(_ store: SQLGalleryStore, _ text: String, in gallery: GalleryID) async throws -> [String] {
        let page = try await store.search(SearchRequest(query: try SearchQuery(text), galleries: [gallery]))
        return page.results.map(\.item.title).sorted()
    }

    @Test func aLinkIsFoundByAWordOfItsPagesVisibleText() async throws {
        try await withStore { store, _ in
            let (gallery, items) = try await store.makeGallery(named: "Links", holding: "AB")
            let page = LinkDetails(
                title: "Type notes", description: nil, siteName: nil, pageText: "On the zeugma of kerning pairs")
            _ = try await store.markLinkReady(try #require(items["A"]).id, page: page, preview: nil)
            _ = try await store.markLinkReady(
                try #require(items["B"]).id, page: LinkDetails(title: "Other", description: nil, siteName: nil),
                preview: nil)
            #expect(try await titles(store, "zeugma", in: gallery) == ["Type notes"])
            #expect(try await titles(store, "kern", in: gallery) == ["Type notes"], "a prefix")
        }
    }

    @Test func anImageIsListedUntilItsTextIsRecordedThenFoundByIt() async throws {
        try await withStore { store, _ in
            let (gallery, items) = try await store.makeGallery(named: "Scans", holding: "ABC")
            let (image, other) = (storedImage(digit: "a"), storedImage(digit: "b"))
            let a = try #require(items["A"]).id
            _ = try await store.markReady(a, image: image)
            _ = try await store.markReady(try #require(items["B"]).id, image: image)
            _ = try await store.markReady(try #require(items["C"]).id, image: other)
            #expect(try await store.imagesAwaitingText(after: nil, limit: 10).map(\.hash) == [image.hash, other.hash])
            #expect(try await store.imagesAwaitingText(after: image.hash, limit: 10).map(\.hash) == [other.hash])
            #expect(try await store.imagesAwaitingText(after: nil, limit: 1).map(\.hash) == [image.hash])
            #expect(try await store.imageText(of: a) == nil, "not read yet")

            try await store.recordImageText(hash: image.hash, "INVOICE kerning 2026")
            try await store.recordImageText(hash: other.hash, "")
            #expect(try await store.imagesAwaitingText(after: nil, limit: 10).isEmpty)
            #expect(try await store.imageText(of: a) == "INVOICE kerning 2026")
            #expect(try await store.imageText(of: try #require(items["C"]).id) == "", "read, and none found")
            #expect(try await titles(store, "invoice", in: gallery) == ["A", "B"], "every item showing the image")
            #expect(try await titles(store, "2026", in: gallery) == ["A", "B"])
        }
    }

    @Test func anItemMadeReadyWithAnImageAlreadyReadTakesItsTextAtOnce() async throws {
        try await withStore { store, _ in
            let (gallery, items) = try await store.makeGallery(named: "Scans", holding: "AB")
            _ = try await store.markReady(try #require(items["A"]).id, image: storedImage())
            try await store.recordImageText(hash: storedImage().hash, "printed receipt")
            let later = try #require(items["B"]).id
            _ = try await store.markReady(later, image: storedImage())
            #expect(try await store.imageText(of: later) == "printed receipt")
            #expect(try await store.imagesAwaitingText(after: nil, limit: 10).isEmpty, "not read again")
            #expect(try await titles(store, "receipt", in: gallery) == ["A", "B"])
        }
    }

    @Test func copiesKeepThePagesAndTheImagesText() async throws {
        try await withStore { store, _ in
            let (gallery, items) = try await store.makeGallery(named: "Originals", holding: "AB")
            let (link, scan) = (try #require(items["A"]).id, try #require(items["B"]).id)
            let page = LinkDetails(title: "Page", description: nil, siteName: nil, pageText: "quixotic prose")
            _ = try await store.markLinkReady(link, page: page, preview: nil)
            _ = try await store.markReady(scan, image: storedImage())
            try await store.recordImageText(hash: storedImage().hash, "printed receipt")
            let copies = try await store.createGallery(named: "Copies").id
            let copied = try await store.copyItems([link, scan], to: copies, at: .end, recordingFor: nil)
            #expect(try await titles(store, "quixotic", in: copies) == ["Page"])
            #expect(try await titles(store, "receipt", in: copies) == ["B"])
            #expect(try await store.imageText(of: copied[1].id) == "printed receipt")

            let duplicate = try await store.duplicateGallery(gallery, named: "Duplicate").gallery.id
            #expect(try await titles(store, "quixotic", in: duplicate) == ["Page"])
            #expect(try await titles(store, "receipt", in: duplicate) == ["B"])
        }
    }
}

@Suite("Pages' and images' text in a database made before them")
struct ItemTextMigrationTests {
    @Test func theItemsAlreadyKeptAreStillFoundAndTheirImagesAwaitReading() async throws {
        try await withTemporaryFolder { folder in
            let path = databasePath(in: folder)
            try await makeOlderDatabase(
                at: path, upTo: "v19: the search index",
                """
                INSERT INTO gallery (id, name, imagesPerRow, sequence, createdAt, updatedAt)
                  VALUES ('00000000-0000-4000-8000-000000000001', 'Old', 4, 0, 0, 0);
                INSERT INTO blob (hash, mimeType, byteCount, width, height, createdAt)
                  VALUES ('\(String(repeating: "a", count: 64))', 'image/png', 10, 600, 200, 0);
                INSERT INTO item (id, kind, galleryId, orderKey, state, origin, title, text, tags, blobHash, createdAt,
                  updatedAt, changeSequence)
                VALUES
                  ('00000000-0000-4000-8000-00000000000a', 'note', '00000000-0000-4000-8000-000000000001', 'a0',
                   'ready', 'inline', 'Crème brûlée', 'Crème brûlée', 'Dessert', NULL, 0, 0, 0),
                  ('00000000-0000-4000-8000-00000000000b', 'image', '00000000-0000-4000-8000-000000000001', 'a1',
                   'ready', 'upload', 'Scan', NULL, '', '\(String(repeating: "a", count: 64))', 0, 0, 0);
                """)
            let store = SQLGalleryStore(database: try AppDatabase.open(atPath: path))
            let gallery = GalleryID(trusted: "00000000-0000-4000-8000-000000000001")
            let found = { (text: String) in
                try await store.search(SearchRequest(query: try SearchQuery(text), galleries: [gallery])).results
                    .map(\.item.title)
            }
            #expect(try await store.indexForSearch(after: nil, limit: 100).indexed == 2)
            #expect(try await found("dessert") == ["Crème brûlée"])
            #expect(
                try await store.imagesAwaitingText(after: nil, limit: 10).map(\.hash) == [
                    String(repeating: "a", count: 64)
                ])
            try await store.recordImageText(hash: String(repeating: "a", count: 64), "Receipt total")
            #expect(try await found("receipt") == ["Scan"])
        }
    }
}
