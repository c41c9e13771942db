import DragAndDrop
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

/// One change of a gallery, as views receive it.
struct EventResponse: ResponseEncodable, Equatable {
    var sequence: Int64
    var gallery: GalleryResponse
    var items: [ItemResponse]
    /// Ids of items that left the gallery (moved to another gallery, or deleted for good).
    var removed: [String]
    /// Runs of items that went into the trash or came out of it together, told by their ends (absent when none).
    var runs: [RunResponse]?
}

/// A run of items that left a span of a gallery's order together (`left`: every live item with a key from `firstKey`
/// through `lastKey` went, to the trash or elsewhere, except the items the same event lists) or came into it (`count`
/// items in that span: read them).
struct RunResponse: Codable, Equatable {
    var firstKey: String
    var lastKey: String
    var count: Int
    var left: Bool

    init(_ run: KeyRun) {
        firstKey = run.firstKey.rawValue
        lastKey = run.lastKey.rawValue
        count = run.count
        left = run.hasLeft
    }
}

/// `GET /api/galleries/{id}/events?since=N`
struct EventsResponse: ResponseEncodable {
    var gallery: GalleryResponse
    var events: [EventResponse]
    /// True when the events after N are no longer kept: load the gallery afresh.
    var reset: Bool
}

/// What a session can undo and redo in a gallery.
struct HistoryResponse: ResponseEncodable, Equatable {
    struct Action: Codable, Equatable {
        /// A short name for the button: "Move", "Drop"…
        var name: String
    }

    var undo: Action?
    var redo: Action?

    init(_ state: HistoryState) {
        undo = state.undo.map { Action(name: HistoryPlanner.name(of: $0)) }
        redo = state.redo.map { Action(name: HistoryPlanner.name(of: $0)) }
    }
}

/// `POST /api/galleries/{id}/undo` and `…/redo`
struct HistoryStepResponse: ResponseEncodable {
    var message: String
    var history: HistoryResponse
    var items: [ItemResponse]
}

/// `POST /api/galleries/{id}/duplicate`
struct DuplicateGalleryRequest: Decodable { var name: String? }

/// An item as the API shows it.
struct ItemResponse: ResponseEncodable, Equatable {
    struct Failure: Codable, Equatable {
        var code: String
        var message: String
    }

    /// A smaller WebP copy of the image.
    struct Thumbnail: Codable, Equatable {
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
    /// Smaller copies of the image, smallest first; empty without libvips, for small images, animations, and until
    /// they are made.
    var thumbnails: [Thumbnail]
    var mimeType: String?
    var width: Int?
    var height: Int?
    var byteCount: Int64?
    var failure: Failure?
    var retryable: Bool
    var progress: ProgressBoard.Entry?
    var trashed: Bool
    var changeSequence: Int64
    var createdAt: Date
    /// Where it lies on its gallery's board, or null when it is not on it yet.
    var board: BoardResponse

    init(_ item: Item, progress: ProgressBoard.Entry? = nil, thumbnails: [Thumbnail] = []) {
        id = item.id.rawValue
        kind = item.kind
        galleryId = item.galleryID.rawValue
        orderKey = item.orderKey.rawValue
        state = item.state
        origin = item.origin
        title = item.title
        sourceURL = item.sourceURL
        text = item.text
        if item.kind == .link {
            pageURL = item.sourceURL
            description = item.pageDescription
            siteName = item.siteName
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
        width = item.width
        height = item.height
        byteCount = item.byteCount
        failure = item.failure.map { Failure(code: $0.code, message: $0.message) }
        retryable = item.isRetryable
        self.progress = item.state == .pending ? progress : nil
        trashed = item.trashedAt != nil
        changeSequence = item.changeSequence
        createdAt = item.createdAt
        board = BoardResponse(position: item.boardPosition)
    }
}

/// An item's place on its gallery's board as the API shows it: `{"x", "y", "width", "z"}`, or `null` when it is not
/// on the board yet (written out, not left out, so that a view can tell "taken off the board" from "not sent").
struct BoardResponse: Encodable, Equatable {
    var position: BoardPosition?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let position { try container.encode(position) } else { try container.encodeNil() }
    }
}

struct GalleryListResponse: ResponseEncodable { var galleries: [GalleryResponse] }

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

struct BoardPageResponse: ResponseEncodable {
    var gallery: GalleryResponse
    /// The live items on the board that meet the rectangle asked for.
    var items: [ItemResponse]
    /// Whether these are all of them (false: more meet it than were asked for).
    var complete: Bool
}

struct BoardBoundsResponse: ResponseEncodable {
    /// The rectangle around every item on the board; null when none is on it.
    var bounds: BoardRect?

    enum CodingKeys: String, CodingKey { case bounds }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(bounds, forKey: .bounds)  // null, not left out
    }
}

struct PlacedRestResponse: ResponseEncodable {
    /// How many items were put on the board.
    var placed: Int
    /// Whether some may be left: ask again.
    var more: Bool
}

struct ChangesResponse: ResponseEncodable {
    var gallery: GalleryResponse
    var items: [ItemResponse]
    /// The change number the items are complete through: the next read asks `since` it.
    var through: Int64
    /// Whether every change is in this answer (false: read on from `through`).
    var complete: Bool
    /// Bytes received by every item of the gallery that is loading now, by item id.
    var progress: [String: ProgressBoard.Entry]
}

struct DropResponse: ResponseEncodable {
    struct Upload: Codable, Equatable {
        var itemId: String
        var fileIndex: Int
        var uploadURL: String
    }

    var items: [ItemResponse]
    var uploads: [Upload]
}

/// `POST /api/galleries`
struct CreateGalleryRequest: Decodable { var name: String }

/// `PATCH /api/galleries/{id}`
struct UpdateGalleryRequest: Decodable {
    var name: String?
    var imagesPerRow: Int?
    /// "grid", "list" or "board".
    var view: String?

    /// The view asked for, if any, after checking it is one there is.
    func validatedView() throws(GalleryError) -> GalleryView? {
        try view.map { name throws(GalleryError) in try GalleryView.validated(name) }
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

/// `POST /api/galleries/{id}/drops`
struct DropRequest: Decodable {
    typealias Position = PositionRequest

    var payload: DropPayload
    var at: Position?

    func insertionPoint() throws(GalleryError) -> InsertionPoint { try at.insertionPoint() }
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

/// `POST /api/galleries/{id}/trash`: the items named, or a run (``NamedItems``).
struct TrashRequest: Decodable {
    var itemIds: [ItemID]?
    var range: NamedItems.Run?

    func validated() throws(GalleryError) -> NamedItems { try .validated(itemIds, range) }
}

/// `POST /api/galleries/{id}/trash` with a `range`: how many items went, and the gallery's change that moved them
/// (its event removes them from views; the items are not listed).
struct TrashedRunResponse: ResponseEncodable {
    var trashed: Int
    var sequence: Int64
}

/// `POST /api/galleries/{id}/moves` and `…/copies`: the items, in the order they end in, and where they go.
struct MoveRequest: Decodable {
    var itemIds: [ItemID]?
    /// A move may name a run instead (``NamedItems``); a copy names its items.
    var range: NamedItems.Run?
    var at: PositionRequest?

    func validated() throws(GalleryError) -> NamedItems { try .validated(itemIds, range) }
    func validatedIDs() throws(GalleryError) -> [ItemID] {
        guard range == nil else { throw .invalid("A copy names its items by 'itemIds'.") }
        return try ItemBatchRequest.validated(itemIds ?? [])
    }
    func insertionPoint() throws(GalleryError) -> InsertionPoint { try at.insertionPoint() }
}

/// `POST /api/galleries/{id}/moves` with a `range`: how many items moved, and the gallery's change that moved them
/// (their events tell the run by its ends; the items are not listed).
struct MovedRunResponse: ResponseEncodable {
    var moved: Int
    var sequence: Int64
}

/// `POST /api/galleries/{id}/board`: where items go on the gallery's board.
struct ArrangeRequest: Decodable {
    /// One item's new position.
    struct Entry: Decodable {
        var itemId: ItemID
        var x: Double
        var y: Double
        var width: Double
        var z: Int
    }

    var positions: [Entry]
    /// Whether only items not on the board yet are put there (the others stay where they are), as no undoable
    /// action of its own: placing new items, or items the board drew in free space.
    var placing: Bool?

    /// The positions, after checking their number (as many as other batch requests may name); the store checks
    /// their values and items.
    func validatedPositions() throws(GalleryError) -> [(id: ItemID, position: BoardPosition)] {
        guard !positions.isEmpty else { throw .invalid("'positions' must place at least one item.") }
        guard positions.count <= ItemBatchRequest.maximumCount else {
            throw .invalid("'positions' may place at most \(ItemBatchRequest.maximumCount) items.")
        }
        return positions.map { entry in
            (entry.itemId, BoardPosition(x: entry.x, y: entry.y, width: entry.width, z: entry.z))
        }
    }
}

/// Items a batch request acted on, or the trash.
struct ItemListResponse: ResponseEncodable {
    var items: [ItemResponse]
}

/// `DELETE /api/galleries/{id}/trash`
struct EmptyTrashResponse: ResponseEncodable {
    /// How many items were deleted for good.
    var deleted: Int
}

/// URLs of stored images and videos: content-addressed and immutable.
enum MediaPath {
    /// The URL of a file stored as `mimeType`: its hash and the extension of that type. `/media/` serves the file
    /// under this URL only.
    static func make(hash: String, mimeType: String) -> String {
        "/media/\(hash).\(TypeIdentifier(mimeType: mimeType)?.preferredFileExtension ?? "bin")"
    }

    /// The type `/media/` serves a file stored as `mimeType` with, or nil if it is not served: only image and
    /// video types, never SVG (a document that can run scripts).
    static func servedType(forStored mimeType: String) -> TypeIdentifier? {
        guard let type = TypeIdentifier(mimeType: mimeType), type.conforms(to: .image) || type.conforms(to: .video),
            !type.isWildcard, type.mimeType != "image/svg+xml"
        else { return nil }
        return type
    }

    /// The URL of the WebP copy of a TIFF or HEIC image.
    static func displayCopy(hash: String) -> String {
        "/media/display/\(hash).webp"
    }

    /// The URL of the copy browsers play of a video they do not (H.264 and AAC in MP4).
    static func playableCopy(hash: String) -> String {
        "/media/playable/\(hash).mp4"
    }

    /// The URL of a video's poster frame.
    static func poster(hash: String) -> String {
        "/media/posters/\(hash).jpg"
    }

    static func thumbnail(hash: String, width: Int) -> String {
        "/media/thumbnails/\(hash)-\(width).webp"
    }
}
