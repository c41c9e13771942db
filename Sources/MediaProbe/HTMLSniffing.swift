import Foundation
import GalleryCore

/// Tells a web page from other bytes by its first bytes, as browsers sniff HTML (the WHATWG MIME Sniffing Standard's
/// HTML patterns): after an optional byte order mark and whitespace, one of `<!DOCTYPE HTML`, `<HTML`, `<HEAD`,
/// `<SCRIPT`, `<IFRAME`, `<H1`, `<DIV`, `<FONT`, `<TABLE`, `<A`, `<STYLE`, `<TITLE`, `<B`, `<BODY`, `<BR`, `<P` (any
/// case) followed by a space or `>`, or `<!--`.
public enum HTMLSniffing {
    /// How many first bytes ``isHTML(_:)`` needs to decide (fewer only when the file is shorter).
    public static let decisionLength = 512

    /// Whether bytes starting a file are a web page.
    public static func isHTML(_ head: some Collection<UInt8>) -> Bool {
        var bytes = Array(head.prefix(decisionLength))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let start = bytes.firstIndex(where: { ![0x09, 0x0A, 0x0C, 0x0D, 0x20].contains($0) }) else {
            return false
        }
        let rest = bytes[start...]
        if rest.starts(with: Array("<!--".utf8)) { return true }
        let upper = rest.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }
        for tag in tags {
            let pattern = Array("<\(tag)".utf8)
            guard upper.starts(with: pattern), upper.count > pattern.count else { continue }
            if [0x20, 0x3E].contains(upper[pattern.count]) { return true }
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
