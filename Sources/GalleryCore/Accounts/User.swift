import Foundation

/// Tag type for user ids.
public enum UserTag {}
/// Identifies a user account.
public typealias UserID = TypedID<UserTag>

/// A person who signs in: owns galleries and is given others.
public struct User: Sendable, Equatable, Codable {
    /// The user's id.
    public var id: UserID
    /// The name they sign in with (unique, compared without case).
    public var name: String
    /// Whether they may manage accounts (the owner made at the first start is).
    public var isAdmin: Bool
    /// Whether a password is set (an account made before its setup has none and cannot sign in).
    public var hasPassword: Bool
    /// When the account was made.
    public var createdAt: Date

    /// Makes a user value.
    public init(id: UserID, name: String, isAdmin: Bool, hasPassword: Bool, createdAt: Date) {
        self.id = id
        self.name = name
        self.isAdmin = isAdmin
        self.hasPassword = hasPassword
        self.createdAt = createdAt
    }

    /// The name of the account the first start makes.
    public static let ownerName = "owner"
    /// The longest user name accepted.
    public static let maximumNameLength = 64
    /// The shortest password accepted.
    public static let minimumPasswordLength = 8
    /// The longest password accepted (longer ones only cost hashing time).
    public static let maximumPasswordLength = 1024

    /// Checks a proposed user name: 1 to 64 letters, digits, dots, dashes and underscores.
    public static func validatedName(_ proposed: String) throws(GalleryError) -> String {
        let name = proposed.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw .invalid("A user needs a name.") }
        guard name.count <= maximumNameLength else {
            throw .invalid("A user name can be at most \(maximumNameLength) characters.")
        }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "._-"))
        guard name.unicodeScalars.allSatisfy({ $0.isASCII && allowed.contains($0) }) else {
            throw .invalid("A user name may hold only letters, digits, dots, dashes and underscores.")
        }
        return name
    }

    /// Checks a proposed password: 8 to 1024 characters, no control characters.
    public static func validatedPassword(_ proposed: String) throws(GalleryError) -> String {
        guard proposed.count >= minimumPasswordLength else {
            throw .invalid("A password needs at least \(minimumPasswordLength) characters.")
        }
        guard proposed.count <= maximumPasswordLength else {
            throw .invalid("A password can be at most \(maximumPasswordLength) characters.")
        }
        guard !proposed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalid("A password cannot hold control characters.")
        }
        return proposed
    }
}
