import Foundation
import GalleryCore
import Hummingbird

/// `/api/searches`: the searches a person saved with a name (the gallery browser's smart galleries). Each person sees
/// and changes only their own; a read-only link has none. Running one is `GET /api/search` with its fields.
struct SavedSearchRoutes<Context: IdentifiedRequestContext> {
    let access: GalleryAccess
    /// The largest JSON body accepted.
    let jsonBodyBytes: Int

    func add(to router: Router<Context>) {
        router.get("api/searches") { _, context in
            SavedSearchesResponse(searches: try await access.accounts.savedSearches(of: try owner(context)))
        }
        router.post("api/searches") { request, context in
            let user = try owner(context)
            let body = try await request.decodeJSON(as: SaveSearchRequest.self, limit: jsonBodyBytes)
            let saved = try body.savedSearch()
            try await access.accounts.changeSavedSearches(of: user) { searches in
                guard searches.count < SavedSearch.maximumCount else {
                    throw GalleryError.invalid(
                        "You keep at most \(SavedSearch.maximumCount) saved searches; delete one to save another.")
                }
                searches.append(saved)
            }
            return EditedResponse(status: .created, response: saved)
        }
        router.delete("api/searches/:search") { _, context in
            let user = try owner(context)
            let id = try context.parameters.require("search")
            let removed = try await access.accounts.changeSavedSearches(of: user) { searches in
                let before = searches.count
                searches.removeAll { $0.id == id }
                return searches.count < before
            }
            guard removed else { throw GalleryError.notFound("There is no such saved search.") }
            return Response(status: .noContent)
        }
    }

    /// Whose saved searches a request reads: its user's, the one person's of a server without sign-in (nil); a
    /// read-only link is refused.
    private func owner(_ context: Context) throws -> UserID? {
        switch context.identity {
        case .user(let user)?: user.id
        case .link?: throw GalleryError.forbidden("A read-only link can only show its gallery.")
        case nil: nil
        }
    }
}

/// `POST /api/searches`: a name, and the search as `GET /api/search` takes it.
struct SaveSearchRequest: Decodable {
    var name: String
    var q: String?
    var kind: String?
    var tag: String?
    var gallery: String?
    var from: String?
    var to: String?

    func savedSearch() throws(GalleryError) -> SavedSearch {
        var itemKind: ItemKind?
        if let kind, !kind.isEmpty {
            guard let known = ItemKind(rawValue: kind) else {
                throw .invalid("'kind' must be one of \(ItemKind.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            itemKind = known
        }
        var galleryID: GalleryID?
        if let gallery, !gallery.isEmpty {
            guard let id = GalleryID(gallery) else { throw .invalid("'gallery' must be a gallery's id.") }
            galleryID = id
        }
        let start = try SearchParameters.time(from, "from")
        let end = try SearchParameters.time(to, "to")
        if let start, let end, start >= end { throw .invalid("'from' must be before 'to'.") }
        return try SavedSearch(
            name: name, q: q ?? "", kind: itemKind, tag: tag, gallery: galleryID, from: start == nil ? nil : from,
            to: end == nil ? nil : to)
    }
}

/// The searches a person saved, oldest first.
struct SavedSearchesResponse: ResponseEncodable {
    var searches: [SavedSearch]
}

extension SavedSearch: ResponseEncodable {}
