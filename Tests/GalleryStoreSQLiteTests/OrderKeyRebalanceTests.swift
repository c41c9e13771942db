import Foundation
import GalleryCore
import Testing

@testable import GalleryStoreSQL
@testable import GalleryStoreSQLite

@Suite("Spreading order keys out when a gap gets narrow")
struct OrderKeyRebalanceTests {
    @Test func tenThousandInsertsIntoOneGapKeepEveryKeyShortAndTheOrderExact() async throws {
        // In memory: this test is about keys, not about the file, and 10,000 commits to a file take long.
        let store = SQLGalleryStore(database: try AppDatabase.makeInMemory(), eventRetention: 20_000)
        let gallery = try await store.firstGallery().id
        let ends = try await store.insertPendingItems(drafts("A", "B"), into: gallery, at: .end)
        // A ready first item is the gallery's cover, found at once; with none ready, every read of the gallery would
        // look through all its items for one.
        _ = try await store.markReady(ends[0].id, image: storedImage())
        let start = try await store.gallery(gallery).sequence
        let itemsBefore = try await store.allItems(in: gallery)
        let inserts = 10_000

        var longestNewKey = 0
        for number in 1...inserts {
            // Always right after A: each new item lands between A and the one inserted just before it.
            let item = try await store.insertPendingItems([draft("\(number)")], into: gallery, at: .after(ends[0].id))
            longestNewKey = max(longestNewKey, item[0].orderKey.rawValue.count)
        }

        let order = try await store.everyLiveItem(in: gallery)
        #expect(order.map(\.title) == ["A"] + (1...inserts).reversed().map { "\($0)" } + ["B"])
        #expect(isStrictlyAscending(order.map(\.orderKey)))
        #expect(order.allSatisfy { $0.orderKey.rawValue.count <= SQLGalleryStore.longestKey })
        #expect(longestNewKey <= SQLGalleryStore.longestKey)

        // Each insert's event carries the new item and the neighbours that were spread out to make room for it.
        let events = try #require(try await store.events(in: gallery, after: start))
        #expect(events.count == inserts)
        let spreads = events.filter { $0.items.count > 1 }
        let rewritten = events.reduce(0) { $0 + $1.items.count - 1 }
        #expect(
            events.allSatisfy { $0.items.allSatisfy { $0.orderKey.rawValue.count <= SQLGalleryStore.longestKey } })
        // Measured: 1,629 rows rewritten in 181 spreads, about 0.16 rows per insert (a spread moves the 8 items above the
        // gap and A below it, then leaves room for about 55 more inserts).
        #expect(spreads.count > 0)
        #expect(rewritten < inserts, "\(rewritten) rows rewritten in \(spreads.count) spreads")

        // The events announce every key that changed: each item as the last event touching it left it (or as it was
        // before, if none did) is the item as stored now.
        var latest = Dictionary(uniqueKeysWithValues: itemsBefore.map { ($0.id, $0) })
        for event in events {
            for item in event.items { latest[item.id] = item }
        }
        #expect(latest.count == order.count)
        #expect(order.allSatisfy { latest[$0.id] == $0 })
    }

    /// Ways to put items into a gap.
    enum Placing: String, CaseIterable, Sendable {
        case insert, insertSeveral, move, moveSeveral, moveFromAnotherGallery, copy, copySeveral, copyFromAnotherGallery
    }

    @Test func movingHalfAGalleryAgainAndAgainIntoOneGapNearItsEndSpreadsTheKeysWithoutReadingParkedItems() async throws
    {
        // Found by Benchmarks/move_at_scale.py: when the window of neighbours to spread out reached the end of the
        // gallery, the next key above it was read from the items being moved, parked on `~` keys, and the move failed.
        let store = SQLGalleryStore(database: try AppDatabase.makeInMemory())
        let gallery = try await store.firstGallery().id
        let items = try await store.insertPendingItems((0..<100).map { draft("\($0)") }, into: gallery, at: .end)
        let anchor = items[50].id
        let first = items[..<50].map(\.id)
        let second = items[51...].map(\.id)
        for round in 0..<16 {
            let moving = round % 2 == 0 ? first : second
            _ = try await store.moveItems(moving, to: gallery, at: .after(anchor), recordingFor: nil)
            let order = try await store.allItems(in: gallery)
            #expect(isStrictlyAscending(order.map(\.orderKey)))
            #expect(order.map(\.id) == [anchor] + moving + (round % 2 == 0 ? second : first), "round \(round)")
            #expect(order.allSatisfy { $0.orderKey.rawValue.count <= SQLGalleryStore.longestKey })
        }
    }

    @Test(arguments: Placing.allCases)
    func placingIntoANarrowGapSpreadsTheNeighboursKeepingKeysShort(placing: Placing) async throws {
        try await withStore(clock: TickingClock()) { store, _ in
            let gallery = try await store.firstGallery().id
            let before = (1...20).map { "P\($0)" }
            let after = (1...20).map { "Q\($0)" }
            let made = try await store.insertPendingItems(
                (before + ["A", "B"] + after + ["C", "D", "E"]).map(draft), into: gallery, at: .end)
            let byTitle = Dictionary(uniqueKeysWithValues: made.map { ($0.title, $0) })
            let a = try itemID("A", byTitle)
            let (other, strangers) = try await store.makeGallery(named: "Other", holding: "XYZ")

            // Narrows the gap after A until no key fits in it within the longest key allowed.
            var nextKey = try #require(byTitle["B"]).orderKey
            var narrowing: [String] = []
            while try OrderKey.between(byTitle["A"]!.orderKey, nextKey).rawValue.count <= SQLGalleryStore.longestKey {
                let title = "N\(narrowing.count)"
                nextKey = try await store.insertPendingItems([draft(title)], into: gallery, at: .after(a))[0].orderKey
                narrowing.insert(title, at: 0)
            }
            let keysBefore = Dictionary(
                uniqueKeysWithValues: try await store.allItems(in: gallery).map { ($0.id, $0.orderKey) })
            let sequence = try await store.gallery(gallery).sequence

            let placed: [Item]
            switch placing {
            case .insert:
                placed = try await store.insertPendingItems(drafts("C"), into: gallery, at: .after(a))
            case .insertSeveral:
                placed = try await store.insertPendingItems(drafts("C", "D", "E"), into: gallery, at: .after(a))
            case .move:
                placed = try await store.moveItems(itemIDs("D", byTitle), in: gallery, to: .after(a))
            case .moveSeveral:
                placed = try await store.moveItems(itemIDs("ECD", byTitle), in: gallery, to: .after(a))
            case .moveFromAnotherGallery:
                placed = try await store.moveItems(
                    itemIDs("ZX", strangers), to: gallery, at: .after(a), recordingFor: nil)
            case .copy:
                placed = try await store.copyItems(itemIDs("D", byTitle), to: gallery, at: .after(a), recordingFor: nil)
            case .copySeveral:
                placed = try await store.copyItems(
                    itemIDs("ECD", byTitle), to: gallery, at: .after(a), recordingFor: nil)
            case .copyFromAnotherGallery:
                placed = try await store.copyItems(
                    itemIDs("ZX", strangers), to: gallery, at: .after(a), recordingFor: nil)
            }

            let order = try await store.allItems(in: gallery)
            #expect(order.allSatisfy { $0.orderKey.rawValue.count <= SQLGalleryStore.longestKey })
            #expect(isStrictlyAscending(order.map(\.orderKey)))
            let placedTitles = placed.map(\.title)
            let staying = (before + ["A"] + narrowing + ["B"] + after + ["C", "D", "E"]).filter { title in
                !(placing == .move || placing == .moveSeveral) || !placedTitles.contains(title)
            }
            let index = try #require(staying.firstIndex(of: "A")) + 1
            #expect(order.map(\.title) == Array(staying[..<index]) + placedTitles + Array(staying[index...]))

            // The spread neighbours are exactly the items that kept their place but got a new key, and the event
            // carries them with the placed items.
            let placedIDs = Set(placed.map(\.id))
            let respaced = Set(
                order.filter { !placedIDs.contains($0.id) && keysBefore[$0.id] != $0.orderKey }.map(\.id))
            #expect(!respaced.isEmpty)
            #expect(respaced.isSubset(of: keysBefore.keys))
            // Only the crowded side (the items packed after A) grows: on the other, the first 8 at most.
            let roomy = Set(order.filter { before.contains($0.title) || $0.title == "A" }.map(\.id))
            #expect(respaced.intersection(roomy).count <= 8, "\(narrowing.count) packed after A")
            let events = try #require(try await store.events(in: gallery, after: sequence))
            #expect(events.count == 1)
            #expect(Set(events.first?.items.map(\.id) ?? []) == placedIDs.union(respaced))
            for item in events.first?.items ?? [] {
                #expect(order.first { $0.id == item.id } == item)
            }
            if placing == .moveFromAnotherGallery {
                #expect(try await store.letters(in: other) == "Y")
            }
        }
    }
}
