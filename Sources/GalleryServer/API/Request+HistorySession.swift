import GalleryCore
import HTTPTypes
import Hummingbird

extension Request {
    /// The undo history of the person making the request, in the tab named by `X-Gallery-Session` (nil: none named,
    /// or a read-only link, which changes nothing). A history belongs to the signed-in person: the tab's token only
    /// tells their tabs apart, so a token learned from somebody else's tab names no history of theirs.
    /// - Throws: ``GalleryError/invalid(_:)`` for a malformed token.
    func historySession(for identity: Identity?) throws(GalleryError) -> HistorySession? {
        guard let name = HTTPField.Name("X-Gallery-Session"), let text = headers[name] else { return nil }
        guard HistorySession(text) != nil else {
            throw .invalid("'X-Gallery-Session' must be 8 to 64 letters, digits and dashes.")
        }
        guard let user = identity?.user else { return nil }
        return HistorySession(SecretToken.hash("user \(user.id.rawValue) tab \(text)"))
    }

    /// The person's history in the tab, which this request needs.
    func requiredHistorySession(for identity: Identity?) throws(GalleryError) -> HistorySession {
        guard let session = try historySession(for: identity) else {
            throw .invalid("Undo and redo need the 'X-Gallery-Session' header naming the browser session.")
        }
        return session
    }
}
