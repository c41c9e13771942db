/// Who a request acts for: a signed-in user (or a script with their API token), or whoever holds a read-only link.
public enum Identity: Sendable, Equatable {
    /// A user account.
    case user(User)
    /// A read-only link to one gallery.
    case link(gallery: GalleryID)

    /// The user, if this is one.
    public var user: User? {
        if case .user(let user) = self { return user }
        return nil
    }

    /// The role this identity has in `gallery`, given the role its account was given there (nil: none).
    public func role(in gallery: GalleryID, accountRole: GalleryRole?) -> GalleryRole? {
        switch self {
        case .user: accountRole
        case .link(let linked): linked == gallery ? .viewer : nil
        }
    }
}
