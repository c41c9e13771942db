import Foundation

/// What makes a pending item ready (``GalleryStore/settle(_:)``): its stored file, an image's or a video's, or a
/// link's page with its preview image if it has one.
public enum Settlement: Sendable, Equatable {
    /// The item is an image or a video of this stored file.
    case file(ItemID, StoredImage)
    /// The item is a link to this page, with this preview.
    case link(ItemID, LinkDetails, preview: StoredImage?)

    /// The item it settles.
    public var itemID: ItemID {
        switch self {
        case .file(let id, _), .link(let id, _, _): id
        }
    }
}
