import Foundation
import GalleryCore
import Hummingbird

/// The web client: `/` opens the last gallery, `/g/{id}` is a gallery's page, `/galleries` the gallery browser.
struct WebRoutes<Context: RequestContext> {
    let store: any GalleryStore
    let webRoot: URL
    let fileIO = FileIO()

    func add(to router: Router<Context>) {
        router.get("/") { _, _ in
            let gallery = try await store.lastOpenedGallery()
            return Response.redirect(to: "/g/\(gallery.id)", type: .found)
        }
        router.get("g/:gallery") { _, context in
            guard let id = GalleryID(try context.parameters.require("gallery")) else {
                throw HTTPError(.notFound, message: "There is no such gallery.")
            }
            try await store.setLastOpenedGallery(id)
            return try await page("index.html", context: context)
        }
        router.get("galleries") { _, context in
            try await page("galleries.html", context: context)
        }
    }

    func page(_ name: String, context: Context) async throws -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-cache"
        headers[.contentSecurityPolicy] =
            "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
        let body = try await fileIO.loadFile(path: webRoot.appendingPathComponent(name).path, context: context)
        return Response(status: .ok, headers: headers, body: body)
    }
}
