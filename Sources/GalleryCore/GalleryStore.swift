import Foundation

/// One page of a gallery's items in order.
public struct ItemPage: Sendable, Equatable {
    /// The items, in gallery order.
    public var items: [Item]
    /// The cursor for the next page, or nil at the end.
    public var nextCursor: OrderKey?

    /// Makes a page.
    public init(items: [Item], nextCursor: OrderKey?) {
        self.items = items
        self.nextCursor = nextCursor
    }
}

/// The items of a gallery changed after a given change number.
public struct ChangeSet: Sendable, Equatable {
    /// The gallery as it is now.
    public var gallery: Gallery
    /// Every item changed after the asked number, trashed ones included (their `trashedAt` is set).
    public var items: [Item]

    /// Makes a change set.
    public init(gallery: Gallery, items: [Item]) {
        self.gallery = gallery
        self.items = items
    }
}

/// Where galleries and items are kept. Every method is one transaction that keeps the data consistent.
public protocol GalleryStore: Sendable {
    /// Every gallery, by name.
    func galleries() async throws -> [Gallery]
    /// One gallery.
    func gallery(_ id: GalleryID) async throws -> Gallery
    /// Makes a gallery.
    func createGallery(named name: String) async throws -> Gallery
    /// Renames a gallery and/or changes its images per row.
    func updateGallery(_ id: GalleryID, name: String?, imagesPerRow: Int?) async throws -> Gallery
    /// The gallery opened last, making the first gallery if there is none.
    func lastOpenedGallery() async throws -> Gallery
    /// Remembers which gallery was opened last.
    func setLastOpenedGallery(_ id: GalleryID) async throws

    /// A page of the gallery's live (non-trashed) items after the cursor.
    func items(in gallery: GalleryID, after cursor: OrderKey?, limit: Int) async throws -> ItemPage
    /// Items changed after the given change number.
    func changes(in gallery: GalleryID, since sequence: Int64) async throws -> ChangeSet
    /// One item.
    func item(_ id: ItemID) async throws -> Item
    /// Adds pending items at the insertion point, in the drafts' order; one transaction.
    func insertPendingItems(_ drafts: [ItemDraft], into gallery: GalleryID, at point: InsertionPoint)
        async throws -> [Item]
    /// Marks a pending item ready with its stored image; returns nil if it is no longer pending.
    func markReady(_ id: ItemID, image: StoredImage) async throws -> Item?
    /// Marks a pending item failed; returns nil if it is no longer pending.
    func markFailed(_ id: ItemID, reason: FailureReason) async throws -> Item?
    /// Turns a failed item back into a pending one, for a retry.
    func markPendingForRetry(_ id: ItemID) async throws -> Item
    /// Moves an item to its gallery's trash.
    func trashItem(_ id: ItemID) async throws -> Item
    /// Every pending item, oldest first (to resume work after a restart).
    func pendingItems() async throws -> [Item]
}
