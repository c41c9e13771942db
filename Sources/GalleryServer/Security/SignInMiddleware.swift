import Foundation
import GalleryCore
import HTTPTypes
import Hummingbird
import HummingbirdCore

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
        if credentials != nil { context.connectionSignedIn() }
        switch SignInRule.check(
            method: request.method, uri: request.uri, credentials: credentials, headers: request.headers)
        {
        case .pass: return try await next(request, context)
        case .redirect(let location): return Response.redirect(to: location, type: .found)
        case .refuse(let error): throw error
        }
    }
}

/// Whether a request may go on, given what it proved about itself: the one rule of ``SignInMiddleware`` and of the
/// media files' lean path.
enum SignInRule {
    /// What becomes of a request.
    enum Outcome {
        /// It goes on.
        case pass
        /// A page asked for without signing in: to the sign-in page, which comes back here (`Location`).
        case redirect(String)
        /// Refused: 401 without sign-in, 403 for a state change without the session's CSRF token.
        case refuse(HTTPError)
    }

    /// Only the sign-in pages pass without `credentials`; a request signed in by its cookie must also carry the
    /// session's CSRF token (in its `headers`, `X-CSRF-Token`) to change anything.
    static func check(
        method: HTTPRequest.Method, uri: URI, credentials: Authenticator.Credentials?, headers: HTTPFields
    ) -> Outcome {
        let path = uri.path
        if PublicPaths.contains(method, path) { return .pass }
        guard let credentials else {
            if method == .get, PublicPaths.isPage(path) {
                let next = path + (uri.query.map { "?" + $0 } ?? "")
                let encoded = next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/"
                return .redirect("/signin?next=\(encoded)")
            }
            return .refuse(HTTPError(.unauthorized, message: "Sign in first."))
        }
        if let session = credentials.session, RequestRules.changesState(method) {
            guard let sent = headers.value(named: "X-CSRF-Token"),
                PasswordHasher.constantTimeEqual(Data(sent.utf8), Data(session.csrfToken.utf8))
            else {
                return .refuse(
                    HTTPError(
                        .forbidden,
                        message: "This request needs the page's 'X-CSRF-Token'. Reload the page and try again."))
            }
        }
        return .pass
    }
}

/// What may be reached without signing in: the sign-in, setup and read-only link pages, their files, the app's icons
/// and manifest, and the calls they make.
enum PublicPaths {
    /// Pages and their files (read only).
    static let files: Set<String> = [
        "/signin", "/setup", "/signin.html", "/setup.html", "/link.html", "/signin.js", "/setup.js", "/link.js",
        "/styles.css", "/theme.js", "/manifest.webmanifest", "/healthz", "/readyz",
    ]
    /// The calls the sign-in, setup and link pages make.
    static let calls: [(method: HTTPRequest.Method, path: String)] = [
        (.get, "/api/session"), (.post, "/api/session"), (.post, "/api/setup"), (.post, "/api/links/session"),
    ]

    static func contains(_ method: HTTPRequest.Method, _ path: String) -> Bool {
        if calls.contains(where: { $0.method == method && $0.path == path }) { return true }
        guard method == .get || method == .head else { return false }
        if files.contains(path) { return true }
        if path.hasPrefix("/auth/") || path.hasPrefix("/icons/") { return true }
        // `/s/{token}`: a read-only link's landing page, `/s/{token}/items/{itemId}` with an item open (a path
        // starting with "/" must start with "/s/").
        if path.hasPrefix("/"), !path.hasPrefix("/s/") { return false }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 3 && parts[1] == "s" || parts.count == 5 && parts[1] == "s" && parts[3] == "items"
    }

    /// Whether a path is one of the pages a browser opens (rather than the API, images or files).
    static func isPage(_ path: String) -> Bool {
        path == "/" || path == "/galleries" || path == "/search" || path.hasPrefix("/g/") || path.hasSuffix(".html")
    }
}
