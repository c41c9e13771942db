import GalleryCore

/// The full-text engine of a database, and how a ``SearchQuery`` is said to it. The words it is given hold only
/// letters, digits and marks (``SearchQuery`` split them so), and are quoted besides: nothing typed is read as the
/// engine's own syntax.
public enum TextSearch: Sendable {
    /// SQLite's FTS5: the `item_search` table (unicode61, diacritics removed, prefix indexes), kept by triggers.
    case fts5
    /// PostgreSQL's text search: the item's `searchText` tsvector (the `simple` configuration over `unaccent`), kept by
    /// a trigger, with a GIN index.
    case postgresql

    /// The text the engine matches: every term, a word as a prefix (but those of `wholeWords`: as themselves), a
    /// phrase as its words in a row.
    public func match(_ query: SearchQuery, tag: String?, wholeWords: Set<String> = []) -> String {
        var parts: [String] = []
        switch self {
        case .fts5:
            for term in query.terms {
                switch term {
                case .word(let word):
                    parts.append(Self.quoted(word) + (wholeWords.contains(word) || !Self.isPrefix(word) ? "" : "*"))
                case .phrase(let words): parts.append(Self.quoted(words.joined(separator: " ")))
                }
            }
            if let tag, case let words = SearchQuery.words(in: tag), !words.isEmpty {
                parts.append("tags : \(Self.quoted(words.joined(separator: " ")))")
            }
            return parts.joined(separator: " AND ")
        case .postgresql:
            for term in query.terms {
                switch term {
                case .word(let word): parts.append(Self.lexeme(word) + (Self.isPrefix(word) ? ":*" : ""))
                case .phrase(let words): parts.append("(" + words.map(Self.lexeme).joined(separator: " <-> ") + ")")
                }
            }
            return parts.joined(separator: " & ")
        }
    }

    /// Whether a word is also matched as the start of longer ones: not a word of one character, whose words are most
    /// of an index's (over a million items, "b" as a prefix took 1.1 s on SQLite, which keeps prefix indexes of 2 and 3
    /// characters only). Typing "kerning b" on the way to "kerning board" asks for it at a pause.
    static func isPrefix(_ word: String) -> Bool { word.count > 1 }

    /// A string in FTS5's double quotes.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A word as a tsquery lexeme in single quotes.
    static func lexeme(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "''").replacingOccurrences(of: "\\", with: "\\\\") + "'"
    }
}
