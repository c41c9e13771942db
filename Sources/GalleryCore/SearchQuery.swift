import Foundation

/// What a person searches for: plain words (each matched as a word or the start of one) and `"exact phrases"`, never a
/// query language — whatever is typed is read as words, so no input can change what the query means. The engines
/// match without regard to case or accents.
public struct SearchQuery: Sendable, Equatable {
    /// One thing to find: every term must be found in an item.
    public enum Term: Sendable, Equatable {
        /// A word, or the start of one.
        case word(String)
        /// Words one after the other.
        case phrase([String])
    }

    /// The most characters a query may have.
    public static let maximumLength = 1000
    /// The most terms a query keeps (the words after them are left out).
    public static let maximumTerms = 32

    /// The terms, in the order typed.
    public var terms: [Term]

    /// Reads typed text: `"…"` holds a phrase (an unclosed quote runs to the end), anything else is words, split at
    /// every character that is not a letter or a digit. Refuses text over ``maximumLength`` characters.
    public init(_ text: String) throws(GalleryError) {
        let length = text.unicodeScalars.count
        guard length <= Self.maximumLength else {
            throw .invalid(
                "A search holds at most \(Self.maximumLength.grouped) characters; this one has \(length.grouped).")
        }
        var terms: [Term] = []
        for (index, part) in text.split(separator: "\"", omittingEmptySubsequences: false).enumerated() {
            let words = Self.words(in: String(part))
            if index % 2 == 1, words.count > 1 {
                terms.append(.phrase(words))
            } else {
                terms += words.map(Term.word)
            }
        }
        self.terms = Array(terms.prefix(Self.maximumTerms))
    }

    /// Whether nothing searchable was typed.
    public var isEmpty: Bool { terms.isEmpty }

    /// The words of `text`: its runs of letters and digits (marks kept with their letters), composed.
    public static func words(in text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for scalar in text.precomposedStringWithCanonicalMapping.unicodeScalars {
            let properties = scalar.properties
            if properties.isAlphabetic || properties.numericType != nil
                || (!current.isEmpty && properties.generalCategory == .nonspacingMark)
            {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}

/// A search across galleries: what is looked for, where, and which page of the answer.
public struct SearchRequest: Sendable, Equatable {
    /// The words and phrases (may be empty when a tag is given).
    public var query: SearchQuery
    /// The galleries searched: those the person may read (never empty; a search with none finds nothing).
    public var galleries: [GalleryID]
    /// Only items of this kind.
    public var kind: ItemKind?
    /// Only items holding this tag (matched without regard to case).
    public var tag: String?
    /// Only items added at or after this time.
    public var addedFrom: Date?
    /// Only items added before this time.
    public var addedBefore: Date?
    /// How many results to skip (the cursor).
    public var offset: Int
    /// The most results to answer.
    public var limit: Int

    /// The most results a search counts exactly: beyond, it says "more than".
    public static let countLimit = 1000
    /// How far into the results a search may page.
    public static let maximumOffset = 10_000

    public init(
        query: SearchQuery, galleries: [GalleryID], kind: ItemKind? = nil, tag: String? = nil, addedFrom: Date? = nil,
        addedBefore: Date? = nil, offset: Int = 0, limit: Int = 50
    ) {
        self.query = query
        self.galleries = galleries
        self.kind = kind
        self.tag = tag
        self.addedFrom = addedFrom
        self.addedBefore = addedBefore
        self.offset = offset
        self.limit = limit
    }
}

/// One item found, with the name of its gallery.
public struct SearchResult: Sendable, Equatable {
    public var item: Item
    public var galleryName: String

    public init(item: Item, galleryName: String) {
        self.item = item
        self.galleryName = galleryName
    }
}

/// A page of search results, best first (then newest first).
public struct SearchPage: Sendable, Equatable {
    /// The items found, each with its gallery's name.
    public var results: [SearchResult]
    /// How many items were found, up to ``SearchRequest/countLimit``.
    public var count: Int
    /// Whether more than ``count`` were found.
    public var countIsAtLeast: Bool
    /// The offset of the next page, or nil at the end.
    public var nextOffset: Int?

    public init(results: [SearchResult], count: Int, countIsAtLeast: Bool, nextOffset: Int?) {
        self.results = results
        self.count = count
        self.countIsAtLeast = countIsAtLeast
        self.nextOffset = nextOffset
    }
}
