import Foundation
import GRDB
import GalleryCore
import Testing

@testable import GalleryStoreSQL
@testable import GalleryStoreSQLite

extension SQLGalleryStore {
    /// Expects every order block of the gallery to hold the count of live items a scan finds between its first key and
    /// the next block's, the blocks together the gallery's kept count, and no block over the split count.
    fileprivate func expectExactBlocks(of gallery: GalleryID, sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let (blocks, scanned, kept) = try await database.read { db in
            let blocks = try db.rows(
                sql: "SELECT firstKey, liveCount FROM order_block WHERE galleryId = ? ORDER BY firstKey",
                arguments: [gallery.rawValue]
            ).map { (key: $0["firstKey"] as String, count: $0["liveCount"] as Int) }
            let keys = try db.values(
                String.self,
                sql: "SELECT orderKey FROM item WHERE galleryId = ? AND trashedAt IS NULL ORDER BY orderKey",
                arguments: [gallery.rawValue])
            let scanned = blocks.indices.map { index in
                let upper = index + 1 < blocks.count ? blocks[index + 1].key : nil
                return keys.filter { key in key >= blocks[index].key && upper.map { key < $0 } ?? true }.count
            }
            let kept = try db.value(
                Int.self, sql: "SELECT itemCount FROM gallery WHERE id = ?", arguments: [gallery.rawValue])
            return (blocks, scanned, kept)
        }
        #expect(blocks.first?.key == "", sourceLocation: sourceLocation)
        #expect(blocks.map(\.count) == scanned, sourceLocation: sourceLocation)
        #expect(blocks.map(\.count).reduce(0, +) == kept, sourceLocation: sourceLocation)
        #expect(blocks.allSatisfy { $0.count <= OrderBlocks.splitCount }, sourceLocation: sourceLocation)
        #expect(blocks.dropFirst().allSatisfy { $0.count > 0 }, sourceLocation: sourceLocation)
    }

    /// Expects windows at several positions, and around and before items, to be the slices of the whole order.
    fileprivate func expectWindowsMatch(
        _ gallery: GalleryID, at positions: [Int], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let all = try await everyLiveItem(in: gallery).map(\.id)
        for position in positions {
            let window = try await items(in: gallery, from: .position(position), limit: 7)
            let start = max(0, min(position, all.count - 7))
            #expect(window.position == start, sourceLocation: sourceLocation)
            #expect(window.count == all.count, sourceLocation: sourceLocation)
            #expect(
                window.items.map(\.id) == Array(all[start..<min(all.count, start + 7)]), sourceLocation: sourceLocation)
        }
    }
}

/// Ids of `count` new items at the end of the gallery, titled by number.
private func fill(_ store: SQLGalleryStore, _ gallery: GalleryID, count: Int, from first: Int = 0) async throws
    -> [ItemID]
{
    try await store.insertPendingItems(
        (first..<(first + count)).map { draft("n\($0)") }, into: gallery, at: .end
    ).map(\.id)
}

@Suite("Windows of a gallery's items")
struct ItemWindowTests {
    @Test func windowsAtPositionsAroundItemsAndBeforeCursorsAreSlicesOfTheOrder() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery().id
            let ids = try await fill(store, gallery, count: 3000)
            try await store.expectExactBlocks(of: gallery)
            try await store.expectWindowsMatch(gallery, at: [0, 1, 511, 512, 1023, 1024, 1500, 2993, 2999, 5000])

            let around = try await store.items(in: gallery, from: .around(ids[2000]), limit: 5)
            #expect(around.items.map(\.id) == Array(ids[1998...2002]))
            #expect(around.position == 1998 && around.count == 3000)
            #expect(around.previousCursor == around.items.first?.orderKey)
            #expect(around.nextCursor == around.items.last?.orderKey)

            let before = try await store.items(in: gallery, from: .before(around.previousCursor!), limit: 4)
            #expect(before.items.map(\.id) == Array(ids[1994...1997]))
            #expect(before.position == 1994)

            let first = try await store.items(in: gallery, from: .around(ids[1]), limit: 5)
            #expect(first.items.map(\.id) == Array(ids[0...4]))
            #expect(first.position == 0 && first.previousCursor == nil)

            let last = try await store.items(in: gallery, from: .after(nil), limit: 1000)
            #expect(last.position == 0 && last.nextCursor != nil)
            let end = try await store.items(in: gallery, from: .position(2990), limit: 100)
            #expect(end.position == 2900 && end.items.count == 100 && end.nextCursor == nil)
        }
    }

    @Test func anItemOfAnotherGalleryOrInTheTrashHasNoWindowAroundIt() async throws {
        try await withLetteredGallery("ABC") { store, gallery, items in
            let (other, _) = try await store.makeGallery(named: "Other", holding: "X")
            _ = try await store.trashItems(itemIDs("B", items), in: gallery, recordingFor: nil)
            for id in itemIDs("B", items) + [ItemID.make()] {
                await #expect(throws: GalleryError.self) {
                    _ = try await store.items(in: gallery, from: .around(id), limit: 3)
                }
            }
            await #expect(throws: GalleryError.self) {
                _ = try await store.items(in: other, from: .around(itemIDs("A", items)[0]), limit: 3)
            }
            let empty = try await store.items(
                in: try await store.createGallery(named: "Empty").id, from: .position(3), limit: 3)
            #expect(empty.items.isEmpty && empty.position == 0 && empty.count == 0)
        }
    }

    @Test func theBlocksStayExactThroughInsertsMovesTrashRestoresAndDeletions() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery().id
            let other = try await store.createGallery(named: "Other").id
            var ids = try await fill(store, gallery, count: 2500)
            var random = SystemRandomNumberGenerator()
            for step in 0..<30 {
                let pick = (0..<40).map { _ in ids[Int.random(in: 0..<ids.count, using: &random)] }
                let chosen = Array(Set(pick))
                switch step % 6 {
                case 0:
                    ids += try await store.insertPendingItems(
                        (0..<600).map { draft("s\(step)-\($0)") }, into: gallery,
                        at: .index(Int.random(in: 0...2000, using: &random))
                    ).map(\.id)
                case 1:
                    _ = try await store.moveItems(
                        chosen, to: gallery, at: .index(Int.random(in: 0...2500, using: &random)),
                        recordingFor: sessionOne)
                case 2:
                    _ = try await store.trashItems(chosen, in: gallery, recordingFor: sessionOne)
                case 3:
                    _ = try await store.step(.undo, in: gallery, for: sessionOne, mayChange: { _ in true })
                case 4:
                    _ = try await store.moveItems(chosen, to: other, at: .start, recordingFor: sessionOne)
                    ids.removeAll { chosen.contains($0) }
                default:
                    _ = try await store.trashItems(chosen, in: gallery, recordingFor: nil)
                    _ = try await store.emptyTrash(in: gallery, removingFiles: { _ in })
                    ids.removeAll { chosen.contains($0) }
                }
                try await store.expectExactBlocks(of: gallery)
                try await store.expectExactBlocks(of: other)
            }
            let count = try await store.gallery(gallery).itemCount
            try await store.expectWindowsMatch(gallery, at: [0, count / 3, count / 2, count - 1])
        }
    }

    @Test func aMoveToAnIndexCountsOnlyTheItemsThatStay() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery().id
            let ids = try await fill(store, gallery, count: 2100)
            // Items from before and after the target position, moved to index 1500 of the order without them.
            let moving = [ids[10], ids[1200], ids[1800], ids[2050]]
            _ = try await store.moveItems(moving, to: gallery, at: .index(1500), recordingFor: nil)
            var expected = ids.filter { !moving.contains($0) }
            expected.insert(contentsOf: moving, at: 1500)
            #expect(try await store.everyLiveItem(in: gallery).map(\.id) == expected)
            try await store.expectExactBlocks(of: gallery)
        }
    }

    @Test func cursorsStayStableWhileItemsAreInsertedAndMovedBeforeThem() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery().id
            let ids = try await fill(store, gallery, count: 1200)
            var seen: [ItemID] = []
            var cursor: OrderKey?
            var moved = Set<ItemID>()
            repeat {
                let page = try await store.items(in: gallery, from: .after(cursor), limit: 100)
                seen += page.items.map(\.id)
                cursor = page.nextCursor
                // Someone else adds an item at the start and moves an item not read yet to the start.
                _ = try await store.insertPendingItems(drafts("new"), into: gallery, at: .start)
                if let unread = ids.first(where: { !seen.contains($0) && !moved.contains($0) }) {
                    _ = try await store.moveItems([unread], to: gallery, at: .start, recordingFor: nil)
                    moved.insert(unread)
                }
            } while cursor != nil
            // Every item that stayed where it was is read exactly once, in order.
            #expect(seen.filter { !moved.contains($0) } == ids.filter { !moved.contains($0) })
            #expect(Set(seen).count == seen.count)
        }
    }

    @Test func migratingMakesTheBlocksOfTheItemsThereAre() async throws {
        try await withTemporaryFolder { folder in
            let path = databasePath(in: folder)
            let values: String = (0..<1300).map { (index: Int) -> String in
                let key = "a0" + String(format: "%04d", index) + "V"
                return "('i\(index)', 'g', '\(key)', 'pending', 'remote', 't', '2024-01-01', '2024-01-01', 1)"
            }.joined(separator: ",")
            try await makeOlderDatabase(
                at: path, upTo: "v9: item kinds: notes, links, videos",
                String(
                    """
                    INSERT INTO gallery (id, name, imagesPerRow, sequence, createdAt, updatedAt)
                      VALUES ('g', 'Old', 4, 1, '2024-01-01', '2024-01-01');
                    INSERT INTO item (id, galleryId, orderKey, state, origin, title, createdAt, updatedAt, changeSequence)
                      VALUES \(values);
                    """))
            let database = try AppDatabase.open(atPath: path)
            let store = SQLGalleryStore(database: database)
            try await store.expectExactBlocks(of: GalleryID(trusted: "g"))
            try await store.expectWindowsMatch(GalleryID(trusted: "g"), at: [0, 700, 1299])
        }
    }
}
