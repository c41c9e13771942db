import Foundation
import GalleryCore
import Hummingbird

/// `/api/galleries`: galleries as documents — list, create, rename, duplicate, delete to the trash of galleries,
/// restore — and each session's undo and redo in them.
struct GalleryRoutes<Context: RequestContext> {
    let store: any GalleryStore
    let ingestion: IngestionService
    /// The largest JSON body accepted.
    let jsonBodyBytes: Int

    func add(to router: Router<Context>) {
        let galleries = router.group("api/galleries")
        galleries.get { request, _ in
            let trashed = request.uri.queryParameters.get("trashed") == "true"
            let list = try await trashed ? store.trashedGalleries() : store.galleries()
            return GalleryListResponse(galleries: list.map(response))
        }
        galleries.post { request, context in
            let body = try await request.decodeJSON(as: CreateGalleryRequest.self, limit: jsonBodyBytes)
            let gallery = try await store.createGallery(named: body.name)
            return EditedResponse(status: .created, response: response(gallery))
        }
        galleries.get(":gallery") { _, context in
            response(try await store.gallery(try Self.galleryID(context)))
        }
        galleries.patch(":gallery") { request, context in
            let id = try Self.galleryID(context)
            let body = try await request.decodeJSON(as: UpdateGalleryRequest.self, limit: jsonBodyBytes)
            guard body.name != nil || body.imagesPerRow != nil else {
                throw GalleryError.invalid("Nothing to change: send 'name' and/or 'imagesPerRow'.")
            }
            return response(
                try await store.updateGallery(
                    id, name: body.name, imagesPerRow: body.imagesPerRow, recordingFor: try request.historySession()))
        }
        galleries.delete(":gallery") { _, context in
            response(try await store.trashGallery(try Self.galleryID(context)))
        }
        galleries.post(":gallery/restore") { _, context in
            response(try await store.restoreGallery(try Self.galleryID(context)))
        }
        galleries.post(":gallery/duplicate") { request, context in
            let id = try Self.galleryID(context)
            // The body is optional: no body (or `{}`) names the copy "<name> copy".
            let name = try await request.decodeOptionalJSON(as: DuplicateGalleryRequest.self, limit: jsonBodyBytes)?
                .name
            let (gallery, items) = try await store.duplicateGallery(id, named: name)
            await ingestion.startLoadingCopies(items)
            return EditedResponse(status: .created, response: response(try await store.gallery(gallery.id)))
        }
        galleries.get(":gallery/history") { request, context in
            HistoryResponse(
                try await store.history(in: try Self.galleryID(context), for: try request.requiredHistorySession()))
        }
        for direction in [HistoryDirection.undo, .redo] {
            galleries.post(":gallery/\(direction.rawValue)") { request, context in
                let outcome = try await store.step(
                    direction, in: try Self.galleryID(context), for: try request.requiredHistorySession())
                return HistoryStepResponse(
                    message: outcome.message, history: HistoryResponse(outcome.state),
                    items: outcome.items.map(ingestion.response(for:)))
            }
        }
    }

    func response(_ gallery: Gallery) -> GalleryResponse { ingestion.response(for: gallery) }

    static func galleryID(_ context: Context) throws -> GalleryID {
        try context.parameters.typedID("gallery", what: "gallery")
    }
}
