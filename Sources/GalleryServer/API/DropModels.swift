import DragAndDrop
import GalleryCore
import Hummingbird

/// `POST /api/galleries/{id}/drops`
struct DropRequest: Decodable {
    typealias Position = PositionRequest

    var payload: DropPayload
    var at: Position?

    func insertionPoint() throws(GalleryError) -> InsertionPoint { try at.insertionPoint() }
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
