import Foundation

/// A `<link>` naming an icon of the site (`rel` `icon`, `shortcut icon`, `apple-touch-icon` or
/// `apple-touch-icon-precomposed`; never `mask-icon`, a one-colour SVG): its `href`, `sizes` and `type` as written.
struct IconLink {
    /// The most icon links a page's head is read for (real pages name a handful).
    static let maximumCount = 32

    /// The side an `apple-touch-icon` without `sizes` is taken to have: the size iOS asks for.
    static let touchIconSide = 180

    /// The types of icon a link may declare for it to be fetched: images libvips decodes, and Windows icons (whose PNG
    /// images are taken).
    static let rasterTypes: Set<String> = [
        "image/png", "image/jpeg", "image/jpg", "image/gif", "image/webp", "image/x-icon", "image/vnd.microsoft.icon",
        "image/ico", "image/icon",
    ]

    /// The URL as written.
    var href: String
    /// The `sizes` attribute, such as `32x32`, `16x16 32x32` or `any`.
    var sizes: String?
    /// The `type` attribute, such as `image/png`.
    var type: String?
    /// Whether it is an `apple-touch-icon` (whose size, when not declared, is ``touchIconSide``).
    var isTouchIcon: Bool

    /// The largest side `sizes` declares; for a touch icon without one, ``touchIconSide``; nil when unknown.
    var declaredSide: Int? {
        let sides = (sizes ?? "").lowercased().split(whereSeparator: \.isWhitespace).compactMap { token -> Int? in
            let parts = token.split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, parts.allSatisfy({ (1...5).contains($0.count) }),
                let width = Int(parts[0]), let height = Int(parts[1])
            else { return nil }
            return max(width, height)
        }
        return sides.max() ?? (isTouchIcon ? Self.touchIconSide : nil)
    }

    /// Whether the link may name a raster image: its `type`, when it has one, is in ``rasterTypes``; without one, its
    /// URL's path does not end in `.svg` or `.svgz`.
    func mayBeRaster(at url: URL) -> Bool {
        if let type {
            let bare = type.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            return Self.rasterTypes.contains(bare)
        }
        return !["svg", "svgz"].contains(url.pathExtension.lowercased())
    }

    /// How good an icon is for a card, smaller first: a declared side of 32 to 256 pixels (the largest first), then a
    /// larger one (the smallest first), then an undeclared one (touch icons first), then one under 32 (the largest
    /// first).
    private var rank: (band: Int, order: Int) {
        guard let side = declaredSide else { return (2, isTouchIcon ? 0 : 1) }
        switch side {
        case 32...256: return (0, -side)
        case 257...: return (1, side)
        default: return (3, -side)
        }
    }

    /// The best icon of `links` for a card (the first of equals), resolved against `base`; only http(s) URLs that may
    /// name a raster image count; nil when none does.
    static func best(_ links: [IconLink], base: URL) -> URL? {
        var best: (url: URL, rank: (band: Int, order: Int))?
        for link in links {
            guard let url = PageHead.webURL(link.href, base: base), link.mayBeRaster(at: url) else { continue }
            let rank = link.rank
            if let current = best, current.rank <= rank { continue }
            best = (url, rank)
        }
        return best?.url
    }
}
