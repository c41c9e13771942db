import Foundation

/// A signed-in browser (or a read-only link's visitor): found by the hash of its cookie's token.
public struct SessionRecord: Sendable, Equatable {
    /// SHA-256 (hex) of the secret the cookie carries; the secret itself is never stored.
    public var tokenHash: String
    /// The account, for a sign-in session.
    public var userID: UserID?
    /// The gallery, for a read-only link's session.
    public var linkGallery: GalleryID?
    /// The link it was opened with (revoking the link ends it).
    public var linkID: ShareLink.ID?
    /// The token state-changing requests carry in `X-CSRF-Token`.
    public var csrfToken: String
    /// When it began.
    public var createdAt: Date
    /// When it ends.
    public var expiresAt: Date

    /// Makes a session record.
    public init(
        tokenHash: String, userID: UserID?, link: ShareLink?, csrfToken: String, createdAt: Date, expiresAt: Date
    ) {
        self.tokenHash = tokenHash
        self.userID = userID
        self.linkGallery = link?.galleryID
        self.linkID = link?.id
        self.csrfToken = csrfToken
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}

/// A read-only link to a gallery (its secret is shown once, at creation, and stored only as a hash).
public struct ShareLink: Sendable, Equatable {
    /// Tag type for link ids.
    public enum Tag {}
    /// The link's id (not its secret).
    public var id: TypedID<Tag>
    /// The gallery it shows.
    public var galleryID: GalleryID
    /// When it was made.
    public var createdAt: Date

    /// Makes a link value.
    public init(id: TypedID<Tag>, galleryID: GalleryID, createdAt: Date) {
        self.id = id
        self.galleryID = galleryID
        self.createdAt = createdAt
    }
}

/// A user given a role in a gallery.
public struct GalleryMember: Sendable, Equatable {
    /// The user.
    public var user: User
    /// Their role.
    public var role: GalleryRole

    /// Makes a member value.
    public init(user: User, role: GalleryRole) {
        self.user = user
        self.role = role
    }
}
