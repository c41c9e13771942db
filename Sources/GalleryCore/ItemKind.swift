import Foundation

/// What an item is: the four kinds a gallery holds.
public enum ItemKind: String, Sendable, Codable, CaseIterable {
    /// A picture (or, while it loads, anything dropped as a file or link).
    case image
    /// A video file, played in place.
    case video
    /// Plain text, written or dropped.
    case note
    /// A web page, kept as a card with its title, description and preview image.
    case link
}

/// The rules of a note's text.
public enum NoteText {
    /// The most characters (Unicode scalars, as a browser counts code points) a note holds.
    public static let maximumLength = 20_000

    /// The text, unchanged, after checking its length and that it holds no NUL character (which neither database
    /// keeps in text: it would be cut there, silently).
    /// - Throws: ``GalleryError/invalid(_:)`` saying the limit and the text's length when it is too long, or where
    ///   its NUL is.
    public static func validated(_ text: String) throws(GalleryError) -> String {
        let length = text.unicodeScalars.count
        guard length <= maximumLength else {
            throw .invalid(
                "A note holds at most \(maximumLength.grouped) characters; this text has \(length.grouped). "
                    + "Nothing was added or changed.")
        }
        if let nul = text.unicodeScalars.firstIndex(of: "\u{0}") {
            let position = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: nul) + 1
            throw .invalid(
                "A note cannot hold the NUL character (U+0000); this text has one at character "
                    + "\(position.grouped). Nothing was added or changed.")
        }
        return text
    }

    /// A short title for a note: its first non-empty line, at most 80 characters ("Note" for an empty one).
    public static func title(of text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).lazy
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first { !$0.isEmpty }
        guard let line else { return "Note" }
        return line.count > 80 ? String(line.prefix(79)) + "…" : line
    }
}

/// What a web page said about itself, kept with a link item.
public struct LinkDetails: Sendable, Equatable, Codable {
    /// The most characters a link's page title keeps (a longer one is clipped when the page is read).
    public static let maximumTitleLength = 300
    /// The most characters a link's page description keeps.
    public static let maximumDescriptionLength = 1_000
    /// The most characters a link's site name keeps.
    public static let maximumSiteNameLength = 200

    /// The page's title (`og:title`, else `<title>`, else its host).
    public var title: String
    /// Its description, if it has one.
    public var description: String?
    /// The site's name, if it says.
    public var siteName: String?
    /// The visible text of the page's first bytes read (at most 100 KB), for search; nil when it has none.
    public var pageText: String?

    /// Makes details.
    public init(title: String, description: String?, siteName: String?, pageText: String? = nil) {
        self.title = title
        self.description = description
        self.siteName = siteName
        self.pageText = pageText
    }
}
