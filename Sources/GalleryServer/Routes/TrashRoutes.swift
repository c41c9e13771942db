import BlobStore
import Foundation
import GalleryCore
import Hummingbird

/// `/api/galleries/{id}/trash`: moving items to a gallery's trash, listing it, restoring from it and emptying it.
struct TrashRoutes<Context: IdentifiedRequestContext> {
    let store: any GalleryStore
    let blobs: BlobStore
    /// The thumbnails removed with the files of emptied trash.
    let thumbnails: ThumbnailService
    /// Renders items as the API shows them.
    let presenter: Presenter
    let access: GalleryAccess
    /// The largest JSON body accepted.
    let jsonBodyBytes: Int

    /// The most trashed items one listing shows.
    static var maximumListed: Int { 1000 }

    func add(to router: Router<Context>) {
        let trash = router.group("api/galleries/:gallery/trash")
        trash.get { request, context in
            // What was thrown away is for those who may take it back: not a viewer's or a read-only link's to see.
            let id = try await access.gallery(request, context, needs: .edit)
            let limit = request.uri.queryParameters.get("limit").flatMap { Int($0) } ?? Self.maximumListed
            let items = try await store.trashedItems(in: id, limit: min(limit, Self.maximumListed))
            return ItemListResponse(items: items.map(response))
        }
        trash.post { request, context in
            let id = try await access.gallery(request, context)
            let body = try await request.decodeJSON(as: TrashRequest.self, limit: jsonBodyBytes)
            let session = try request.historySession(for: context.identity)
            switch try body.validated() {
            case .named(let ids):
                let items = try await store.trashItems(ids, in: id, recordingFor: session)
                return try await store.recorded(ItemListResponse(items: items.map(response)), in: id, for: session)
                    .response(from: request, context: context)
            case .run(let run):
                let trashed = try await store.trashItems(
                    from: run.firstItemId, through: run.lastItemId, count: run.count, in: id, recordingFor: session)
                return try await store.recorded(
                    TrashedRunResponse(trashed: trashed.count, sequence: trashed.sequence), in: id, for: session
                ).response(from: request, context: context)
            }
        }
        trash.post("restore") { request, context in
            let id = try await access.gallery(request, context)
            let body = try await request.decodeJSON(as: ItemBatchRequest.self, limit: jsonBodyBytes)
            let session = try request.historySession(for: context.identity)
            let items = try await store.restoreItems(try body.validatedIDs(), in: id, recordingFor: session)
            return try await store.recorded(ItemListResponse(items: items.map(response)), in: id, for: session)
        }
        trash.delete { request, context in
            let id = try await access.gallery(request, context)
            let deleted = try await store.emptyTrash(in: id) { [blobs, thumbnails] hashes in
                blobs.remove(hashes: hashes)
                thumbnails.remove(hashes: hashes)
            }
            return EmptyTrashResponse(deleted: deleted)
        }
    }

    func response(_ item: Item) -> ItemResponse { presenter.response(for: item) }
}
