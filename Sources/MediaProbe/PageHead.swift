import DragAndDrop
import Foundation

/// The tags of a page that metadata is made of, first occurrence of each kept.
struct PageHead {
    /// `<meta>` contents by lowercased `property` and `name`.
    private var metas: [String: String] = [:]
    /// The first `<title>` before any `<svg>` (whose `<title>`s name drawings, not the page).
    private var title: String?
    /// Whether an `<svg>` was seen.
    private var isPastSVG = false
    /// The first `<base href>`.
    private var baseHref: String?
    /// `apple-touch-icon` links in document order.
    private var touchIcons: [TouchIcon] = []
    /// The first ``IconLink/maximumCount`` icon links (`icon`, `shortcut icon`, `apple-touch-icon`) in document order.
    private var iconLinks: [IconLink] = []

    /// The meta names read, so a page cannot grow the table with others.
    private static let metaNames: Set<String> = [
        "og:title", "og:description", "og:site_name", "og:image", "og:image:secure_url", "og:image:url",
        "twitter:image", "twitter:image:src", "description",
    ]

    /// Notes what `tag` contributes.
    mutating func take(_ tag: ScannedTag) {
        switch tag.name {
        case "meta":
            guard let content = tag.attributes["content"] else { return }
            for key in [tag.attributes["property"], tag.attributes["name"]].compactMap({ $0 }) {
                let name = key.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
                if Self.metaNames.contains(name), metas[name] == nil {
                    metas[name] = content
                }
            }
        case "title" where title == nil && !isPastSVG:
            title = tag.text
        case "svg":
            isPastSVG = true
        case "base" where baseHref == nil:
            baseHref = tag.attributes["href"]
        case "link":
            let rel = (tag.attributes["rel"] ?? "").lowercased().split(whereSeparator: \.isWhitespace)
            guard let href = tag.attributes["href"] else { return }
            let isTouchIcon = rel.contains("apple-touch-icon") || rel.contains("apple-touch-icon-precomposed")
            if isTouchIcon, touchIcons.count < IconLink.maximumCount {
                touchIcons.append(TouchIcon(href: href, sizes: tag.attributes["sizes"]))
            }
            if isTouchIcon || rel.contains("icon"), iconLinks.count < IconLink.maximumCount {
                iconLinks.append(
                    IconLink(
                        href: href, sizes: tag.attributes["sizes"], type: tag.attributes["type"],
                        isTouchIcon: isTouchIcon))
            }
        default:
            break
        }
    }

    /// The metadata these tags make, URLs resolved against `<base href>` or else `baseURL`.
    func metadata(baseURL: URL) -> PageMetadata {
        let base = baseHref.flatMap { Self.webURL($0, base: baseURL) } ?? baseURL
        let imageCandidates = ["og:image", "og:image:secure_url", "og:image:url", "twitter:image", "twitter:image:src"]
        let previewImage =
            imageCandidates.lazy.compactMap { metas[$0].flatMap { Self.webURL($0, base: base) } }.first
            ?? largestTouchIcon(base: base)
        return PageMetadata(
            title: text("og:title") ?? title.flatMap(Self.collapsingWhitespace),
            description: text("og:description") ?? text("description"),
            siteName: text("og:site_name"),
            previewImageURL: previewImage,
            siteIconURL: IconLink.best(iconLinks, base: base) ?? Self.favicon(of: baseURL))
    }

    /// The meta content named `name`, whitespace collapsed; `nil` when missing or blank.
    private func text(_ name: String) -> String? {
        metas[name].flatMap(Self.collapsingWhitespace)
    }

    /// The touch icon with the largest declared size (the later one on a tie), else the last one; only icons with an
    /// http(s) URL count.
    private func largestTouchIcon(base: URL) -> URL? {
        var best: (url: URL, area: Int?)?
        for icon in touchIcons {
            guard let url = Self.webURL(icon.href, base: base) else { continue }
            let area = icon.largestArea
            if let current = best, let currentArea = current.area, (area ?? -1) < currentArea { continue }
            best = (url, area)
        }
        return best?.url
    }

    /// `/favicon.ico` at the root of `page`'s origin, where browsers look when a page names no icon.
    static func favicon(of page: URL) -> URL? {
        webURL("/favicon.ico", base: page)
    }

    /// `reference` resolved against `base`, if that makes an absolute http(s) URL with a host.
    static func webURL(_ reference: String, base: URL) -> URL? {
        // As a browser does: surrounding whitespace is dropped, and tabs and line breaks inside.
        var scalars = String.UnicodeScalarView()
        scalars.append(
            contentsOf: reference.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars.filter {
                $0 != "\t" && $0 != "\n" && $0 != "\r"
            })
        let cleaned = String(scalars)
        guard !cleaned.isEmpty, let url = URL(string: cleaned, relativeTo: base)?.absoluteURL,
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return nil }
        return url
    }

    /// `text` with runs of ASCII whitespace made one space and none at either end; `nil` when nothing is left.
    static func collapsingWhitespace(_ text: String) -> String? {
        let words = text.unicodeScalars.split(whereSeparator: { " \t\n\r\u{0C}".unicodeScalars.contains($0) })
        return words.isEmpty ? nil : words.map { String(String.UnicodeScalarView($0)) }.joined(separator: " ")
    }
}

/// A `<link rel="apple-touch-icon">`: its `href` and `sizes`.
struct TouchIcon {
    /// The icon's URL as written.
    var href: String
    /// The `sizes` attribute, such as `180x180` or `57x57 114x114`.
    var sizes: String?

    /// The largest width × height the `sizes` attribute declares, or `nil` when it declares none.
    var largestArea: Int? {
        guard let sizes else { return nil }
        return sizes.lowercased().split(whereSeparator: \.isWhitespace).compactMap { token -> Int? in
            let sides = token.split(separator: "x", omittingEmptySubsequences: false)
            guard sides.count == 2, sides.allSatisfy({ (1...5).contains($0.count) }),
                let width = Int(sides[0]), let height = Int(sides[1])
            else { return nil }
            return width * height
        }.max()
    }
}
