import Foundation
import GalleryCore
import Hummingbird

/// `GET /api/items/{id}/similar`: the images closest to an item's image (by their perceptual hashes) across every
/// gallery the person may read (a read-only link: its gallery alone), nearest first. A gallery they may not read is
/// never searched: its images and its name stay unknown to them. A non-image answers an empty list.
struct SimilarRoutes<Context: IdentifiedRequestContext> {
    let store: any GalleryStore
    /// Renders items as the API shows them.
    let presenter: Presenter
    let access: GalleryAccess

    func add(to router: Router<Context>) {
        router.get("api/items/:item/similar") { request, context in
            let parameters = try SimilarParameters(request.uri.queryParameters)
            let item = try await access.openedItem(request, context, in: store)
            let galleries = try await access.roles(of: context.identity).keys.sorted { $0.rawValue < $1.rawValue }
            let found = try await store.similarItems(
                to: item.id, in: galleries, within: PerceptualHash.similarDistance, limit: parameters.limit)
            return SimilarResponse(
                items: found.map { similar in
                    SimilarResponse.Result(
                        found: .init(item: presenter.response(for: similar.item), galleryName: similar.galleryName),
                        distance: similar.distance)
                })
        }
    }
}

extension GalleryAccess {
    /// The other galleries the identity may read that hold the same picture as `item` (the same bytes, or an image
    /// within ``PerceptualHash/sameImageDistance`` bits), each once, nearest first. Another copy in the item's own
    /// gallery is not told: "Also in" names other galleries only. Empty for a non-image, and through a read-only link
    /// (it reads one gallery).
    func galleriesAlsoHolding(_ item: Item, for identity: Identity?, in store: any GalleryStore) async throws
        -> [AlsoInResponse]
    {
        guard item.kind == .image, item.blobHash != nil else { return [] }
        let others = try await roles(of: identity).keys.filter { $0 != item.galleryID }
        guard !others.isEmpty else { return [] }
        let found = try await store.similarItems(
            to: item.id, in: others.sorted { $0.rawValue < $1.rawValue }, within: PerceptualHash.sameImageDistance,
            limit: 100)
        var seen = Set<GalleryID>()
        return found.compactMap { similar in
            guard seen.insert(similar.item.galleryID).inserted else { return nil }
            return AlsoInResponse(galleryId: similar.item.galleryID.rawValue, galleryName: similar.galleryName)
        }
    }
}
