import Foundation
import GalleryCore
import Hummingbird
import NIOCore
import WebClient

/// The web client: `/` opens the last gallery, `/g/{id}` is a gallery's page (`/g/{id}/items/{itemId}`: with that
/// item open in the viewer, which the page reads and checks), `/search?q=…` the same page showing a search's results
/// (which the page reads from `GET /api/search`), `/galleries` the gallery browser; `/signin`, `/setup`
/// and `/s/{token}` (a read-only link; `/s/{token}/items/{itemId}` with an item open) are the pages reached before
/// signing in. Opening a page
/// changes nothing: the page itself says which gallery was opened (`POST /api/galleries/{id}/opened`).
struct WebRoutes<Context: IdentifiedRequestContext> {
    let store: any GalleryStore
    let access: GalleryAccess
    /// The web folder, or nil for the files inside the binary.
    let webRoot: URL?
    let fileIO = FileIO()

    func add(to router: Router<Context>) {
        router.get("/") { _, context in
            guard let gallery = try await startGallery(for: context.identity) else {
                return Response.redirect(to: "/galleries", type: .found)
            }
            return Response.redirect(to: "/g/\(gallery)", type: .found)
        }
        for path in ["g/:gallery", "g/:gallery/items/:item"] {
            router.get(RouterPath(path)) { _, context in
                guard let id = GalleryID(try context.parameters.require("gallery")),
                    try await access.role(of: context.identity, in: id) != nil
                else { throw HTTPError(.notFound, message: "There is no such gallery.") }
                return try await page("index.html", context: context)
            }
        }
        router.get("search") { _, context in try await page("index.html", context: context) }
        router.get("galleries") { _, context in try await page("galleries.html", context: context) }
        router.get("signin") { _, context in try await page("signin.html", context: context) }
        router.get("setup") { _, context in try await page("setup.html", context: context) }
        router.get("s/:token") { _, context in try await page("link.html", context: context) }
        // A link's page with an item open, reached before its session is made: only for a link that works (the page
        // checks the item once the session is made).
        router.get("s/:token/items/:item") { _, context in
            let token = try context.parameters.require("token")
            guard SecretToken.isWellFormed(token), try await access.accounts.link(hash: SecretToken.hash(token)) != nil
            else { throw HTTPError(.notFound, message: "This link does not work any more.") }
            return try await page("link.html", context: context)
        }
    }

    /// The gallery `/` opens: the one opened last if it is still there, else the first one the identity may see.
    func startGallery(for identity: Identity?) async throws -> GalleryID? {
        if case .link(let gallery)? = identity { return gallery }
        let roles = try await access.roles(of: identity)
        if let user = identity?.user, let last = try await access.accounts.lastOpenedGallery(of: user.id),
            roles[last] != nil, (try? await store.gallery(last)) != nil
        {
            return last
        }
        return try await store.galleries().first { roles[$0.id] != nil }?.id
    }

    func page(_ name: String, context: Context) async throws -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-cache"
        guard let webRoot else {
            guard let page = EmbeddedWeb.file(name) else { throw HTTPError(.notFound) }
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: page)))
        }
        let body = try await fileIO.loadFile(path: webRoot.appendingPathComponent(name).path, context: context)
        return Response(status: .ok, headers: headers, body: body)
    }
}
