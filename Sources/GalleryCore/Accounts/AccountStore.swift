import Foundation

/// Where accounts, sessions, API tokens, gallery roles and read-only links are kept (beside the galleries, in the same
/// database). Every method is one transaction.
public protocol AccountStore: Sendable {
    /// Every user, by name.
    func users() async throws -> [User]
    /// The user with this name (compared without case), if any.
    func user(named name: String) async throws -> User?
    /// The user with this id, if any.
    func user(_ id: UserID) async throws -> User?
    /// Makes a user. - Throws: ``GalleryError/conflict(_:)`` if the name is taken.
    func createUser(named name: String, passwordHash: String?, isAdmin: Bool) async throws -> User
    /// Renames a user. - Throws: ``GalleryError/conflict(_:)`` if the name is taken.
    func renameUser(_ user: UserID, to name: String) async throws
    /// The stored password hash of a user, if one is set.
    func passwordHash(of user: UserID) async throws -> String?
    /// Sets a user's password hash and ends every session and setup link of theirs.
    func setPasswordHash(_ hash: String, of user: UserID) async throws

    /// Replaces the user's setup link (only the secret's hash is stored) with one valid until `expiresAt`.
    func replaceSetupToken(hash: String, for user: UserID, expiresAt: Date) async throws
    /// The user whose setup link this is, if it is valid at `now`; the link is used up.
    func consumeSetupToken(hash: String, now: Date) async throws -> UserID?

    /// Keeps a new session.
    func createSession(_ session: SessionRecord) async throws
    /// The session with this token hash, if it has not expired at `now` (expired ones are deleted).
    func session(tokenHash: String, now: Date) async throws -> SessionRecord?
    /// Ends a session.
    func deleteSession(tokenHash: String) async throws

    /// Keeps a new API token (only its secret's hash). - Throws: ``GalleryError/conflict(_:)`` if the user has one
    /// of that name, or already ``APIToken/maximumCount``.
    func createAPIToken(_ token: APIToken, hash: String) async throws
    /// The user of a token, by its hash, if it exists.
    func userOfAPIToken(hash: String) async throws -> User?
    /// A user's tokens, by name.
    func apiTokens(of user: UserID) async throws -> [APIToken]
    /// Deletes a user's token; false if there was none of that name.
    func revokeAPIToken(named name: String, of user: UserID) async throws -> Bool

    /// The role a user was given in a gallery (owner, editor or viewer), if any.
    func role(of user: UserID, in gallery: GalleryID) async throws -> GalleryRole?
    /// Every gallery a user has a role in, with that role.
    func roles(of user: UserID) async throws -> [GalleryID: GalleryRole]
    /// Gives a user a role in a gallery (replacing the role they had there).
    func setRole(_ role: GalleryRole, of user: UserID, in gallery: GalleryID) async throws
    /// Takes a user's role in a gallery away; false if they had none.
    func removeRole(of user: UserID, in gallery: GalleryID) async throws -> Bool
    /// Everyone with a role in the gallery, the owner first.
    func members(of gallery: GalleryID) async throws -> [GalleryMember]
    /// Makes `user` the owner of every gallery that has no owner (galleries made before accounts existed, or whose
    /// owner was not recorded); returns how many.
    func claimGalleriesWithoutOwner(for user: UserID) async throws -> Int
    /// The galleries of items, for the items that exist.
    func galleries(ofItems ids: [ItemID]) async throws -> [ItemID: GalleryID]

    /// Keeps a new read-only link (only its secret's hash).
    func createLink(_ link: ShareLink, hash: String) async throws
    /// The live links of a gallery, oldest first.
    func links(of gallery: GalleryID) async throws -> [ShareLink]
    /// The link with this secret's hash, if it exists.
    func link(hash: String) async throws -> ShareLink?
    /// Revokes a link of a gallery (and ends the sessions opened with it); false if there was none.
    func revokeLink(_ id: ShareLink.ID, of gallery: GalleryID) async throws -> Bool

    /// The gallery the user opened last, if any.
    func lastOpenedGallery(of user: UserID) async throws -> GalleryID?
    /// Remembers the gallery the user opened last.
    func setLastOpenedGallery(_ gallery: GalleryID, of user: UserID) async throws

    /// The searches `user` saved, oldest first (`user` nil: the one person of a server without sign-in).
    func savedSearches(of user: UserID?) async throws -> [SavedSearch]
    /// Changes the searches `user` saved in one transaction (two changes at once never lose one): `change` is given
    /// them and what it returns is answered; when it throws nothing is changed.
    func changeSavedSearches<Result: Sendable>(
        of user: UserID?, _ change: @escaping @Sendable (inout [SavedSearch]) throws -> Result
    ) async throws -> Result
}

extension ShareLink: Identifiable {}
