import Foundation
import GalleryCore
import Hummingbird

/// A gallery as the API shows it.
struct GalleryResponse: ResponseEncodable, Equatable {
    var id: String
    var name: String
    var imagesPerRow: Int
    /// How it is shown: "grid", "list" or "board".
    var view: String
    var sequence: Int64
    var createdAt: Date
    var updatedAt: Date
    /// How many items are in the gallery's trash.
    var trashCount: Int
    /// How many live items it has.
    var itemCount: Int
    /// Whether it is in the trash of galleries.
    var trashed: Bool
    var trashedAt: Date?
    /// The picture standing for it in the gallery browser.
    var cover: Cover?
    /// What the person asking may do with it: "owner", "editor" or "viewer" (absent in live events, which every
    /// viewer of the gallery shares).
    var role: String?
    /// Whether its owner hides where its photos were taken from its members too (set by the owner only).
    var hideLocation: Bool

    /// The first ready item's image: what browsers show of it (a display copy for a TIFF, a HEIC, a turned WebP …).
    struct Cover: Codable, Equatable {
        var itemId: String
        var title: String
        var imageURL: String
        var width: Int
        var height: Int
        var thumbnails: [ItemResponse.Thumbnail]
    }

    /// - Parameter coverThumbnails: the thumbnails that exist of the cover's image.
    init(_ gallery: Gallery, coverThumbnails: [ItemResponse.Thumbnail] = [], role: GalleryRole? = nil) {
        self.role = role?.rawValue
        id = gallery.id.rawValue
        name = gallery.name
        imagesPerRow = gallery.imagesPerRow
        view = gallery.view.rawValue
        sequence = gallery.sequence
        createdAt = gallery.createdAt
        updatedAt = gallery.updatedAt
        trashCount = gallery.trashCount
        itemCount = gallery.itemCount
        trashed = gallery.trashedAt != nil
        trashedAt = gallery.trashedAt
        hideLocation = gallery.hidesLocation
        cover = gallery.cover.map { cover in
            Cover(
                itemId: cover.itemID.rawValue, title: cover.title,
                imageURL: cover.hasDisplayCopy
                    ? MediaPath.displayCopy(hash: cover.blobHash)
                    : MediaPath.make(hash: cover.blobHash, mimeType: cover.mimeType), width: cover.width,
                height: cover.height, thumbnails: coverThumbnails)
        }
    }
}

struct GalleryListResponse: ResponseEncodable { var galleries: [GalleryResponse] }

/// `POST /api/galleries`
struct CreateGalleryRequest: Decodable { var name: String }

/// `PATCH /api/galleries/{id}`
struct UpdateGalleryRequest: Decodable {
    var name: String?
    var imagesPerRow: Int?
    /// "grid", "list" or "board".
    var view: String?
    /// Whether members are not shown where its photos were taken (the owner only; not undone).
    var hideLocation: Bool?

    /// The view asked for, if any, after checking it is one there is.
    func validatedView() throws(GalleryError) -> GalleryView? {
        try view.map { name throws(GalleryError) in try GalleryView.validated(name) }
    }
}

/// `POST /api/galleries/{id}/duplicate`
struct DuplicateGalleryRequest: Decodable { var name: String? }

struct ItemPageResponse: ResponseEncodable {
    var gallery: GalleryResponse
    var items: [ItemResponse]
    /// The position of the first item in the gallery's order.
    var position: Int
    /// How many live items the gallery holds.
    var count: Int
    var nextCursor: String?
    var previousCursor: String?
}
