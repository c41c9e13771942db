import Foundation
import GalleryCore
import Hummingbird

/// Titles, captions and tags: `PATCH /api/items/{id}` changes one item's, `POST /api/galleries/{id}/descriptions`
/// those of several items of a gallery at once (tags added or removed on a selection); each is one undoable change.
struct DescriptionRoutes<Context: IdentifiedRequestContext> {
    let store: any GalleryStore
    /// Renders items as the API shows them.
    let presenter: Presenter
    let access: GalleryAccess
    /// The largest JSON body accepted.
    let jsonBodyBytes: Int

    func add(to router: Router<Context>) {
        router.patch("api/items/:item") { request, context in
            let id = try await access.item(request, context)
            let body = try await request.decodeJSON(as: DescriptionRequest.self, limit: jsonBodyBytes)
            let session = try request.historySession(for: context.identity)
            let gallery = try await store.item(id).galleryID
            let items = try await store.describeItems([id], in: gallery, body.change, recordingFor: session)
            return try await store.recorded(presenter.response(for: items[0]), in: gallery, for: session)
        }
        router.post("api/galleries/:gallery/descriptions") { request, context in
            let gallery = try await access.gallery(request, context)
            let body = try await request.decodeJSON(as: ItemsDescriptionRequest.self, limit: jsonBodyBytes)
            let session = try request.historySession(for: context.identity)
            switch try NamedItems.validated(body.itemIds, body.range) {
            case .named(let ids):
                let items = try await store.describeItems(ids, in: gallery, body.change, recordingFor: session)
                return try await store.recorded(
                    ItemsDescribedResponse(items: items.map(presenter.response(for:))), in: gallery, for: session)
            case .run(let run):
                let changed = try await store.describeItems(
                    from: run.firstItemId, through: run.lastItemId, count: run.count, in: gallery, body.change,
                    recordingFor: session)
                return try await store.recorded(
                    ItemsDescribedResponse(changed: changed.count, sequence: changed.sequence), in: gallery,
                    for: session)
            }
        }
    }
}

/// `PATCH /api/items/{id}`: the fields to change; those left out stay as they are.
struct DescriptionRequest: Decodable {
    var title: String?
    /// An empty caption takes it away.
    var caption: String?
    /// Every tag the item is to have.
    var tags: [String]?

    var change: ItemDescription.Change { ItemDescription.Change(title: title, caption: caption, tags: tags) }
}

/// `POST /api/galleries/{id}/descriptions`: the items, and what changes for each of them.
struct ItemsDescriptionRequest: Decodable {
    var itemIds: [ItemID]?
    /// A run of any length instead of `itemIds`: tags only.
    var range: NamedItems.Run?
    var title: String?
    var caption: String?
    var addTags: [String]?
    var removeTags: [String]?

    var change: ItemDescription.Change {
        ItemDescription.Change(
            title: title, caption: caption, addedTags: addTags ?? [], removedTags: removeTags ?? [])
    }
}

/// `POST /api/galleries/{id}/descriptions`: the items named, as they are now; or, for a `range`, how many of its items
/// changed and the gallery's change (its event tells the views, which read the run again).
struct ItemsDescribedResponse: ResponseEncodable {
    var items: [ItemResponse]?
    var changed: Int?
    var sequence: Int64?
}
