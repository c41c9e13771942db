import GalleryCore
import Hummingbird

/// `GET /healthz` (the process answers) and `GET /readyz` (and its database answers; migrations run before the server
/// listens): for a supervisor or a load balancer, so reached without signing in, but through the same request guard.
struct HealthRoutes<Context: RequestContext> {
    let store: any GalleryStore

    struct Status: ResponseEncodable {
        var status: String
        var reason: String?
    }

    func add(to router: Router<Context>) {
        router.get("healthz") { _, _ in Status(status: "ok") }
        router.get("readyz") { request, context in
            do {
                try await store.ping()
                return try Status(status: "ready").response(from: request, context: context)
            } catch {
                context.logger.warning("not ready: the database does not answer: \(error)")
                var response = try Status(status: "unavailable", reason: "The database does not answer.")
                    .response(from: request, context: context)
                response.status = .serviceUnavailable
                response.headers[.retryAfter] = "5"
                return response
            }
        }
    }
}
