import Foundation
import GalleryCore
import GalleryStoreSQL

/// What the `user` and `token` commands do to the data folder's accounts (also while the server runs).
public struct AccountAdministration: Sendable {
    let accounts: any AccountStore
    let hasher = PasswordHasher()

    /// Opens the accounts of a data folder, or of a PostgreSQL database (making the database if there is none).
    public static func open(dataDirectory: URL, databaseURL: String? = nil) async throws -> AccountAdministration {
        let configuration = ServerConfiguration(dataDirectory: dataDirectory, databaseURL: databaseURL)
        let accounts = SQLAccountStore(database: try await configuration.openDatabase())
        _ = try await Authenticator.prepareOwner(accounts)
        return AccountAdministration(accounts: accounts)
    }

    /// Makes a user with a password.
    public func addUser(named name: String, password: String) async throws -> User {
        let password = try User.validatedPassword(password)
        return try await accounts.createUser(
            named: name, passwordHash: try await hasher.hash(password), isAdmin: false)
    }

    /// Sets a user's password; their sessions end.
    public func resetPassword(of name: String, to password: String) async throws {
        let password = try User.validatedPassword(password)
        let user = try await existingUser(name)
        try await accounts.setPasswordHash(try await hasher.hash(password), of: user.id)
    }

    /// Every user.
    public func users() async throws -> [User] { try await accounts.users() }

    /// Makes an API token for a user and returns its secret (shown once; only its hash is kept).
    public func createToken(named name: String, for userName: String) async throws -> String {
        try await createToken(named: name, for: try await existingUser(userName).id).secret
    }

    /// Makes an API token for a user: the token, and its secret (shown once; only its hash is kept).
    func createToken(named name: String, for user: UserID) async throws -> (token: APIToken, secret: String) {
        let token = APIToken(name: try APIToken.validatedName(name), userID: user, createdAt: Date())
        let secret = SecretToken.make()
        try await accounts.createAPIToken(token, hash: SecretToken.hash(secret))
        return (token, secret)
    }

    /// Revokes a user's API token.
    public func revokeToken(named name: String, for userName: String) async throws {
        let user = try await existingUser(userName)
        guard try await accounts.revokeAPIToken(named: name, of: user.id) else {
            throw GalleryError.notFound("'\(userName)' has no token named '\(name)'.")
        }
    }

    /// A user's API tokens.
    public func tokens(for userName: String) async throws -> [APIToken] {
        try await accounts.apiTokens(of: try await existingUser(userName).id)
    }

    private func existingUser(_ name: String) async throws -> User {
        guard let user = try await accounts.user(named: name) else {
            throw GalleryError.notFound("There is no user named '\(name)'.")
        }
        return user
    }
}
