import Foundation
import GalleryCore
import Hummingbird

/// `POST /api/galleries/{id}/turns`: images of a gallery turned a quarter left or right, or mirrored, without touching
/// their files; one undoable change ("Rotate" or "Flip"), live in every tab.
struct TurnRoutes<Context: IdentifiedRequestContext> {
    let store: any GalleryStore
    /// Renders items as the API shows them.
    let presenter: Presenter
    let access: GalleryAccess
    /// The largest JSON body accepted.
    let jsonBodyBytes: Int

    func add(to router: Router<Context>) {
        router.post("api/galleries/:gallery/turns") { request, context in
            let gallery = try await access.gallery(request, context)
            let body = try await request.decodeJSON(as: TurnRequest.self, limit: jsonBodyBytes)
            let ids = try ItemBatchRequest.validated(body.itemIds)
            let session = try request.historySession(for: context.identity)
            let items = try await store.turnItems(ids, in: gallery, body.turn, recordingFor: session)
            return try await store.recorded(
                ItemListResponse(items: items.map(presenter.response(for:))), in: gallery, for: session)
        }
    }
}

/// `POST /api/galleries/{id}/turns`: the images, and how they turn ("left", "right" or "flip").
struct TurnRequest: Decodable {
    var itemIds: [ItemID]
    var turn: ItemOrientation.Turn
}
