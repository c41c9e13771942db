import DragAndDrop
import GalleryCore
import Hummingbird

/// `POST /api/galleries/{id}/drops`
struct DropRequest: Decodable {
    typealias Position = PositionRequest

    var payload: DropPayload
    var at: Position?
    /// The board point the drop landed on, when the gallery is shown as a board: the items fan out from there.
    var boardPoint: BoardPoint?
    /// Read only to refuse it: a drop's items have no places of their own yet.
    var boardPlaces: [BoardPoint.Place]?

    func insertionPoint() throws(GalleryError) -> InsertionPoint { try at.insertionPoint() }
    func boardArrival() throws(GalleryError) -> BoardArrival? {
        try BoardArrivalRequest(boardPoint: boardPoint, boardPlaces: boardPlaces).validated(count: nil)
    }
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
