import Foundation
import GalleryCore
import HTTPTypes
import Hummingbird

/// Finds who each request acts for, and lets only the sign-in pages through without someone: pages redirect to
/// `/signin`, everything else answers 401. A request signed in by its cookie must also carry the session's CSRF token
/// to change anything.
struct SignInMiddleware<Context: IdentifiedRequestContext>: RouterMiddleware {
    let authenticator: Authenticator

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        var context = context
        let credentials = try await authenticator.credentials(for: request)
        context.identity = credentials?.identity
        let path = request.uri.path
        if PublicPaths.contains(request.method, path) { return try await next(request, context) }
        guard let credentials else {
            if request.method == .get, PublicPaths.isPage(path) {
                let next = path + (request.uri.query.map { "?" + $0 } ?? "")
                let encoded = next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/"
                return Response.redirect(to: "/signin?next=\(encoded)", type: .found)
            }
            throw HTTPError(.unauthorized, message: "Sign in first.")
        }
        if let session = credentials.session, RequestRules.changesState(request.method) {
            guard let sent = request.headers.value(named: "X-CSRF-Token"),
                PasswordHasher.constantTimeEqual(Data(sent.utf8), Data(session.csrfToken.utf8))
            else {
                throw HTTPError(
                    .forbidden, message: "This request needs the page's 'X-CSRF-Token'. Reload the page and try again.")
            }
        }
        return try await next(request, context)
    }
}

/// What may be reached without signing in: the sign-in, setup and read-only link pages, their files, and the calls
/// they make.
enum PublicPaths {
    /// Pages and their files (read only).
    static let files: Set<String> = [
        "/signin", "/setup", "/signin.html", "/setup.html", "/link.html", "/signin.js", "/setup.js", "/link.js",
        "/styles.css", "/healthz", "/readyz",
    ]
    /// The calls the sign-in, setup and link pages make.
    static let calls: Set<String> = [
        "GET /api/session", "POST /api/session", "POST /api/setup", "POST /api/links/session",
    ]

    static func contains(_ method: HTTPRequest.Method, _ path: String) -> Bool {
        if calls.contains("\(method) \(path)") { return true }
        guard method == .get || method == .head else { return false }
        if files.contains(path) { return true }
        if path.hasPrefix("/auth/") { return true }
        // `/s/{token}`: a read-only link's landing page.
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 3 && parts[1] == "s"
    }

    /// Whether a path is one of the pages a browser opens (rather than the API, images or files).
    static func isPage(_ path: String) -> Bool {
        path == "/" || path == "/galleries" || path.hasPrefix("/g/") || path.hasSuffix(".html")
    }
}
