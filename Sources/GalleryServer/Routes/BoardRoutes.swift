import Foundation
import GalleryCore
import Hummingbird

/// `/api/galleries/{id}/board`: putting a gallery's items where they lie on its board (its order stays).
struct BoardRoutes<Context: IdentifiedRequestContext> {
    let store: any GalleryStore
    let ingestion: IngestionService
    let access: GalleryAccess
    /// The largest JSON body accepted.
    let jsonBodyBytes: Int

    func add(to router: Router<Context>) {
        router.post("api/galleries/:gallery/board") { request, context in
            let id = try await access.gallery(request, context)
            let body = try await request.decodeJSON(as: ArrangeRequest.self, limit: jsonBodyBytes)
            let session = try request.historySession()
            let positions = try body.validatedPositions()
            let arranged =
                body.placing == true
                ? try await store.placeItems(positions, in: id)
                : try await store.arrangeItems(positions, in: id, recordingFor: session)
            return try await store.recorded(
                ItemListResponse(items: arranged.map(ingestion.response(for:))), in: id, for: session)
        }
    }
}
