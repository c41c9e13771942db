import Foundation

/// What a person says about an item: its title, a caption (an image's alternative text) and tags.
public struct ItemDescription: Sendable, Equatable, Codable {
    /// The most characters (Unicode scalars) of a caption.
    public static let maximumCaptionLength = 2_000
    /// The most tags an item has.
    public static let maximumTags = 50
    /// The most characters of a tag.
    public static let maximumTagLength = 100

    /// The item's title.
    public var title: String
    /// Its caption, nil for none.
    public var caption: String?
    /// Its tags, in the order they were added, none equal to another without regard to case.
    public var tags: [String]

    /// Makes a description.
    public init(title: String, caption: String? = nil, tags: [String] = []) {
        self.title = title
        self.caption = caption
        self.tags = tags
    }

    /// A change asked for: each field set replaces (title, caption, tags) or edits (tags added, tags removed) the
    /// item's own; a field left nil leaves it as it is.
    public struct Change: Sendable, Equatable {
        /// The new title.
        public var title: String?
        /// The new caption; an empty one takes the caption away.
        public var caption: String?
        /// The new tags, all of them.
        public var tags: [String]?
        /// Tags to add to those the item has.
        public var addedTags: [String]
        /// Tags to take away (without regard to case).
        public var removedTags: [String]

        /// Makes a change.
        public init(
            title: String? = nil, caption: String? = nil, tags: [String]? = nil, addedTags: [String] = [],
            removedTags: [String] = []
        ) {
            self.title = title
            self.caption = caption
            self.tags = tags
            self.addedTags = addedTags
            self.removedTags = removedTags
        }

        /// Whether it changes nothing.
        public var isEmpty: Bool {
            title == nil && caption == nil && tags == nil && addedTags.isEmpty && removedTags.isEmpty
        }

        /// The change with every field checked and put in its kept form (tags trimmed and NFC-normalised).
        /// - Throws: ``GalleryError/invalid(_:)`` saying which field breaks which rule.
        public func validated() throws(GalleryError) -> Change {
            Change(
                title: try title.map(ItemDescription.validatedTitle),
                caption: try caption.map(ItemDescription.validatedCaption),
                tags: try tags.map(ItemDescription.validatedTags),
                addedTags: try ItemDescription.validatedTags(addedTags),
                removedTags: try removedTags.map(ItemDescription.validatedTag))
        }
    }

    /// This description with a validated `change` applied.
    /// - Throws: ``GalleryError/invalid(_:)`` when the item would have more than ``maximumTags`` tags.
    public func applying(_ change: Change) throws(GalleryError) -> ItemDescription {
        var result = self
        if let title = change.title { result.title = title }
        if let caption = change.caption { result.caption = caption.isEmpty ? nil : caption }
        if let tags = change.tags { result.tags = tags }
        let removed = Set(change.removedTags.map(Self.folded))
        result.tags.removeAll { removed.contains(Self.folded($0)) }
        var kept = Set(result.tags.map(Self.folded))
        for tag in change.addedTags where kept.insert(Self.folded(tag)).inserted { result.tags.append(tag) }
        guard result.tags.count <= Self.maximumTags else {
            throw .invalid(
                "An item has at most \(Self.maximumTags) tags; this change would give it \(result.tags.count). "
                    + "Nothing was changed.")
        }
        return result
    }

    /// How tags are compared: without regard to case.
    public static func folded(_ tag: String) -> String {
        tag.lowercased()
    }

    /// A title, trimmed: not empty, at most ``ItemTitle/maximumLength`` characters, no control characters.
    public static func validatedTitle(_ text: String) throws(GalleryError) -> String {
        let title = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { throw .invalid("A title cannot be empty. Nothing was changed.") }
        try checkLength(title, "A title", ItemTitle.maximumLength)
        try refuseControlCharacters(title, "A title", allowingLines: false)
        return title
    }

    /// A caption, trimmed (empty: none): at most ``maximumCaptionLength`` characters; lines and tabs are kept, other
    /// control characters refused.
    public static func validatedCaption(_ text: String) throws(GalleryError) -> String {
        let caption = text.trimmingCharacters(in: .whitespacesAndNewlines)
        try checkLength(caption, "A caption", maximumCaptionLength)
        try refuseControlCharacters(caption, "A caption", allowingLines: true)
        return caption
    }

    /// One tag, trimmed and NFC-normalised: 1 to ``maximumTagLength`` characters, no control characters.
    public static func validatedTag(_ text: String) throws(GalleryError) -> String {
        let tag = text.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        guard !tag.isEmpty else { throw .invalid("A tag cannot be empty. Nothing was changed.") }
        try checkLength(tag, "A tag", maximumTagLength)
        try refuseControlCharacters(tag, "A tag", allowingLines: false)
        return tag
    }

    /// Tags, each validated, without repeats (the first spelling kept), at most ``maximumTags``.
    public static func validatedTags(_ texts: [String]) throws(GalleryError) -> [String] {
        var tags: [String] = []
        var seen = Set<String>()
        for text in texts {
            let tag = try validatedTag(text)
            if seen.insert(folded(tag)).inserted { tags.append(tag) }
        }
        guard tags.count <= maximumTags else {
            throw .invalid("An item has at most \(maximumTags) tags; \(tags.count) were given. Nothing was changed.")
        }
        return tags
    }

    private static func checkLength(_ text: String, _ what: String, _ limit: Int) throws(GalleryError) {
        let length = text.unicodeScalars.count
        guard length <= limit else {
            throw .invalid(
                "\(what) holds at most \(limit.grouped) characters; this one has \(length.grouped). Nothing was changed."
            )
        }
    }

    private static func refuseControlCharacters(_ text: String, _ what: String, allowingLines: Bool)
        throws(GalleryError)
    {
        let allowed: Set<Unicode.Scalar> = allowingLines ? ["\n", "\t"] : []
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && !allowed.contains($0) }) {
            throw .invalid(
                "\(what) cannot hold control characters\(allowingLines ? " other than new lines and tabs" : ""). "
                    + "Nothing was changed.")
        }
    }
}
