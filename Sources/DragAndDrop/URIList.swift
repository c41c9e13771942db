import Foundation

/// A URL a drop refers to that could become an item: a fetchable http(s) URL, or a `data:` URL kept as text
/// until it is decoded.
enum DroppedURL: Hashable {
    /// An address items are loaded from (``WebAddress``).
    case web(URL)
    /// A `data:` URL, undecoded.
    case data(String)

    /// The identity used to drop duplicates.
    var key: String {
        switch self {
        case .web(let url): url.absoluteString
        case .data(let string): string
        }
    }

    /// Classifies an absolute URL string; `nil` for relative references and every scheme but http, https and data.
    init?(absolute string: some StringProtocol) {
        guard let scheme = Self.scheme(of: string) else { return nil }
        switch scheme {
        case "data":
            self = .data(String(string))
        case "http", "https":
            guard let url = URL(string: String(string)), let web = Self.checkedWeb(url) else { return nil }
            self = web
        default:
            return nil
        }
    }

    /// Classifies a URL reference that may be relative, resolving it against `base`; `nil` when it is relative and
    /// `base` is `nil`, or when the result is not an http(s) or data URL.
    init?(reference: String, base: URL?) {
        if Self.scheme(of: reference) != nil {
            self.init(absolute: reference)
            return
        }
        guard !reference.isEmpty, let base, let url = URL(string: reference, relativeTo: base)?.absoluteURL,
            let web = Self.checkedWeb(url)
        else { return nil }
        self = web
    }

    private static func checkedWeb(_ url: URL) -> DroppedURL? {
        WebAddress.isLoadable(url) ? .web(url) : nil
    }

    /// The lowercased scheme of `string` (`[A-Za-z][A-Za-z0-9+.-]*:`), or `nil` if it has none.
    static func scheme(of string: some StringProtocol) -> String? {
        var scheme: [UInt8] = []
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: ":"):
                return scheme.isEmpty ? nil : String(decoding: scheme, as: UTF8.self).lowercased()
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                scheme.append(byte)
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                guard !scheme.isEmpty else { return nil }
                scheme.append(byte)
            default:
                return nil
            }
        }
        return nil
    }
}

/// Parsers for the plain-text URL representations of a drop: `text/uri-list`, `text/x-moz-url` and `text/plain`.
///
/// They work on Unicode scalars and UTF-8 bytes rather than `Character`s so that a data URL of tens of megabytes
/// is split and trimmed quickly.
enum URIList {
    /// The usable URLs of a `text/uri-list`: lines split on CRLF (or LF/CR), `#` comment lines and blank lines
    /// skipped, whitespace trimmed; only absolute http(s) and data URLs are kept.
    static func urls(in uriList: String) -> [DroppedURL] {
        lines(of: uriList).compactMap { line in
            let trimmed = trimmingWhitespace(line)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
            return DroppedURL(absolute: trimmed)
        }
    }

    /// The usable URLs of a `text/x-moz-url`: the even lines of alternating URL/title lines.
    static func urls(inMozURL mozURL: String) -> [DroppedURL] {
        lines(of: mozURL).enumerated().compactMap { index, line in
            guard index.isMultiple(of: 2) else { return nil }
            return DroppedURL(absolute: trimmingWhitespace(line))
        }
    }

    /// The URLs of plain text made only of absolute http(s) or data URLs separated by whitespace; none when any token
    /// is something else (text that mentions a link is a note, not a link).
    static func urls(inPlainText text: String) -> [DroppedURL] {
        var urls: [DroppedURL] = []
        let scalars = text.unicodeScalars
        var tokenStart: String.Index?
        var index = scalars.startIndex
        while index <= scalars.endIndex {
            let isSeparator = index == scalars.endIndex || isWhitespace(scalars[index])
            if isSeparator, let start = tokenStart {
                guard let url = DroppedURL(absolute: text[start..<index]) else { return [] }
                urls.append(url)
                tokenStart = nil
            } else if !isSeparator, tokenStart == nil {
                tokenStart = index
            }
            if index == scalars.endIndex { break }
            index = scalars.index(after: index)
        }
        return urls
    }

    /// The lines of `text`, keeping empty ones; CRLF, LF and CR all end a line.
    static func lines(of text: String) -> [Substring] {
        var lines: [Substring] = []
        let utf8 = text.utf8
        var lineStart = utf8.startIndex
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else {
                index = utf8.index(after: index)
                continue
            }
            lines.append(text[lineStart..<index])
            index = utf8.index(after: index)
            if byte == UInt8(ascii: "\r"), index < utf8.endIndex, utf8[index] == UInt8(ascii: "\n") {
                index = utf8.index(after: index)
            }
            lineStart = index
        }
        lines.append(text[lineStart..<utf8.endIndex])
        return lines
    }
}

/// `text` without leading and trailing Unicode whitespace; only the ends are examined.
func trimmingWhitespace<S: StringProtocol>(_ text: S) -> S.SubSequence {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isWhitespace($0) }),
        let last = scalars.lastIndex(where: { !isWhitespace($0) })
    else { return text[text.endIndex...] }
    return text[first..<scalars.index(after: last)]
}

/// Whether `scalar` is Unicode whitespace (with a fast path for ASCII).
func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII ? isASCIIWhitespace(UInt8(scalar.value)) || scalar.value == 0x0B : scalar.properties.isWhitespace
}
