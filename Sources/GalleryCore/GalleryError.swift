/// Errors of gallery operations, each with a message for the user.
public enum GalleryError: Error, Equatable, Sendable {
    /// The named gallery or item does not exist (or is in the trash when it must not be).
    case notFound(String)
    /// The request is not acceptable as it stands.
    case invalid(String)
    /// The item is not in a state that allows this.
    case conflict(String)
    /// The person may not do this (any more): an undo that would change a gallery they can no longer change.
    case forbidden(String)
    /// The database cannot be reached just now (a PostgreSQL server restarting): nothing was written.
    case unavailable(String)

    /// The message for the user.
    public var message: String {
        switch self {
        case .notFound(let message), .invalid(let message), .conflict(let message), .forbidden(let message),
            .unavailable(let message):
            message
        }
    }
}
