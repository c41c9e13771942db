import Foundation
import GalleryCore
import Hummingbird

/// `/api/items/{id}`: one item, its upload, retry and removal.
struct ItemRoutes<Context: IdentifiedRequestContext> {
    let store: any GalleryStore
    let ingestion: IngestionService
    let access: GalleryAccess

    func add(to router: Router<Context>) {
        let items = router.group("api/items")
        items.get(":item") { request, context in
            response(try await store.item(try await itemID(request, context)))
        }
        items.put(":item/content") { request, context in
            let id = try await itemID(request, context)
            let declared = request.headers[.contentLength].flatMap { Int64($0) }
            let item = try await ingestion.receiveUpload(
                for: id, declaredLength: declared, body: request.body.map { $0.readableBytesView })
            return response(item)
        }
        items.post(":item/retry") { request, context in
            let item = try await store.markPendingForRetry(try await itemID(request, context))
            await ingestion.restartFetching(item)
            return EditedResponse(status: .accepted, response: response(item))
        }
        items.delete(":item") { request, context in
            let item = try await store.trashItem(
                try await itemID(request, context), recordingFor: try request.historySession())
            return response(item)
        }
    }

    func response(_ item: Item) -> ItemResponse { ingestion.response(for: item) }

    /// The item of the `:item` path parameter, after checking the request may read (GET) or change its gallery; an
    /// item of a gallery one was not given is a 404 like an unknown one.
    func itemID(_ request: Request, _ context: Context) async throws -> ItemID {
        let id: ItemID = try context.parameters.typedID("item", what: "item")
        let permission: GalleryPermission = request.method == .get ? .view : .edit
        guard let gallery = try await access.accounts.galleries(ofItems: [id])[id],
            try await access.role(of: context.identity, in: gallery) != nil
        else { throw GalleryError.notFound("There is no such item.") }
        try await access.require(permission, in: gallery, for: context.identity)
        return id
    }
}
