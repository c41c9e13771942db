import Foundation
import GalleryCore

/// Tells a web page from other bytes by its first bytes, as browsers sniff HTML (the WHATWG MIME Sniffing Standard's
/// HTML patterns): after an optional byte order mark and whitespace, one of `<!DOCTYPE HTML`, `<HTML`, `<HEAD`,
/// `<SCRIPT`, `<IFRAME`, `<H1`, `<DIV`, `<FONT`, `<TABLE`, `<A`, `<STYLE`, `<TITLE`, `<B`, `<BODY`, `<BR`, `<P` (any
/// case) followed by a space or `>`, or `<!--`. Also an XHTML page: an XML declaration (`<?xml …?>`) and comments
/// before `<!DOCTYPE html` or `<html`; and a page in UTF-16 behind its byte order mark.
public enum HTMLSniffing {
    /// How many first bytes ``isHTML(_:)`` needs to decide (fewer only when the file is shorter).
    public static let decisionLength = 512

    /// Whether bytes starting a file are a web page.
    public static func isHTML(_ head: some Collection<UInt8>) -> Bool {
        var bytes = Array(head.prefix(decisionLength))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if let narrowed = narrowedUTF16(bytes) { bytes = narrowed }
        guard let start = bytes.firstIndex(where: { !isWhitespace($0) }) else { return false }
        let rest = bytes[start...]
        if rest.starts(with: Array("<!--".utf8)) { return true }
        if rest.starts(with: Array("<?xml".utf8)) { return isXHTML(Array(rest)) }
        let upper = rest.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }
        for tag in tags {
            let pattern = Array("<\(tag)".utf8)
            guard upper.starts(with: pattern), upper.count > pattern.count else { continue }
            if [0x20, 0x3E].contains(upper[pattern.count]) { return true }
        }
        return false
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool { [0x09, 0x0A, 0x0C, 0x0D, 0x20].contains(byte) }

    /// UTF-16 behind its byte order mark, one byte a character: ASCII as it is, anything else `0x7F` (which no
    /// pattern holds); nil for bytes without a UTF-16 BOM.
    private static func narrowedUTF16(_ bytes: [UInt8]) -> [UInt8]? {
        let isLittleEndian: Bool
        if bytes.starts(with: [0xFF, 0xFE]) {
            isLittleEndian = true
        } else if bytes.starts(with: [0xFE, 0xFF]) {
            isLittleEndian = false
        } else {
            return nil
        }
        return stride(from: 2, to: bytes.count - 1, by: 2).map { index in
            let (low, high) = isLittleEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            return high == 0 && low < 0x80 ? low : 0x7F
        }
    }

    /// Whether text starting with an XML declaration goes on, past white space and comments, with `<!DOCTYPE html` or
    /// `<html` (any case) followed by white space or `>`: an XHTML page, not an SVG drawing or other XML.
    private static func isXHTML(_ text: [UInt8]) -> Bool {
        guard let declarationEnd = text.firstRange(of: Array("?>".utf8))?.upperBound else { return false }
        var rest = text[declarationEnd...]
        while true {
            rest = rest.drop(while: isWhitespace)
            guard rest.starts(with: Array("<!--".utf8)) else { break }
            guard let end = rest.firstRange(of: Array("-->".utf8))?.upperBound else { return false }
            rest = rest[end...]
        }
        let upper = rest.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }
        for pattern in [Array("<!DOCTYPE HTML".utf8), Array("<HTML".utf8)] {
            guard upper.starts(with: pattern), upper.count > pattern.count else { continue }
            if isWhitespace(upper[pattern.count]) || upper[pattern.count] == 0x3E { return true }
        }
        return false
    }

    private static let tags = [
        "!DOCTYPE HTML", "HTML", "HEAD", "SCRIPT", "IFRAME", "H1", "DIV", "FONT", "TABLE", "A", "STYLE", "TITLE", "B",
        "BODY", "BR", "P",
    ]
}

extension LinkDetails {
    /// The details a link keeps of a page's metadata: its title (else the page's host, else its URL), description and
    /// site name, each without control characters and clipped (to ``maximumTitleLength``,
    /// ``maximumDescriptionLength`` and ``maximumSiteNameLength`` characters).
    public init(_ metadata: PageMetadata, pageURL: URL) {
        let title = Self.maximumTitleLength
        self.init(
            title: Self.clipped(metadata.title, title) ?? Self.clipped(pageURL.host ?? pageURL.absoluteString, title)
                ?? "Link",
            description: Self.clipped(metadata.description, Self.maximumDescriptionLength),
            siteName: Self.clipped(metadata.siteName, Self.maximumSiteNameLength))
    }

    private static func clipped(_ text: String?, _ length: Int) -> String? {
        guard let text else { return nil }
        let cleaned = String(
            String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.generalCategory != .control })
        )
        .trimmingCharacters(in: .whitespacesAndNewlines)
        guard !cleaned.isEmpty else { return nil }
        return cleaned.count > length ? String(cleaned.prefix(length - 1)) + "…" : cleaned
    }
}
