import Foundation
import GalleryCore
import Hummingbird

/// `/api/tokens` (a person's API tokens for scripts: list, make, revoke) and `/api/session/password` (changing one's
/// own password). Only a signed-in person, for themselves: a read-only link has no account, and a server that asks
/// nobody to sign in has no passwords or tokens to manage.
struct AccountRoutes<Context: IdentifiedRequestContext> {
    let authenticator: Authenticator
    /// The largest JSON body accepted.
    let jsonBodyBytes: Int

    var administration: AccountAdministration { AccountAdministration(accounts: authenticator.accounts) }

    func add(to router: Router<Context>) {
        router.get("api/tokens") { _, context in
            let user = try signedInUser(context)
            return TokensResponse(tokens: try await authenticator.accounts.apiTokens(of: user.id).map(TokenJSON.init))
        }
        router.post("api/tokens") { request, context in
            let user = try signedInUser(context)
            let body = try await request.decodeJSON(as: TokenRequest.self, limit: jsonBodyBytes)
            let made = try await administration.createToken(named: body.name, for: user.id)
            var answer = TokenJSON(made.token)
            answer.token = made.secret
            return EditedResponse(status: .created, response: answer)
        }
        router.delete("api/tokens/:name") { _, context in
            let user = try signedInUser(context)
            let raw = try context.parameters.require("name")
            let name = raw.removingPercentEncoding ?? raw  // a valid name holds no '%'
            guard try await authenticator.accounts.revokeAPIToken(named: name, of: user.id) else {
                throw GalleryError.notFound("You have no token named '\(name.prefix(APIToken.maximumNameLength))'.")
            }
            return Response(status: .noContent)
        }
        router.post("api/session/password") { request, context in
            let user = try signedInUser(context)
            let body = try await request.decodeJSON(as: PasswordChangeRequest.self, limit: jsonBodyBytes)
            let address = authenticator.clientAddress(of: request, peer: context.remoteAddress?.ipAddress)
            let signedIn = try await authenticator.changePassword(
                of: user, from: body.currentPassword, to: body.newPassword, address: address)
            var response = EditedResponse(
                response: SessionResponse(signedIn.credentials, authRequired: authenticator.isRequired))
            response.setCookie(authenticator.cookie(signedIn.secret, for: request))
            return response
        }
    }

    /// The person a request acts for; refused for a read-only link and on a server without sign-in.
    private func signedInUser(_ context: Context) throws -> User {
        guard authenticator.isRequired else {
            throw GalleryError.conflict(
                "This server asks nobody to sign in (it was started with --no-auth): it has no passwords or tokens.")
        }
        guard case .user(let user)? = context.identity else {
            throw GalleryError.forbidden("A read-only link has no account.")
        }
        return user
    }
}

/// `POST /api/tokens`: the new token's name.
struct TokenRequest: Decodable {
    var name: String
}

/// `POST /api/session/password`.
struct PasswordChangeRequest: Decodable {
    var currentPassword: String
    var newPassword: String
}

/// A token as the API shows it: its name and when it was made; `token`, the secret, only in the answer that made it.
struct TokenJSON: ResponseEncodable {
    var name: String
    var createdAt: Date
    var token: String?

    init(_ token: APIToken) {
        name = token.name
        createdAt = token.createdAt
    }
}

/// A person's tokens, by name.
struct TokensResponse: ResponseEncodable {
    var tokens: [TokenJSON]
}
