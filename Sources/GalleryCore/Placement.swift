import Foundation

/// Where an item is: its gallery, its order key there, and whether it is in that gallery's trash.
///
/// Undo and redo put items back where a placement says; a trashed placement keeps the key the item had, so that a
/// restore brings it back between its old neighbours.
public struct Placement: Sendable, Equatable, Codable {
    /// The gallery.
    public var galleryID: GalleryID
    /// The order key (live or remembered in the trash).
    public var orderKey: OrderKey
    /// Whether the item is in the gallery's trash.
    public var isTrashed: Bool

    /// Makes a placement.
    public init(galleryID: GalleryID, orderKey: OrderKey, isTrashed: Bool) {
        self.galleryID = galleryID
        self.orderKey = orderKey
        self.isTrashed = isTrashed
    }

    /// The placement of an item as it is.
    public init(of item: Item) {
        self.init(galleryID: item.galleryID, orderKey: item.orderKey, isTrashed: item.trashedAt != nil)
    }

    /// The same place, in or out of the trash.
    public func trashed(_ isTrashed: Bool) -> Placement {
        Placement(galleryID: galleryID, orderKey: orderKey, isTrashed: isTrashed)
    }
}
