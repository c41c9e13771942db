import GalleryCore
import Hummingbird

/// `POST /api/galleries/{id}/moves` and `…/copies`: the items, in the order they end in, and where they go.
struct MoveRequest: Decodable {
    var itemIds: [ItemID]?
    /// A move may name a run instead (``NamedItems``); a copy names its items.
    var range: NamedItems.Run?
    var at: PositionRequest?
    /// Where the items go on the board (those not on it yet: copies, items from another gallery).
    var boardPoint: BoardPoint?
    var boardPlaces: [BoardPoint.Place]?

    func validated() throws(GalleryError) -> NamedItems { try .validated(itemIds, range) }
    /// Where the items go on the board, or nil: a run (too long to name its places) only fanned out from a point.
    func boardArrival() throws(GalleryError) -> BoardArrival? {
        let arrival = BoardArrivalRequest(boardPoint: boardPoint, boardPlaces: boardPlaces)
        if range != nil, boardPlaces != nil {
            throw .invalid("'boardPlaces' goes with 'itemIds'; a 'range' takes a 'boardPoint'.")
        }
        return try arrival.validated(count: range == nil ? itemIds?.count ?? 0 : nil)
    }
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
