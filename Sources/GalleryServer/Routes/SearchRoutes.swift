import Foundation
import GalleryCore
import Hummingbird

/// `GET /api/search`: items found across every gallery the person may read (a read-only link: its gallery alone),
/// best first, a page at a time. A gallery they may not read is never searched: its items, their count and its name
/// stay unknown to them. `GET /api/tags`: the tags used in those galleries.
struct SearchRoutes<Context: IdentifiedRequestContext> {
    let store: any GalleryStore
    /// Renders items as the API shows them.
    let presenter: Presenter
    let access: GalleryAccess
    /// Says how far the index of items kept before it is built.
    let indexing: SearchIndexBuilder

    func add(to router: Router<Context>) {
        router.get("api/search") { request, context in
            let parameters = try SearchParameters(request.uri.queryParameters)
            var galleries = Set(try await access.roles(of: context.identity).keys)
            if let only = parameters.gallery { galleries = galleries.intersection([only]) }
            let page = try await store.search(
                SearchRequest(
                    query: parameters.query, galleries: galleries.sorted { $0.rawValue < $1.rawValue },
                    kind: parameters.kind, tag: parameters.tag, addedFrom: parameters.addedFrom,
                    addedBefore: parameters.addedBefore, offset: parameters.offset, limit: parameters.limit))
            return SearchResponse(
                items: page.results.map { .init(item: presenter.response(for: $0.item), galleryName: $0.galleryName) },
                count: page.count, more: page.countIsAtLeast, nextCursor: page.nextOffset.map(String.init),
                indexing: indexing.progress.map { .init(indexed: $0.indexed, total: $0.total) })
        }
        // The tags in use (the side bar's, and the tag field's suggestions): counted in the galleries one may read.
        router.get("api/tags") { request, context in
            let limit = try TagsResponse.limit(request.uri.queryParameters)
            let galleries = try await access.roles(of: context.identity).keys.sorted { $0.rawValue < $1.rawValue }
            return TagsResponse(
                tags: try await store.usedTags(in: galleries, sample: TagsResponse.sample, limit: limit))
        }
    }
}
