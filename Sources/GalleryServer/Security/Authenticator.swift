import Foundation
import GalleryCore
import Hummingbird
import Synchronization

/// Who a request acts for, and sign-in, setup, read-only links and sign-out: sessions kept in the database behind an
/// `HttpOnly`, `SameSite=Strict` cookie, API tokens for scripts, failed sign-ins slowed down per account and address.
public final class Authenticator: Sendable {
    let accounts: any AccountStore
    let hasher = PasswordHasher()
    /// Whether sign-in is required (false with `--no-auth`: every request acts as the owner).
    let isRequired: Bool
    /// The addresses of a reverse proxy whose `X-Forwarded-Proto` and `X-Forwarded-For` are believed (none without
    /// `--behind-https-proxy`).
    let proxyAddresses: Set<String>
    /// The account of the first start.
    let owner: User
    /// How long a session lasts.
    let sessionLifetime: TimeInterval = 30 * 24 * 60 * 60
    /// How long a setup link works.
    let setupLinkLifetime: TimeInterval = 24 * 60 * 60
    private let throttle = Mutex(SignInThrottle())

    /// The session cookie's name.
    static let cookieName = "ig_session"

    init(accounts: any AccountStore, owner: User, isRequired: Bool, proxyAddresses: Set<String> = []) {
        self.accounts = accounts
        self.owner = owner
        self.isRequired = isRequired
        self.proxyAddresses = proxyAddresses
    }

    /// The user named `name`, or the server's owner when nil (who owns what a command makes).
    /// - Throws: ``GalleryError/notFound(_:)`` when there is no user by that name.
    public func user(named name: String?) async throws -> User {
        guard let name else { return owner }
        guard let user = try await accounts.user(named: name) else {
            throw GalleryError.notFound("There is no user named '\(name)'.")
        }
        return user
    }

    /// The address a request came from: its peer, or — when the peer is the reverse proxy — the last address the
    /// proxy added to `X-Forwarded-For` (earlier ones are the client's word, and could be anything).
    func clientAddress(of request: Request, peer: String?) -> String {
        let peer = peer ?? "unknown"
        guard proxyAddresses.contains(peer), let forwarded = request.headers.value(named: "X-Forwarded-For"),
            let last = forwarded.split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !last.isEmpty
        else { return peer }
        return last
    }

    /// Makes sure the owner account exists (the first start makes it, without a password) and owns every gallery
    /// nobody owns; returns it.
    static func prepareOwner(_ accounts: any AccountStore) async throws -> User {
        let owner: User
        if let admin = try await accounts.users().first(where: \.isAdmin) {
            owner = admin
        } else {
            owner = try await accounts.createUser(named: User.ownerName, passwordHash: nil, isAdmin: true)
        }
        _ = try await accounts.claimGalleriesWithoutOwner(for: owner.id)
        return owner
    }

    /// A new one-time setup link's secret for the owner, when sign-in is required and the owner has no password yet
    /// (it replaces the one before).
    public func makeSetupTokenIfNeeded() async throws -> String? {
        guard isRequired, try await accounts.passwordHash(of: owner.id) == nil else { return nil }
        let token = SecretToken.make()
        try await accounts.replaceSetupToken(
            hash: SecretToken.hash(token), for: owner.id, expiresAt: Date().addingTimeInterval(setupLinkLifetime))
        return token
    }

    /// What a request proved about itself.
    struct Credentials: Sendable {
        var identity: Identity
        /// The cookie's session, when the request came with one (it must then carry the CSRF token to change state).
        var session: SessionRecord?
    }

    /// Who every request acts for when sign-in is not required (the owner); nil when it is.
    var credentialsWithoutSignIn: Credentials? {
        isRequired ? nil : Credentials(identity: .user(owner), session: nil)
    }

    /// Who the request acts for: an API token's user, a session cookie's user or link, or the owner without sign-in.
    func credentials(for request: Request) async throws -> Credentials? {
        if let credentials = credentialsWithoutSignIn { return credentials }
        if let authorization = request.headers[.authorization] {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer", SecretToken.isWellFormed(String(parts[1])),
                let user = try await accounts.userOfAPIToken(hash: SecretToken.hash(String(parts[1])))
            else { return nil }
            return Credentials(identity: .user(user), session: nil)
        }
        guard let secret = request.cookies[Self.cookieName]?.value, SecretToken.isWellFormed(secret),
            let session = try await accounts.session(tokenHash: SecretToken.hash(secret), now: Date())
        else { return nil }
        if let userID = session.userID {
            guard let user = try await accounts.user(userID) else { return nil }
            return Credentials(identity: .user(user), session: session)
        }
        if let gallery = session.linkGallery {
            return Credentials(identity: .link(gallery: gallery), session: session)
        }
        return nil
    }

    /// Signs a user in by name and password.
    /// - Throws: 401 for a wrong name or password (the same answer for both), 429 while attempts are slowed down.
    func signIn(name: String, password: String, from address: String) async throws -> SignedIn {
        try await startSession(for: .user(try await checkedUser(name: name, password: password, from: address)))
    }

    /// Changes a signed-in user's password, given the one they have: every session of theirs ends (a browser signed
    /// in by someone who learnt the old one too), and this browser gets a new one. Their API tokens stay.
    /// - Throws: 403 for a wrong password, 429 while attempts are slowed down (as for signing in), 400 for a new
    ///   password that is not accepted (checked first: a refused change costs no guess).
    func changePassword(of user: User, from current: String, to new: String, address: String) async throws
        -> SignedIn
    {
        let new = try User.validatedPassword(new)
        do {
            _ = try await checkedUser(name: user.name, password: current, from: address)
        } catch let error as HTTPError where error.status == .unauthorized {
            // Not 401: the person is signed in, and a page takes a 401 as "sign in again".
            throw HTTPError(.forbidden, message: "The current password is wrong.")
        }
        try await accounts.setPasswordHash(try await hasher.hash(new), of: user.id)
        return try await startSession(for: .user(user))
    }

    /// The user with this name and password. Attempts are counted before the password is checked, in one step with
    /// the check: guesses sent at once are slowed down like guesses sent one after the other. A throttled guess is
    /// refused whatever its password.
    /// - Throws: 401 for a wrong name or password (the same answer for both), 429 while attempts are slowed down.
    private func checkedUser(name: String, password: String, from address: String) async throws -> User {
        let attempt: SignInThrottle.Attempt
        switch throttle.withLock({ $0.admit(account: name.lowercased(), address: address, now: Date()) }) {
        case .go(let admitted): attempt = admitted
        case .wait(let wait):
            let seconds = Int(wait.rounded(.up))
            throw HTTPError(
                .tooManyRequests, headers: [.retryAfter: String(seconds)],
                message: "Too many failed sign-ins. Try again in \(seconds) seconds.")
        }
        var matches = false
        var user: User?
        do {
            user = try await accounts.user(named: name)
            if let user, let stored = try await accounts.passwordHash(of: user.id) {
                matches = try await hasher.verify(password, against: stored)
            } else {
                try await hasher.wasteTime()
            }
        } catch {
            throttle.withLock { $0.failed(attempt, now: Date()) }
            throw error
        }
        guard let user, matches else {
            throttle.withLock { $0.failed(attempt, now: Date()) }
            throw HTTPError(.unauthorized, message: "Wrong name or password.")
        }
        throttle.withLock { $0.succeeded(attempt) }
        return user
    }

    /// Uses a setup link: sets the password (and optionally a new name) of its account and signs it in.
    func setUp(token: String, name: String?, password: String) async throws -> SignedIn {
        let password = try User.validatedPassword(password)
        // Every check that can fail comes before the link is used up: a refused setup leaves the link working.
        let name = try name.map { name throws(GalleryError) in try User.validatedName(name) }
        if let name, let other = try await accounts.user(named: name), other.id != owner.id {
            throw GalleryError.conflict("There is already a user named '\(other.name)'.")
        }
        guard SecretToken.isWellFormed(token),
            let userID = try await accounts.consumeSetupToken(hash: SecretToken.hash(token), now: Date())
        else {
            throw HTTPError(
                .notFound,
                message:
                    "This setup link does not work (any more). Restart the server for a new one, or run 'image-gallery user reset-password NAME'."
            )
        }
        if let name, let user = try await accounts.user(userID), name != user.name {
            try await accounts.renameUser(userID, to: name)
        }
        try await accounts.setPasswordHash(try await hasher.hash(password), of: userID)
        guard let user = try await accounts.user(userID) else { throw GalleryError.notFound("There is no such user.") }
        return try await startSession(for: .user(user))
    }

    /// Opens a read-only link: a session that may view its gallery only.
    func openLink(token: String) async throws -> SignedIn {
        guard SecretToken.isWellFormed(token), let link = try await accounts.link(hash: SecretToken.hash(token)) else {
            throw HTTPError(.notFound, message: "This link does not work any more.")
        }
        return try await startSession(for: .link(gallery: link.galleryID), link: link)
    }

    /// Ends the request's session.
    func signOut(_ request: Request) async throws {
        guard let secret = request.cookies[Self.cookieName]?.value, SecretToken.isWellFormed(secret) else { return }
        try await accounts.deleteSession(tokenHash: SecretToken.hash(secret))
    }

    /// A new session: what it proves, and the secret its cookie carries.
    struct SignedIn: Sendable {
        var credentials: Credentials
        var secret: String
    }

    private func startSession(for identity: Identity, link: ShareLink? = nil) async throws -> SignedIn {
        let secret = SecretToken.make()
        let now = Date()
        let session = SessionRecord(
            tokenHash: SecretToken.hash(secret), userID: identity.user?.id, link: link, csrfToken: SecretToken.make(),
            createdAt: now, expiresAt: now.addingTimeInterval(sessionLifetime))
        try await accounts.createSession(session)
        return SignedIn(credentials: Credentials(identity: identity, session: session), secret: secret)
    }

    /// The session cookie: `HttpOnly`, `SameSite=Strict`, `Path=/`, `Secure` over HTTPS; an empty secret clears it.
    func cookie(_ secret: String, for request: Request) -> Cookie {
        let secure =
            request.head.scheme == "https"
            || (!proxyAddresses.isEmpty && request.headers.value(named: "X-Forwarded-Proto")?.lowercased() == "https")
        return Cookie(
            name: Self.cookieName, value: secret, maxAge: secret.isEmpty ? 0 : Int(sessionLifetime), path: "/",
            secure: secure, httpOnly: true, sameSite: .strict)
    }
}
