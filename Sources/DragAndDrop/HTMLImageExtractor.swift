import Foundation

/// Finds the images of an HTML fragment: every `<img>`, with the URL of its largest `srcset` candidate (else its
/// `src`), resolved against the fragment's `<base href>` or else the page URL.
///
/// A tolerant byte-level tag scanner, not a full HTML parser: tag and attribute names are case-insensitive,
/// attribute values may be double-quoted, single-quoted or unquoted, character references in values are decoded,
/// and comments and the contents of `<script>`/`<style>` are skipped.
enum HTMLImageExtractor {
    /// The usable image URLs of `html`, in document order; images whose URL cannot be resolved are skipped.
    static func imageURLs(in html: String, pageURL: URL?) -> [DroppedURL] {
        var scanner = TagScanner(bytes: Array(html.utf8))
        var images: [[String: String]] = []
        var baseHref: String?
        while let tag = scanner.nextTag() {
            switch tag.name {
            case "img": images.append(tag.attributes)
            case "base" where baseHref == nil: baseHref = tag.attributes["href"].map(trimmed)
            default: break
            }
        }

        let base =
            baseHref.flatMap { href -> URL? in
                guard case .web(let url)? = DroppedURL(reference: href, base: pageURL) else { return nil }
                return url
            } ?? pageURL

        return images.compactMap { attributes in
            if let srcset = attributes["srcset"], let candidate = SourceSet.largestCandidate(in: srcset),
                let url = DroppedURL(reference: candidate, base: base)
            {
                return url
            }
            guard let src = attributes["src"].map(trimmed), !src.isEmpty else { return nil }
            return DroppedURL(reference: src, base: base)
        }
    }

    private static func trimmed(_ value: String) -> String {
        String(trimmingWhitespace(value))
    }
}
