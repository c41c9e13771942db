import Foundation

/// What makes a pending item ready (``GalleryStore/settle(_:)``): its stored file, an image's or a video's, or a
/// link's page with its preview image, or else its site's icon, if it has one.
public enum Settlement: Sendable, Equatable {
    /// The item is an image or a video of this stored file.
    case file(ItemID, StoredImage)
    /// The item is a link to this page, with this preview and this site icon (a small image shown on its card when
    /// there is no preview).
    case link(ItemID, LinkDetails, preview: StoredImage?, siteIcon: StoredImage? = nil)

    /// The item it settles.
    public var itemID: ItemID {
        switch self {
        case .file(let id, _), .link(let id, _, _, _): id
        }
    }
}
