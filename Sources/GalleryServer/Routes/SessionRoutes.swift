import Foundation
import GalleryCore
import Hummingbird

/// `/api/session` (who is signed in; sign in; sign out), `/api/setup` (the owner's first password, from the setup
/// link) and `/api/links/session` (opening a read-only link).
struct SessionRoutes<Context: IdentifiedRequestContext> {
    let authenticator: Authenticator
    /// The largest JSON body accepted.
    let jsonBodyBytes: Int

    func add(to router: Router<Context>) {
        router.get("api/session") { request, context in
            guard let credentials = try await authenticator.credentials(for: request) else {
                throw HTTPError(.unauthorized, message: "Sign in first.")
            }
            return SessionResponse(credentials, authRequired: authenticator.isRequired)
        }
        router.post("api/session") { request, context in
            let body = try await request.decodeJSON(as: SignInRequest.self, limit: jsonBodyBytes)
            let address = authenticator.clientAddress(of: request, peer: context.remoteAddress?.ipAddress)
            return response(
                try await authenticator.signIn(name: body.name, password: body.password, from: address), request)
        }
        router.delete("api/session") { request, _ in
            try await authenticator.signOut(request)
            var response = Response(status: .noContent)
            response.setCookie(authenticator.cookie("", for: request))
            return response
        }
        router.post("api/setup") { request, context in
            let body = try await request.decodeJSON(as: SetupRequest.self, limit: jsonBodyBytes)
            return response(
                try await authenticator.setUp(token: body.token, name: body.name, password: body.password), request)
        }
        router.post("api/links/session") { request, context in
            let body = try await request.decodeJSON(as: LinkSessionRequest.self, limit: jsonBodyBytes)
            return response(try await authenticator.openLink(token: body.token), request)
        }
    }

    /// Who signed in, with the session cookie set.
    private func response(_ signedIn: Authenticator.SignedIn, _ request: Request) -> EditedResponse<SessionResponse> {
        var response = EditedResponse(
            response: SessionResponse(signedIn.credentials, authRequired: authenticator.isRequired))
        response.setCookie(authenticator.cookie(signedIn.secret, for: request))
        return response
    }
}

struct SignInRequest: Decodable {
    var name: String
    var password: String
}

struct SetupRequest: Decodable {
    var token: String
    var name: String?
    var password: String
}

struct LinkSessionRequest: Decodable {
    var token: String
}

/// Who is signed in, and the token their page sends with every change.
struct SessionResponse: ResponseEncodable {
    struct UserJSON: Codable {
        var id: String
        var name: String
        var isAdmin: Bool
    }

    var user: UserJSON?
    /// The gallery of a read-only link's session.
    var galleryId: String?
    var csrfToken: String?
    var authRequired: Bool

    init(_ credentials: Authenticator.Credentials, authRequired: Bool) {
        switch credentials.identity {
        case .user(let user):
            self.user = UserJSON(id: user.id.rawValue, name: user.name, isAdmin: user.isAdmin)
        case .link(let gallery):
            galleryId = gallery.rawValue
        }
        csrfToken = credentials.session?.csrfToken
        self.authRequired = authRequired
    }
}
