import Foundation

/// The life cycle of an item: a placeholder while its data loads, then ready or failed.
public enum ItemState: String, Sendable, Codable, CaseIterable {
    /// Dropped, data not there yet: shown as a placeholder.
    case pending
    /// The image is stored and can be shown.
    case ready
    /// Loading failed; the item says why and can be retried or removed.
    case failed
}

/// Where an item's bytes come from.
public enum ItemOrigin: String, Sendable, Codable, CaseIterable {
    /// Fetched by the server from `sourceURL`.
    case remote
    /// Uploaded by the browser from a dropped or pasted file.
    case upload
    /// Carried in the drop itself (a `data:` URL).
    case inline
}

/// One item of a gallery.
public struct Item: Sendable, Equatable, Codable, Identifiable {
    /// The item's id.
    public var id: ItemID
    /// What it is: an image, a video, a note or a link.
    public var kind: ItemKind
    /// The gallery holding it.
    public var galleryID: GalleryID
    /// Its place in the gallery's order.
    public var orderKey: OrderKey
    /// Pending, ready or failed.
    public var state: ItemState
    /// Where its bytes come from.
    public var origin: ItemOrigin
    /// The URL it came from (the image's own URL, unwrapped from search-engine links), if any.
    public var sourceURL: String?
    /// A short title: the file name, the last part of the source URL, or what the person wrote.
    public var title: String
    /// What the person wrote about it (an image's alternative text), if anything.
    public var caption: String?
    /// The person's tags, in the order added.
    public var tags: [String]
    /// A note's text, exactly as written.
    public var text: String?
    /// A link's page description, if the page has one.
    public var pageDescription: String?
    /// A link's site name, if the page says.
    public var siteName: String?
    /// The stored bytes' SHA-256 (hex), once ready: the image, the video, or a link's preview image.
    public var blobHash: String?
    /// The stored file's MIME type, once ready.
    public var mimeType: String?
    /// A link's site icon, stored as a file of its own (SHA-256, hex), when its page has no preview image and the
    /// site's icon could be fetched; nil otherwise.
    public var siteIconHash: String?
    /// The MIME type of the stored site icon (a raster image), with ``siteIconHash``.
    public var siteIconMimeType: String?
    /// Display width in pixels, once ready.
    public var width: Int?
    /// Display height in pixels, once ready.
    public var height: Int?
    /// The stored size in bytes, once ready.
    public var byteCount: Int64?
    /// A video's duration in seconds, when its header says.
    public var durationSeconds: Double?
    /// Whether a poster frame was made of the video.
    public var hasPoster: Bool
    /// How a video plays in browsers (its codec, its copy); nil for other kinds, and for a video stored before it was
    /// recorded until the check at start records it.
    public var videoPlayback: VideoPlayback?
    /// Why loading failed, when failed.
    public var failure: FailureReason?
    /// When it was dropped.
    public var createdAt: Date
    /// When it last changed.
    public var updatedAt: Date
    /// When it was moved to the trash, if it was.
    public var trashedAt: Date?
    /// The gallery change number of its last change.
    public var changeSequence: Int64
    /// How many times a user action placed it (moved, trashed, restored, moved between galleries); undo compares it
    /// to tell whether somebody placed it since.
    public var placementVersion: Int64
    /// Where it lies on its gallery's board, or nil if it was never put there (a view places it in free space).
    public var boardPosition: BoardPosition?
    /// The widths of its image's thumbnails, as recorded with the image; nil while not recorded (an image stored
    /// before they were, until the check at start records them).
    public var thumbnailWidths: [Int]?
    /// What the camera wrote in its image's EXIF (empty when nothing); nil for other kinds, and for an image stored
    /// before it was read until the check at start reads it.
    public var photo: PhotoDetails?
    /// How the person turned its image (``ItemOrientation/upright`` until they do).
    public var orientation: ItemOrientation = .upright
    /// The account that added it (nil: added without an account, imported, or kept before this was recorded).
    public var addedBy: UserID?

    /// Makes an item value.
    public init(
        id: ItemID, kind: ItemKind = .image, galleryID: GalleryID, orderKey: OrderKey, state: ItemState,
        origin: ItemOrigin, sourceURL: String?, title: String, text: String? = nil, pageDescription: String? = nil,
        siteName: String? = nil, blobHash: String? = nil, mimeType: String? = nil,
        width: Int? = nil, height: Int? = nil, byteCount: Int64? = nil, durationSeconds: Double? = nil,
        hasPoster: Bool = false, failure: FailureReason? = nil,
        createdAt: Date, updatedAt: Date, trashedAt: Date? = nil, changeSequence: Int64 = 0,
        placementVersion: Int64 = 0, boardPosition: BoardPosition? = nil, thumbnailWidths: [Int]? = nil,
        videoPlayback: VideoPlayback? = nil, caption: String? = nil, tags: [String] = [], photo: PhotoDetails? = nil
    ) {
        self.id = id
        self.caption = caption
        self.tags = tags
        self.photo = photo
        self.videoPlayback = videoPlayback
        self.kind = kind
        self.text = text
        self.pageDescription = pageDescription
        self.siteName = siteName
        self.durationSeconds = durationSeconds
        self.hasPoster = hasPoster
        self.galleryID = galleryID
        self.orderKey = orderKey
        self.state = state
        self.origin = origin
        self.sourceURL = sourceURL
        self.title = title
        self.blobHash = blobHash
        self.mimeType = mimeType
        self.width = width
        self.height = height
        self.byteCount = byteCount
        self.failure = failure
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.trashedAt = trashedAt
        self.changeSequence = changeSequence
        self.placementVersion = placementVersion
        self.boardPosition = boardPosition
        self.thumbnailWidths = thumbnailWidths
    }

    /// Whether the item can be loaded again (it has a source the server can fetch).
    public var isRetryable: Bool {
        state == .failed && sourceURL != nil
    }

    /// Its width and height as it is shown: its file's, turned by its ``orientation`` (nil when unknown).
    public var shownSize: (width: Int, height: Int)? {
        guard let width, let height else { return nil }
        return orientation.swapsSides ? (height, width) : (width, height)
    }

    /// Its title, caption and tags.
    public var description: ItemDescription {
        get { ItemDescription(title: title, caption: caption, tags: tags) }
        set {
            title = newValue.title
            caption = newValue.caption
            tags = newValue.tags
        }
    }
}

/// What a new item is made from, before it has an id and a place.
public struct ItemDraft: Sendable, Equatable {
    /// Where its bytes will come from.
    public var origin: ItemOrigin
    /// The URL it came from, if any.
    public var sourceURL: String?
    /// A short title.
    public var title: String
    /// A note's text: a draft with text is a note, ready as soon as it is made.
    public var text: String?
    /// What the person wrote about it (an imported item's).
    public var caption: String?
    /// The person's tags (an imported item's).
    public var tags: [String] = []
    /// The account adding it.
    public var addedBy: UserID?

    /// Makes a draft of an item whose bytes are loaded.
    public init(origin: ItemOrigin, sourceURL: String?, title: String) {
        self.origin = origin
        self.sourceURL = sourceURL
        self.title = title
    }

    /// Makes a draft of a note holding `text`.
    public init(note text: String) {
        self.init(origin: .inline, sourceURL: nil, title: NoteText.title(of: text))
        self.text = text
    }
}

/// Where new items go in a gallery's order.
public enum InsertionPoint: Sendable, Equatable {
    /// Before every other item.
    case start
    /// After every other item.
    case end
    /// Right after the given item (at the end if it is gone).
    case after(ItemID)
    /// Right before the given item (at the end if it is gone).
    case before(ItemID)
    /// At this index of the live (non-trashed) order, clamped to the ends.
    case index(Int)
}

/// What an ingestion learned about stored bytes (an image, a video, or a link's preview image).
public struct StoredImage: Sendable, Equatable {
    /// SHA-256 of the bytes, hex.
    public var hash: String
    /// MIME type from the magic bytes.
    public var mimeType: String
    /// Display width.
    public var width: Int
    /// Display height.
    public var height: Int
    /// Size in bytes.
    public var byteCount: Int64
    /// The widths of the thumbnails made of it (empty: none, e.g. an animation); nil when not known. A video's
    /// thumbnails are of its poster.
    public var thumbnailWidths: [Int]?
    /// A video's duration in seconds, when its header says.
    public var durationSeconds: Double?
    /// Whether a poster frame was made of the video.
    public var hasPoster: Bool
    /// How a video plays in browsers; nil for an image (and a video stored before it was recorded).
    public var videoPlayback: VideoPlayback?
    /// What the camera wrote in the image's EXIF (empty when nothing); nil when not read (a video).
    public var photo: PhotoDetails?
    /// The image's perceptual hash, made with its thumbnails; nil when none is made (a video, no libvips, an image
    /// stored before hashes were, until the pass at start makes it).
    public var perceptualHash: PerceptualHash?

    /// The kind of item these bytes make: a video for a video file, else an image.
    public var kind: ItemKind { mimeType.hasPrefix("video/") ? .video : .image }

    /// Makes a value.
    public init(
        hash: String, mimeType: String, width: Int, height: Int, byteCount: Int64, thumbnailWidths: [Int]? = nil,
        durationSeconds: Double? = nil, hasPoster: Bool = false, videoPlayback: VideoPlayback? = nil,
        photo: PhotoDetails? = nil
    ) {
        self.videoPlayback = videoPlayback
        self.photo = photo
        self.durationSeconds = durationSeconds
        self.hasPoster = hasPoster
        self.hash = hash
        self.mimeType = mimeType
        self.width = width
        self.height = height
        self.byteCount = byteCount
        self.thumbnailWidths = thumbnailWidths
    }
}
