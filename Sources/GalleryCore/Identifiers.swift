import Foundation

/// A typed identifier: a UUID string that cannot be mixed up with another entity's id.
public struct TypedID<Tag>: Hashable, Sendable, Codable, CustomStringConvertible, Comparable {
    /// The lower-case UUID string.
    public let rawValue: String

    /// Wraps an existing id, if it is a well-formed UUID.
    public init?(_ rawValue: String) {
        guard let uuid = UUID(uuidString: rawValue) else { return nil }
        self.rawValue = uuid.uuidString.lowercased()
    }

    /// Wraps a stored id without validation (the store only holds valid ids).
    public init(trusted rawValue: String) { self.rawValue = rawValue }

    /// A new random id.
    public static func make() -> Self { Self(trusted: UUID().uuidString.lowercased()) }

    /// The raw string.
    public var description: String { rawValue }

    /// Orders by raw value (a deterministic tie-break).
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Decodes from a single string, refusing malformed ids.
    public init(from decoder: Decoder) throws {
        let string = try decoder.singleValueContainer().decode(String.self)
        guard let id = Self(string) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not a valid id: \(string)"))
        }
        self = id
    }

    /// Encodes as a single string.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// Tag type for gallery ids.
public enum GalleryTag {}
/// Tag type for item ids.
public enum ItemTag {}

/// Identifies a gallery.
public typealias GalleryID = TypedID<GalleryTag>
/// Identifies an item of a gallery.
public typealias ItemID = TypedID<ItemTag>
