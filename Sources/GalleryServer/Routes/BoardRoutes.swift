import Foundation
import GalleryCore
import Hummingbird

/// `/api/galleries/{id}/board`: putting a gallery's items where they lie on its board (its order stays).
struct BoardRoutes<Context: IdentifiedRequestContext> {
    let store: any GalleryStore
    /// Renders items and galleries as the API shows them.
    let presenter: Presenter
    let access: GalleryAccess
    /// The largest JSON body accepted.
    let jsonBodyBytes: Int

    func add(to router: Router<Context>) {
        router.get("api/galleries/:gallery/board") { request, context in
            let id = try await access.gallery(request, context)
            let query = request.uri.queryParameters
            let rect = try BoardRect(query: query)
            let limit = query.get("limit").flatMap { Int($0) } ?? 1000
            let page = try await store.boardItems(in: id, meeting: rect, limit: limit)
            return BoardPageResponse(
                gallery: presenter.response(for: page.gallery), items: page.items.map(presenter.response(for:)),
                complete: page.complete)
        }
        router.get("api/galleries/:gallery/board/bounds") { request, context in
            let id = try await access.gallery(request, context)
            return BoardBoundsResponse(bounds: try await store.boardBounds(in: id))
        }
        router.post("api/galleries/:gallery/board/rest") { request, context in
            // A viewer may ask too: where the items go follows from the gallery alone (whoever asks), and until
            // someone asks, a board too big to be held whole does not show them.
            let id = try await access.gallery(request, context, needs: .view)
            // In batches that each hold the database's writer briefly: the page asks again while there are more.
            let done = try await store.placeRest(
                in: id, atMost: try PlacedRestResponse.limit(request.uri.queryParameters))
            return PlacedRestResponse(placed: done.placed, more: done.more)
        }
        router.post("api/galleries/:gallery/board") { request, context in
            let id = try await access.gallery(request, context)
            let body = try await request.decodeJSON(as: ArrangeRequest.self, limit: jsonBodyBytes)
            let session = try request.historySession(for: context.identity)
            let positions = try body.validatedPositions()
            let arranged = try await store.arrangeItems(positions, in: id, recordingFor: session)
            return try await store.recorded(
                ItemListResponse(items: arranged.map(presenter.response(for:))), in: id, for: session)
        }
    }
}

extension BoardRect {
    /// The rectangle a request names by `x`, `y`, `width` and `height` (board units).
    init(query: Parameters) throws(GalleryError) {
        func number(_ name: String) throws(GalleryError) -> Double {
            guard let text = query.get(name), let value = Double(text) else {
                throw .invalid("'\(name)' must be a number: the board rectangle to read is x, y, width and height.")
            }
            return value
        }
        self = try BoardRect(x: number("x"), y: number("y"), width: number("width"), height: number("height"))
            .validated()
    }
}
