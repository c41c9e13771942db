import Foundation
import Hummingbird

/// The first thing every request meets: refuses foreign names, control characters in paths and state changes another
/// website could send (``RequestRules``), and puts the safety headers on every answer, errors included.
struct RequestGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    let rules: RequestRules
    /// Whether this guards WebSocket upgrades (which change nothing by themselves, but must come from this site).
    var guardsUpgrades = false

    /// The pages' Content Security Policy: no inline script, no framing.
    static var pagePolicy: String {
        "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; style-src 'self'; "
            + "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var response: Response
        do {
            let refusal =
                guardsUpgrades
                ? rules.upgradeRefusal(authority: request.head.authority, headers: request.headers)
                : rules.refusal(
                    method: request.method, path: request.uri.path, authority: request.head.authority,
                    headers: request.headers)
            if let refusal { throw HTTPError(refusal.status, message: refusal.message) }
            response = try await next(request, context)
        } catch let error as HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        Self.addSafetyHeaders(to: &response.headers)
        return response
    }

    /// `nosniff`, no referrer, no framing on everything; the page policy on every HTML answer.
    static func addSafetyHeaders(to headers: inout HTTPFields) {
        headers[.xContentTypeOptions] = "nosniff"
        headers.set("Referrer-Policy", "no-referrer")
        headers.set("X-Frame-Options", "DENY")
        if let type = headers[.contentType], type.lowercased().hasPrefix("text/html"),
            headers[.contentSecurityPolicy] == nil
        {
            headers[.contentSecurityPolicy] = pagePolicy
        }
    }
}
