import Foundation

/// A search a person saved with a name: the gallery browser lists it as a smart gallery whose items are the search's
/// results, read live. What is searched is checked as `GET /api/search` checks it, so a saved search always runs.
public struct SavedSearch: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    /// The words and "phrases" searched for (may be empty when a tag is given).
    public var q: String
    public var kind: ItemKind?
    public var tag: String?
    /// Only this gallery's items (still only if the person may read it when the search runs).
    public var gallery: GalleryID?
    /// Only items added from this day or time on, and before this one, as `GET /api/search` takes them (checked by
    /// whoever makes the saved search).
    public var from: String?
    public var to: String?
    public var createdAt: Date

    /// The most searches one person keeps.
    public static let maximumCount = 100
    /// The most characters a saved search's name has.
    public static let maximumNameLength = 200

    /// A new saved search, checked: a name of 1 to 200 characters without control characters, a query
    /// ``SearchQuery`` reads, and at least a word or a tag.
    public init(
        name: String, q: String, kind: ItemKind? = nil, tag: String? = nil, gallery: GalleryID? = nil,
        from: String? = nil, to: String? = nil, id: String = UUID().uuidString.lowercased(), createdAt: Date = Date()
    ) throws(GalleryError) {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        guard !trimmed.isEmpty else { throw .invalid("Give the search a name.") }
        let length = trimmed.unicodeScalars.count
        guard length <= Self.maximumNameLength else {
            throw .invalid(
                "A search's name holds at most \(Self.maximumNameLength) characters; this one has \(length.grouped).")
        }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalid("A search's name cannot hold control characters (such as a new line).")
        }
        let query = try SearchQuery(q)
        let tag = try tag.flatMap { text throws(GalleryError) in
            text.trimmingCharacters(in: .whitespaces).isEmpty ? nil : try ItemDescription.validatedTag(text)
        }
        guard !query.isEmpty || tag != nil else {
            throw .invalid("Type a word to search for (letters or digits), or name a tag.")
        }
        self.id = id
        self.name = trimmed
        self.q = q
        self.kind = kind
        self.tag = tag
        self.gallery = gallery
        self.from = from
        self.to = to
        self.createdAt = createdAt
    }
}
