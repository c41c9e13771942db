import Foundation
import GalleryCore
import Hummingbird

/// `/api/items/{id}`: one item, its upload, retry and removal.
struct ItemRoutes<Context: IdentifiedRequestContext> {
    let store: any GalleryStore
    let ingestion: IngestionService
    /// Renders items as the API shows them.
    let presenter: Presenter
    let access: GalleryAccess

    func add(to router: Router<Context>) {
        let items = router.group("api/items")
        items.get(":item") { request, context in
            let item = try await access.openedItem(request, context, in: store)
            let gallery = try await store.gallery(item.galleryID)
            var response = presenter.response(
                for: item, showingLocation: try await access.seesLocation(context.identity, in: gallery),
                addedBy: try await access.adderName(of: item, for: context.identity),
                imageText: try await store.imageText(of: item.id))
            response.alsoIn = try await access.galleriesAlsoHolding(item, for: context.identity, in: store)
            return response
        }
        items.put(":item/content") { request, context in
            let id = try await access.item(request, context)
            let declared = request.headers[.contentLength].flatMap { Int64($0) }
            let item = try await ingestion.receiveUpload(
                for: id, declaredLength: declared, body: request.body.map { $0.readableBytesView })
            // The uploader is told once where else the picture already is ("Also in").
            var answer = response(item)
            if item.state == .ready {
                answer.alsoIn = try await access.galleriesAlsoHolding(item, for: context.identity, in: store)
            }
            return answer
        }
        items.post(":item/retry") { request, context in
            let id = try await access.item(request, context)
            // A retry is a load like a dropped link's: room for it first.
            let item = try await ingestion.withReservedLoads(1, for: GalleryAccess.person(context)) { reservation in
                let item = try await store.markPendingForRetry(id)
                await ingestion.restartFetching(item, in: reservation)
                return item
            }
            return EditedResponse(status: .accepted, response: response(item))
        }
        items.delete(":item") { request, context in
            let session = try request.historySession(for: context.identity)
            let item = try await store.trashItem(try await access.item(request, context), recordingFor: session)
            return try await store.recorded(response(item), in: item.galleryID, for: session)
        }
    }

    func response(_ item: Item) -> ItemResponse { presenter.response(for: item) }
}
