import Foundation

/// A named, revocable token a script sends as `Authorization: Bearer …` instead of a cookie.
public struct APIToken: Sendable, Equatable {
    /// Its name, unique per user.
    public var name: String
    /// Whose it is.
    public var userID: UserID
    /// When it was made.
    public var createdAt: Date

    /// Makes a token value.
    public init(name: String, userID: UserID, createdAt: Date) {
        self.name = name
        self.userID = userID
        self.createdAt = createdAt
    }

    /// The longest name accepted.
    public static let maximumNameLength = 64
    /// The most tokens one person keeps (each is a way in: a forgotten one is revoked, not piled up).
    public static let maximumCount = 100

    /// Checks a proposed token name: trimmed, NFC, 1 to 64 letters, digits, spaces, dots, dashes and underscores
    /// (what a URL path carries without surprise, and what tells "backup script" from "laptop").
    public static func validatedName(_ proposed: String) throws(GalleryError) -> String {
        let name = proposed.trimmingCharacters(in: .whitespaces).precomposedStringWithCanonicalMapping
        guard !name.isEmpty else { throw .invalid("A token needs a name.") }
        guard name.count <= maximumNameLength else {
            throw .invalid("A token's name can be at most \(maximumNameLength) characters.")
        }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: " ._-"))
        guard name.unicodeScalars.allSatisfy({ allowed.contains($0) }) else {
            throw .invalid("A token's name may hold only letters, digits, spaces, dots, dashes and underscores.")
        }
        return name
    }
}
