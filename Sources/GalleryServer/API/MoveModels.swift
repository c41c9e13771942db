import GalleryCore
import Hummingbird

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
