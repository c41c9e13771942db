import GalleryCore
import Hummingbird

/// `GET /metrics`: the server's metrics in Prometheus's text format, for its administrators only (the owner; a
/// scraper signs in with an API token of theirs: `image-gallery token add NAME --user owner`).
struct MetricsRoutes<Context: IdentifiedRequestContext> {
    let metrics: ServerMetrics

    func add(to router: Router<Context>) {
        router.get("metrics") { _, context in
            guard context.identity?.user?.isAdmin == true else {
                throw HTTPError(.forbidden, message: "Only the server's administrators see its metrics.")
            }
            var headers = HTTPFields()
            headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
            headers[.cacheControl] = "no-store"
            return Response(
                status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: metrics.text())))
        }
    }
}
