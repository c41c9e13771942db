import Foundation
import GalleryCore
import Testing

/// Galleries, items and events for the replica tests.
enum ReplicaFixture {
    /// A fixed moment, so values compare equal.
    static let date = Date(timeIntervalSince1970: 1_700_000_000)
    /// The gallery under test.
    static let galleryID = GalleryID(trusted: "00000000-0000-4000-8000-0000000000aa")
    /// Another gallery.
    static let otherGalleryID = GalleryID(trusted: "00000000-0000-4000-8000-0000000000bb")

    /// An item id whose raw value sorts by `number`.
    static func itemID(_ number: Int) -> ItemID {
        let digits = String(number)
        return ItemID(trusted: "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - digits.count) + digits)
    }

    /// The gallery at a sequence number.
    static func gallery(sequence: Int64, name: String = "Gallery", id: GalleryID = galleryID) -> Gallery {
        Gallery(id: id, name: name, sequence: sequence, createdAt: date, updatedAt: date)
    }

    /// An item of the gallery under test (or another one).
    static func item(
        _ id: ItemID, key: OrderKey, trashed: Bool = false, title: String = "image", in galleryID: GalleryID = galleryID
    ) -> Item {
        Item(
            id: id, galleryID: galleryID, orderKey: key, state: .ready, origin: .upload, sourceURL: nil,
            title: title, createdAt: date, updatedAt: date, trashedAt: trashed ? date : nil)
    }

    /// An event of the gallery under test.
    static func event(_ sequence: Int64, items: [Item] = [], removed: [ItemID] = [], name: String = "Gallery")
        -> GalleryEvent
    {
        GalleryEvent(
            sequence: sequence, gallery: gallery(sequence: sequence, name: name), items: items, removed: removed)
    }
}

@Suite("GalleryReplica")
struct GalleryReplicaTests {
    typealias F = ReplicaFixture

    private func key(_ raw: String) throws -> OrderKey {
        try #require(OrderKey(rawValue: raw))
    }

    private func ids(_ items: [Item]) -> [ItemID] { items.map(\.id) }

    // MARK: Snapshot and order

    @Test func startsAtTheSnapshotSequenceWithItsItemsInKeyOrder() throws {
        let replica = GalleryReplica(
            gallery: F.gallery(sequence: 7),
            items: [
                F.item(F.itemID(1), key: try key("a2")), F.item(F.itemID(2), key: try key("a0")),
                F.item(F.itemID(3), key: try key("a1")),
            ])
        #expect(replica.sequence == 7)
        #expect(ids(replica.liveItems) == [F.itemID(2), F.itemID(3), F.itemID(1)])
        #expect(replica.missing == nil)
    }

    @Test func snapshotItemsOfAnotherGalleryAreIgnored() throws {
        let replica = GalleryReplica(
            gallery: F.gallery(sequence: 1),
            items: [
                F.item(F.itemID(1), key: try key("a0")),
                F.item(F.itemID(2), key: try key("a1"), in: F.otherGalleryID),
            ])
        #expect(ids(replica.liveItems) == [F.itemID(1)])
        #expect(replica.item(F.itemID(2)) == nil)
    }

    @Test func itemsWithTheSameKeyAreOrderedById() throws {
        let same = try key("a5")
        let replica = GalleryReplica(
            gallery: F.gallery(sequence: 0),
            items: [
                F.item(F.itemID(9), key: same), F.item(F.itemID(4), key: same), F.item(F.itemID(6), key: try key("a0")),
            ])
        #expect(ids(replica.liveItems) == [F.itemID(6), F.itemID(4), F.itemID(9)])
    }

    @Test func trashedItemsAreKeptButNotLive() throws {
        var replica = GalleryReplica(
            gallery: F.gallery(sequence: 0),
            items: [F.item(F.itemID(1), key: try key("a0")), F.item(F.itemID(2), key: try key("a1"))])
        let trashed = F.item(F.itemID(1), key: try key("a0"), trashed: true)
        #expect(replica.receive(F.event(1, items: [trashed])) == .applied(1))
        #expect(ids(replica.liveItems) == [F.itemID(2)])
        #expect(replica.trashedItems == [trashed])
        #expect(replica.item(F.itemID(1)) == trashed)
    }

    @Test func aRestoredItemIsLiveAgainAtItsKey() throws {
        var replica = GalleryReplica(
            gallery: F.gallery(sequence: 0),
            items: [F.item(F.itemID(1), key: try key("a1"), trashed: true), F.item(F.itemID(2), key: try key("a2"))])
        #expect(replica.receive(F.event(1, items: [F.item(F.itemID(1), key: try key("a1"))])) == .applied(1))
        #expect(ids(replica.liveItems) == [F.itemID(1), F.itemID(2)])
        #expect(replica.trashedItems.isEmpty)
    }

    // MARK: Applying

    @Test func theNextEventReplacesTheGalleryAndTheItemsItTouched() throws {
        var replica = GalleryReplica(
            gallery: F.gallery(sequence: 3),
            items: [F.item(F.itemID(1), key: try key("a0")), F.item(F.itemID(2), key: try key("a1"))])
        let moved = F.item(F.itemID(1), key: try key("a2"), title: "moved")
        let added = F.item(F.itemID(3), key: try key("a0V"))
        #expect(replica.receive(F.event(4, items: [moved, added], name: "Fruit")) == .applied(1))
        #expect(replica.sequence == 4)
        #expect(replica.gallery == F.gallery(sequence: 4, name: "Fruit"))
        #expect(ids(replica.liveItems) == [F.itemID(3), F.itemID(2), F.itemID(1)])
        #expect(replica.item(F.itemID(1)) == moved)
    }

    @Test func removedIdsLeaveTheReplica() throws {
        var replica = GalleryReplica(
            gallery: F.gallery(sequence: 0),
            items: [F.item(F.itemID(1), key: try key("a0")), F.item(F.itemID(2), key: try key("a1"), trashed: true)])
        #expect(replica.receive(F.event(1, removed: [F.itemID(1), F.itemID(2)])) == .applied(1))
        #expect(replica.liveItems.isEmpty)
        #expect(replica.trashedItems.isEmpty)
        #expect(replica.item(F.itemID(1)) == nil)
    }

    @Test func anItemMovedToAnotherGalleryLeavesTheReplica() throws {
        var replica = GalleryReplica(
            gallery: F.gallery(sequence: 0),
            items: [F.item(F.itemID(1), key: try key("a0")), F.item(F.itemID(2), key: try key("a1"))])
        let elsewhere = F.item(F.itemID(1), key: try key("a0"), in: F.otherGalleryID)
        #expect(replica.receive(F.event(1, items: [elsewhere])) == .applied(1))
        #expect(ids(replica.liveItems) == [F.itemID(2)])
        #expect(replica.item(F.itemID(1)) == nil)
    }

    // MARK: Ordering of events

    @Test func anEarlyEventWaitsUntilTheGapIsFilled() throws {
        var replica = GalleryReplica(gallery: F.gallery(sequence: 0), items: [])
        let first = F.item(F.itemID(1), key: try key("a0"))
        let firstMoved = F.item(F.itemID(1), key: try key("a5"))
        let second = F.item(F.itemID(2), key: try key("a1"))

        #expect(replica.receive(F.event(3, items: [firstMoved], name: "Three")) == .buffered)
        #expect(replica.receive(F.event(2, items: [second])) == .buffered)
        #expect(replica.sequence == 0)
        #expect(replica.liveItems.isEmpty)
        #expect(replica.missing == 1...1)

        #expect(replica.receive(F.event(1, items: [first])) == .applied(3))
        #expect(replica.sequence == 3)
        #expect(replica.gallery.name == "Three")
        #expect(ids(replica.liveItems) == [F.itemID(2), F.itemID(1)])
        #expect(replica.item(F.itemID(1)) == firstMoved)
        #expect(replica.missing == nil)
    }

    @Test func missingSpansFromTheNextSequenceToTheFirstBufferedEvent() {
        var replica = GalleryReplica(gallery: F.gallery(sequence: 2), items: [])
        #expect(replica.receive(F.event(8)) == .buffered)
        #expect(replica.missing == 3...7)
        #expect(replica.receive(F.event(5)) == .buffered)
        #expect(replica.missing == 3...4)
        #expect(replica.receive(F.event(3)) == .applied(1))
        #expect(replica.missing == 4...4)
        #expect(replica.receive(F.event(4)) == .applied(2))
        #expect(replica.missing == 6...7)
    }

    @Test func anOldOrRepeatedEventIsStaleAndChangesNothing() throws {
        var replica = GalleryReplica(gallery: F.gallery(sequence: 0), items: [])
        let item = F.item(F.itemID(1), key: try key("a0"))
        #expect(replica.receive(F.event(1, items: [item])) == .applied(1))
        let before = replica
        #expect(replica.receive(F.event(1, removed: [F.itemID(1)])) == .stale)
        #expect(replica.receive(F.event(0, removed: [F.itemID(1)])) == .stale)
        #expect(replica == before)
    }

    @Test func aBufferedEventReceivedTwiceIsAppliedOnce() {
        var replica = GalleryReplica(gallery: F.gallery(sequence: 0), items: [])
        #expect(replica.receive(F.event(2)) == .buffered)
        #expect(replica.receive(F.event(2)) == .buffered)
        #expect(replica.receive(F.event(1)) == .applied(2))
        #expect(replica.receive(F.event(2)) == .stale)
        #expect(replica.sequence == 2)
    }

    @Test func anEventOfAnotherGalleryIsIgnored() throws {
        var replica = GalleryReplica(gallery: F.gallery(sequence: 0), items: [])
        let foreign = GalleryEvent(
            sequence: 1, gallery: F.gallery(sequence: 1, id: F.otherGalleryID),
            items: [F.item(F.itemID(1), key: try key("a0"), in: F.otherGalleryID)])
        #expect(replica.receive(foreign) == .stale)
        #expect(replica.sequence == 0)
        #expect(replica.gallery.id == F.galleryID)
    }

    @Test func theBufferKeepsTheNearestEventsWhenFull() {
        var replica = GalleryReplica(gallery: F.gallery(sequence: 0), items: [])
        let limit = Int64(GalleryReplica.bufferLimit)
        for sequence in 2...(limit + 2) {
            #expect(replica.receive(F.event(sequence)) == .buffered)
        }
        #expect(replica.missing == 1...1)
        #expect(replica.receive(F.event(1)) == .applied(GalleryReplica.bufferLimit + 1))
        #expect(replica.sequence == limit + 1)
        #expect(replica.missing == nil)
        #expect(replica.receive(F.event(limit + 2)) == .applied(1))
    }

    // MARK: Reset

    @Test func resetReplacesEverythingAndKeepsOnlyNewerBufferedEvents() throws {
        var replica = GalleryReplica(
            gallery: F.gallery(sequence: 4), items: [F.item(F.itemID(1), key: try key("a0"))])
        #expect(replica.receive(F.event(6, items: [F.item(F.itemID(5), key: try key("a5"))])) == .buffered)
        #expect(replica.receive(F.event(9, items: [F.item(F.itemID(9), key: try key("a9"))])) == .buffered)

        replica.reset(gallery: F.gallery(sequence: 7, name: "Fresh"), items: [F.item(F.itemID(2), key: try key("a2"))])
        #expect(replica.sequence == 7)
        #expect(replica.gallery.name == "Fresh")
        #expect(ids(replica.liveItems) == [F.itemID(2)])
        #expect(replica.item(F.itemID(1)) == nil)
        #expect(replica.missing == 8...8)

        #expect(replica.receive(F.event(6)) == .stale)
        #expect(replica.receive(F.event(8)) == .applied(2))
        // The event numbered 6 was older than the snapshot: its item never appears.
        #expect(ids(replica.liveItems) == [F.itemID(2), F.itemID(9)])
    }

    @Test func resetAppliesABufferedEventThatFollowsTheSnapshot() throws {
        var replica = GalleryReplica(gallery: F.gallery(sequence: 1), items: [])
        #expect(replica.receive(F.event(6, items: [F.item(F.itemID(6), key: try key("a6"))])) == .buffered)
        replica.reset(gallery: F.gallery(sequence: 5), items: [F.item(F.itemID(1), key: try key("a0"))])
        #expect(replica.sequence == 6)
        #expect(replica.missing == nil)
        #expect(ids(replica.liveItems) == [F.itemID(1), F.itemID(6)])
    }
}
