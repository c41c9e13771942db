import Foundation
import GalleryCore
import Hummingbird

/// `/api/items/{id}`: one item, its upload, retry and removal.
struct ItemRoutes<Context: RequestContext> {
    let store: any GalleryStore
    let ingestion: IngestionService

    func add(to router: Router<Context>) {
        let items = router.group("api/items")
        items.get(":item") { _, context in
            response(try await store.item(try Self.itemID(context)))
        }
        items.put(":item/content") { request, context in
            let id = try Self.itemID(context)
            let declared = request.headers[.contentLength].flatMap { Int64($0) }
            let item = try await ingestion.receiveUpload(
                for: id, declaredLength: declared, body: request.body.map { $0.readableBytesView })
            return response(item)
        }
        items.post(":item/retry") { _, context in
            let item = try await store.markPendingForRetry(try Self.itemID(context))
            await ingestion.restartFetching(item)
            return EditedResponse(status: .accepted, response: response(item))
        }
        items.delete(":item") { request, context in
            let item = try await store.trashItem(try Self.itemID(context), recordingFor: try request.historySession())
            return response(item)
        }
    }

    func response(_ item: Item) -> ItemResponse { ingestion.response(for: item) }

    static func itemID(_ context: Context) throws -> ItemID {
        try context.parameters.typedID("item", what: "item")
    }
}
