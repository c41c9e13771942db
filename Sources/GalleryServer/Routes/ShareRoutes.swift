import Foundation
import GalleryCore
import Hummingbird

/// `/api/galleries/{id}/shares` and `/links`: the owner gives other users a role (viewer or editor) in the gallery,
/// and makes or revokes read-only links.
struct ShareRoutes<Context: IdentifiedRequestContext> {
    let access: GalleryAccess
    /// The largest JSON body accepted.
    let jsonBodyBytes: Int

    var accounts: any AccountStore { access.accounts }

    func add(to router: Router<Context>) {
        let gallery = router.group("api/galleries/:gallery")
        gallery.get("shares") { request, context in
            let id = try await access.gallery(request, context, needs: .own)
            let members = try await accounts.members(of: id).filter { $0.role != .owner }
            let links = try await accounts.links(of: id)
            return SharesResponse(
                users: members.map { .init(name: $0.user.name, role: $0.role.rawValue) },
                links: links.map { .init(id: $0.id.rawValue, url: nil, createdAt: $0.createdAt) })
        }
        gallery.put("shares/:user") { request, context in
            let id = try await access.gallery(request, context, needs: .own)
            let body = try await request.decodeJSON(as: ShareRequest.self, limit: jsonBodyBytes)
            guard let role = GalleryRole(rawValue: body.role), role != .owner else {
                throw GalleryError.invalid("'role' must be \"viewer\" or \"editor\".")
            }
            let user = try await namedUser(context)
            guard user.id != context.identity?.user?.id else {
                throw GalleryError.invalid("You own this gallery already.")
            }
            try await accounts.setRole(role, of: user.id, in: id)
            return SharesResponse.User(name: user.name, role: role.rawValue)
        }
        gallery.delete("shares/:user") { request, context in
            let id = try await access.gallery(request, context, needs: .own)
            let user = try await namedUser(context)
            guard try await accounts.removeRole(of: user.id, in: id) else {
                throw GalleryError.notFound("'\(user.name)' was not given this gallery.")
            }
            return Response(status: .noContent)
        }
        gallery.post("links") { request, context in
            let id = try await access.gallery(request, context, needs: .own)
            let secret = SecretToken.make()
            let link = ShareLink(id: .make(), galleryID: id, createdAt: Date())
            try await accounts.createLink(link, hash: SecretToken.hash(secret))
            return EditedResponse(
                status: .created,
                response: SharesResponse.Link(id: link.id.rawValue, url: "/s/\(secret)", createdAt: link.createdAt))
        }
        gallery.delete("links/:link") { request, context in
            let id = try await access.gallery(request, context, needs: .own)
            guard let link = TypedID<ShareLink.Tag>(try context.parameters.require("link")),
                try await accounts.revokeLink(link, of: id)
            else { throw GalleryError.notFound("There is no such link.") }
            return Response(status: .noContent)
        }
    }

    private func namedUser(_ context: Context) async throws -> User {
        let name = try context.parameters.require("user")
        guard let user = try await accounts.user(named: name) else {
            throw GalleryError.notFound("There is no user named '\(name.prefix(64))'.")
        }
        return user
    }
}

struct ShareRequest: Decodable {
    var role: String
}

/// Who a gallery is shared with, and its read-only links.
struct SharesResponse: ResponseEncodable {
    struct User: ResponseEncodable {
        var name: String
        var role: String
    }

    struct Link: ResponseEncodable {
        var id: String
        /// The link's address: given only when it is made (only its hash is kept).
        var url: String?
        var createdAt: Date
    }

    var users: [User]
    var links: [Link]
}
