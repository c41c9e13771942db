import Foundation
import GalleryCore
import Testing

@testable import GalleryServer

@Suite("A zip told by its bytes")
struct ZipSignatureTests {
    @Test func theFirstFourBytesTellAZipFromAnythingElseAsSoonAsTheyCanTell() {
        #expect(ZipSignature.verdict(first: [0x50, 0x4B, 0x03, 0x04, 0xFF]) == .zip)
        #expect(ZipSignature.verdict(first: [0x50, 0x4B, 0x05, 0x06]) == .zip)
        #expect(ZipSignature.verdict(first: []) == .undecided)
        #expect(ZipSignature.verdict(first: [0x50]) == .undecided)
        #expect(ZipSignature.verdict(first: [0x50, 0x4B, 0x03]) == .undecided)
        #expect(ZipSignature.verdict(first: Array("hello".utf8)) == .notZip)
        #expect(ZipSignature.verdict(first: [0x50, 0x4B, 0x01, 0x02]) == .notZip)
        #expect(ZipSignature.verdict(first: [0x1F, 0x8B]) == .notZip)  // a gzip is told from its first byte
    }

    @Test func anEndRecordMustBeWithinTheLastBytes() {
        let record: [UInt8] = [0x50, 0x4B, 0x05, 0x06] + Array(repeating: 0, count: 18)
        #expect(ZipSignature.hasEndRecord(inLast: Array(repeating: 7, count: 100) + record))
        #expect(ZipSignature.hasEndRecord(inLast: record + Array(repeating: 0x20, count: 40)))  // and a comment
        #expect(!ZipSignature.hasEndRecord(inLast: Array(repeating: 7, count: 100)))
        #expect(!ZipSignature.hasEndRecord(inLast: Array(record.prefix(21))))
        // A record cut short at the very end is none.
        #expect(!ZipSignature.hasEndRecord(inLast: Array(repeating: 7, count: 100) + record.prefix(10)))
    }
}

@Suite("A page of items bounded in bytes")
struct ItemPageBudgetTests {
    /// Items whose texts take `sizes` bytes each, in order.
    static func page(_ sizes: [Int], position: Int = 10) throws -> ItemPage {
        // A key before the items and one after them, for the page's cursors.
        let keys = try OrderKey.keys(count: sizes.count + 2, between: nil, nil)
        let items = zip(sizes, keys.dropFirst()).map { size, key in
            Item(
                id: ItemID(trusted: UUID().uuidString.lowercased()), kind: .note,
                galleryID: GalleryID(trusted: "g"), orderKey: key, state: .ready, origin: .upload, sourceURL: nil,
                title: "n", text: String(repeating: "x", count: size), createdAt: Date(), updatedAt: Date())
        }
        return ItemPage(
            items: items, position: position, count: 100, nextCursor: keys.last, previousCursor: keys.first)
    }

    @Test func aPageWithinItsBytesIsLeftAsItIs() throws {
        let page = try Self.page([10, 10, 10])
        #expect(ItemPageBudget(bytes: 1 << 20).cut(page, for: .after(nil)) == page)
    }

    @Test func aPageAfterACursorKeepsItsFirstItemsAndItsNextCursorPointsPastThem() throws {
        let page = try Self.page([5_000, 5_000, 5_000, 5_000])
        let budget = ItemPageBudget(bytes: 2 * ItemPageBudget.jsonBytes(of: page.items[0]))
        let cut = budget.cut(page, for: .after(nil))
        #expect(cut.items == Array(page.items[0..<2]))
        #expect(cut.position == 10 && cut.count == 100)
        #expect(cut.nextCursor == page.items[1].orderKey)
        #expect(cut.previousCursor == page.previousCursor)
    }

    @Test func aPageBeforeACursorKeepsItsLastItemsAndItsPreviousCursorPointsBeforeThem() throws {
        let page = try Self.page([5_000, 5_000, 5_000, 5_000])
        let budget = ItemPageBudget(bytes: 2 * ItemPageBudget.jsonBytes(of: page.items[0]))
        let cut = budget.cut(page, for: .before(try #require(page.nextCursor)))
        #expect(cut.items == Array(page.items[2..<4]))
        #expect(cut.position == 12)
        #expect(cut.previousCursor == page.items[2].orderKey)
        #expect(cut.nextCursor == page.nextCursor)
    }

    @Test func aPageAroundAnItemKeepsItAndAnItemLargerThanTheBudgetStillComesAlone() throws {
        let page = try Self.page([5_000, 5_000, 50_000, 5_000])
        let cut = ItemPageBudget(bytes: 1_000).cut(page, for: .around(page.items[2].id))
        #expect(cut.items == [page.items[2]])
        #expect(cut.position == 12)
        #expect(cut.previousCursor == page.items[2].orderKey && cut.nextCursor == page.items[2].orderKey)
    }

    @Test func aTextIsCountedAtLeastAsLongAsTheAPIsJSONWritesIt() throws {
        let texts = [
            "", "plain", String(repeating: "\u{1}\"/\\é😀\n\t", count: 500), "https://site.test/a/b?c=d&e=<f>",
        ]
        for text in texts {
            let encoded = try APIJSON.makeEncoder().encode(text)
            #expect(ItemPageBudget.escapedLength(of: text) >= encoded.count, "\(text.prefix(20))")
        }
    }
}

@Suite("A gallery's changes bounded in count and bytes")
struct ChangesBudgetTests {
    /// Items of `sizes` bytes of text, changed by the changes numbered `sequences`.
    static func changes(_ sizes: [Int], sequences: [Int64]) throws -> [Item] {
        try ItemPageBudgetTests.page(sizes).items.enumerated().map { index, item in
            var changed = item
            changed.changeSequence = sequences[index]
            return changed
        }
    }

    @Test func changesWithinTheBoundsComeWholeThroughTheGallerysNumber() throws {
        let items = try Self.changes([10, 10, 10], sequences: [4, 5, 5])
        let cut = ItemPageBudget(bytes: 1 << 20).cut(changes: items, since: 3, limit: 1000, through: 9)
        #expect(cut == .init(items: items, through: 9, isComplete: true))
    }

    @Test func aCutFallsWhereAChangeEndsSoThatReadingOnMissesNone() throws {
        let items = try Self.changes([5_000, 5_000, 5_000, 5_000], sequences: [4, 5, 5, 6])
        let budget = ItemPageBudget(bytes: 2 * ItemPageBudget.jsonBytes(of: items[0]))
        // Two items fit, but the second is half of change 5: only change 4 comes.
        let cut = budget.cut(changes: items, since: 3, limit: 1000, through: 6)
        #expect(cut == .init(items: [items[0]], through: 4, isComplete: false))
        // By count likewise: one more read than the limit says there is more.
        let counted = ItemPageBudget(bytes: 1 << 20).cut(changes: items, since: 3, limit: 3, through: 6)
        #expect(counted == .init(items: Array(items[0..<3]), through: 5, isComplete: false))
    }

    @Test func aFirstChangeTooBigOnItsOwnIsLeftForThePagesToRead() throws {
        let items = try Self.changes([5_000, 5_000], sequences: [4, 4])
        let cut = ItemPageBudget(bytes: 1_000).cut(changes: items, since: 3, limit: 1000, through: 4)
        #expect(cut == .init(items: [], through: 3, isComplete: false))
    }
}
