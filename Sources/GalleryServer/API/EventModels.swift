import Foundation
import GalleryCore
import Hummingbird

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
