import GalleryCore
import Hummingbird

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

/// `DELETE /api/galleries/{id}/trash`
struct EmptyTrashResponse: ResponseEncodable {
    /// How many items were deleted for good.
    var deleted: Int
}
