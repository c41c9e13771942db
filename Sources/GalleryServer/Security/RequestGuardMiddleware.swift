import Foundation
import Hummingbird

/// The first thing every request meets: refuses foreign names, control characters in paths and state changes another
/// website could send (``RequestRules``), and puts the safety headers on every answer, errors included.
struct RequestGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    let rules: RequestRules
    /// Whether this guards WebSocket upgrades (which change nothing by themselves, but must come from this site).
    var guardsUpgrades = false

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
        SafetyHeaders.add(to: &response.headers)
        return response
    }
}
