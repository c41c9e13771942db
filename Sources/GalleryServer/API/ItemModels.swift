import Foundation
import GalleryCore
import Hummingbird

/// An item as the API shows it.
struct ItemResponse: ResponseEncodable, Equatable {
    struct Failure: Codable, Equatable {
        var code: String
        var message: String
    }

    /// A smaller WebP copy of the image, as the item is shown (turned when the person turned it).
    struct Thumbnail: Codable, Equatable {
        /// Its width in pixels, as it is served (turned a quarter, worked out from the image's aspect: it may be a
        /// pixel off).
        var width: Int
        var url: String
    }

    var id: String
    /// "image", "video", "note" or "link".
    var kind: ItemKind
    var galleryId: String
    var orderKey: String
    var state: ItemState
    var origin: ItemOrigin
    var title: String
    /// What the person wrote about it (an image's alternative text).
    var caption: String?
    var tags: [String]
    var sourceURL: String?
    /// A note's text.
    var text: String?
    /// A link's page (its source URL).
    var pageURL: String?
    /// A link's page description.
    var description: String?
    /// A link's site name.
    var siteName: String?
    /// The image (an image's own, a link's preview image; for a TIFF or HEIC, its WebP copy); none for a video or a
    /// note.
    var imageURL: String?
    /// A link's site icon (a small raster image), when its page has no preview image and the icon could be had.
    var siteIconURL: String?
    /// A TIFF or HEIC image's own file, which browsers do not show: what a drag out carries.
    var originalURL: String?
    /// A video's file.
    var videoURL: String?
    /// A video's poster frame, when one was made (with ffmpeg).
    var posterURL: String?
    /// A video's duration in seconds, when its header says.
    var durationSeconds: Double?
    /// How the page plays a video, its codec, the file it plays and how much of a cut-short file plays
    /// (``ItemResponse/describePlayback(of:canMakeCopies:progress:)``).
    var playback: Playback?
    var playbackURL: String?
    var videoCodec: String?
    var playableSeconds: Double?
    /// Smaller copies of the image as it is shown (turned copies of a turned one), smallest first; empty without
    /// libvips, for small images, animations, and until they are made.
    var thumbnails: [Thumbnail]
    var mimeType: String?
    /// The width and height as the item is shown (turned by its ``orientation``).
    var width: Int?
    var height: Int?
    /// How the person turned the image, when they did: its file and full-size copy (upright as the file says) are
    /// shown mirrored left to right if `mirrored`, then turned `quarterTurns` clockwise; its ``thumbnails`` are turned.
    var orientation: ItemOrientation?
    var byteCount: Int64?
    var failure: Failure?
    var retryable: Bool
    var progress: ProgressBoard.Entry?
    var trashed: Bool
    var changeSequence: Int64
    var createdAt: Date
    /// Where it lies on its gallery's board, or null when it is not on it yet.
    var board: BoardResponse
    /// What the camera wrote in a photo's EXIF; absent when it wrote nothing (or it is not read yet). Where it was
    /// taken (`location`) is told only by ``Presenter/response(for:showingLocation:addedBy:imageText:)``.
    var photo: PhotoDetails?
    /// The original file as a download under the item's name (a ready image or video).
    var downloadURL: String?
    /// The name of the account that added it, told only by
    /// ``Presenter/response(for:showingLocation:addedBy:imageText:)`` (the item's own answer, to the gallery's members).
    var addedBy: String?
    /// The text read in its image ("" when none was found; absent when it is not read, or it is no image), told only by
    /// ``Presenter/response(for:showingLocation:addedBy:imageText:)``: up to 100 KB, not for every item of a list.
    var imageText: String?
    /// The other galleries the person may read holding the same picture (the same bytes or a near-identical image),
    /// told only by the item's own answer and its upload's (``GalleryAccess/galleriesAlsoHolding(_:for:in:)``); absent
    /// elsewhere.
    var alsoIn: [AlsoInResponse]?

    init(_ item: Item, progress: ProgressBoard.Entry? = nil, thumbnails: [Thumbnail] = []) {
        id = item.id.rawValue
        kind = item.kind
        galleryId = item.galleryID.rawValue
        orderKey = item.orderKey.rawValue
        state = item.state
        origin = item.origin
        title = item.title
        caption = item.caption
        tags = item.tags
        sourceURL = item.sourceURL
        text = item.text
        if item.kind == .link {
            pageURL = item.sourceURL
            description = item.pageDescription
            siteName = item.siteName
            if let hash = item.siteIconHash, let mime = item.siteIconMimeType {
                siteIconURL = MediaPath.make(hash: hash, mimeType: mime)
            }
        }
        if let hash = item.blobHash, let mime = item.mimeType {
            if item.kind == .video {
                videoURL = MediaPath.make(hash: hash, mimeType: mime)
                posterURL = item.hasPoster ? MediaPath.poster(hash: hash) : nil
                durationSeconds = item.durationSeconds
            } else if item.hasPoster {
                imageURL = MediaPath.displayCopy(hash: hash)
                originalURL = MediaPath.make(hash: hash, mimeType: mime)
            } else {
                imageURL = MediaPath.make(hash: hash, mimeType: mime)
            }
        }
        self.thumbnails = item.state == .ready ? thumbnails : []
        mimeType = item.mimeType
        width = item.shownSize?.width ?? item.width
        height = item.shownSize?.height ?? item.height
        orientation = item.orientation == .upright ? nil : item.orientation
        byteCount = item.byteCount
        failure = item.failure.map { Failure(code: $0.code, message: $0.message) }
        retryable = item.isRetryable
        self.progress = item.state == .pending ? progress : nil
        trashed = item.trashedAt != nil
        changeSequence = item.changeSequence
        createdAt = item.createdAt
        board = BoardResponse(position: item.boardPosition)
        photo = item.photo.flatMap { $0.isEmpty ? nil : $0.withoutLocation }.flatMap { $0.isEmpty ? nil : $0 }
        if item.state == .ready, item.blobHash != nil, item.kind == .image || item.kind == .video {
            downloadURL = "/api/items/\(item.id.rawValue)/download"
        }
    }
}

/// Items a batch request acted on, or the trash.
struct ItemListResponse: ResponseEncodable {
    var items: [ItemResponse]
}

/// The items a batch request names: at least one, at most ``maximumCount``.
struct ItemBatchRequest: Decodable {
    /// The most items one request may name.
    static let maximumCount = 1000

    var itemIds: [ItemID]

    /// The ids, after checking their number.
    func validatedIDs() throws(GalleryError) -> [ItemID] {
        try Self.validated(itemIds)
    }

    static func validated(_ ids: [ItemID]) throws(GalleryError) -> [ItemID] {
        guard !ids.isEmpty else { throw .invalid("'itemIds' must name at least one item.") }
        guard ids.count <= maximumCount else {
            throw .invalid("'itemIds' may name at most \(maximumCount) items.")
        }
        return ids
    }
}

/// The items a request to trash or move names: by id (at most ``ItemBatchRequest/maximumCount``), or as a run of a
/// gallery's items from one to another, as many as were selected ("Select All" of a million items: one small request
/// and one transaction).
enum NamedItems {
    /// A run: its ends, and how many items it holds (the store checks that it still does).
    struct Run: Decodable {
        var firstItemId: ItemID
        var lastItemId: ItemID
        var count: Int
    }

    case named([ItemID])
    case run(Run)

    /// What a request names, after checking that exactly one of `itemIds` and `range` is given, and their sizes.
    static func validated(_ ids: [ItemID]?, _ range: Run?) throws(GalleryError) -> NamedItems {
        switch (ids, range) {
        case (let ids?, nil):
            return .named(try ItemBatchRequest.validated(ids))
        case (nil, let run?):
            guard run.count >= 1 else { throw .invalid("A range holds at least 1 item.") }
            return .run(run)
        default:
            throw .invalid("Name the items either by 'itemIds' or by a 'range'.")
        }
    }
}

/// Where items go: `{"index": n}`, `{"after": itemId}`, `{"before": itemId}`, `{"start": true}`; absent (or `{}`)
/// means the end.
struct PositionRequest: Decodable {
    var index: Int?
    var after: String?
    var before: String?
    var start: Bool?

    func insertionPoint() throws(GalleryError) -> InsertionPoint {
        let given = [index != nil, after != nil, before != nil, start == true].filter { $0 }.count
        guard given <= 1 else {
            throw .invalid("Give at most one of 'index', 'after', 'before' and 'start' for the position.")
        }
        if let after {
            guard let id = ItemID(after) else { throw .invalid("'after' must be an item id.") }
            return .after(id)
        }
        if let before {
            guard let id = ItemID(before) else { throw .invalid("'before' must be an item id.") }
            return .before(id)
        }
        if let index {
            guard index >= 0 else { throw .invalid("'index' must not be negative.") }
            return .index(index)
        }
        if start == true { return .start }
        return .end
    }
}

extension PositionRequest? {
    /// The insertion point; no position means the end.
    func insertionPoint() throws(GalleryError) -> InsertionPoint {
        guard let self else { return .end }
        return try self.insertionPoint()
    }
}
