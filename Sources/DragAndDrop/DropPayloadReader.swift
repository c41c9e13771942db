import Foundation

/// Decides which items a drop contains, from the raw representations a browser read at drop time.
///
/// Precedence of the URL representations: the `<img>` elements of the HTML (a dragged web image; the uri-list then
/// holds the same URL or the surrounding link's), else the uri-list, else the Firefox `text/x-moz-url`, else the
/// URLs of plain text made only of URLs. Only http(s) URLs (fetched by the server) and `data:` URLs carrying an image
/// become items; every other scheme is ignored. Files come first; when there are exactly as many files as image
/// URLs from the HTML or uri-list, each file is paired with its URL instead (Chromium drags an image out of a page
/// as both a file and its URL). A drop with no file and no URL whose plain text is not blank is one note, its text
/// kept exactly.
public enum DropPayloadReader {
    /// The `DataTransfer.types` entries that can carry something usable.
    private static let acceptedTypes: Set<String> = [
        "files", "text/uri-list", "text/html", "text/plain", "text/x-moz-url",
    ]

    /// The most items one drop adds: a drop that holds more is refused whole (never cut), so that nothing is left
    /// out without a word.
    public static let maximumItems = 500

    /// The items a drop contains, in drop order, richest representation first; at most `limit` items.
    public static func sources(in payload: DropPayload, limit: Int = maximumItems) -> [DropSource] {
        guard limit > 0 else { return [] }
        let files = payload.files
        let (urls, pairable) = urlItems(in: payload, wanted: max(limit, files.count) + 1)

        if pairable, !files.isEmpty, files.count == urls.count {
            return zip(files.indices, urls).prefix(limit).map { index, url in
                fileSource(files[index], at: index, sourceURL: url.webURL)
            }
        }
        let fileItems = files.indices.prefix(limit).map { fileSource(files[$0], at: $0, sourceURL: nil) }
        if fileItems.isEmpty, urls.isEmpty, let text = payload.plainText,
            text.unicodeScalars.contains(where: { !isWhitespace($0) })
        {
            return [.text(text)]
        }
        return fileItems + urls.prefix(limit - fileItems.count).map(\.source)
    }

    /// Whether a drag that offers these MIME types (`DataTransfer.types`) carries anything usable:
    /// files, a uri-list, HTML, plain text or a Firefox URL (compared case-insensitively).
    public static func acceptsDrag(offering types: [String]) -> Bool {
        types.contains { acceptedTypes.contains($0.trimmingCharacters(in: .whitespaces).lowercased()) }
    }

    /// A URL item and, for http(s) items, the URL a paired file came from.
    private struct URLItem {
        var source: DropSource
        var webURL: URL?
    }

    /// The URL items of the first representation that yields any (at most `wanted` of them), and whether that
    /// representation may be paired with files (HTML images and uri-list).
    private static func urlItems(in payload: DropPayload, wanted: Int) -> ([URLItem], pairable: Bool) {
        let pageURL = payload.pageURL.flatMap { page -> URL? in
            guard case .web(let url)? = DroppedURL(absolute: trimmingWhitespace(page))
            else { return nil }
            return url
        }
        let representations: [(urls: () -> [DroppedURL], pairable: Bool)] = [
            ({ payload.html.map { HTMLImageExtractor.imageURLs(in: $0, pageURL: pageURL) } ?? [] }, true),
            ({ payload.uriList.map(URIList.urls(in:)) ?? [] }, true),
            ({ payload.mozURL.map(URIList.urls(inMozURL:)) ?? [] }, false),
            ({ payload.plainText.map(URIList.urls(inPlainText:)) ?? [] }, false),
        ]
        for representation in representations {
            let items = deduplicatedItems(representation.urls(), wanted: wanted)
            if !items.isEmpty { return (items, representation.pairable) }
        }
        return ([], false)
    }

    /// The items of `urls`, the first of identical URLs only, data URLs decoded (non-image or undecodable ones
    /// skipped); stops after `wanted` items.
    private static func deduplicatedItems(_ urls: [DroppedURL], wanted: Int) -> [URLItem] {
        var seen: Set<String> = []
        var items: [URLItem] = []
        for url in urls where items.count < wanted && seen.insert(url.key).inserted {
            switch url {
            case .web(let webURL):
                items.append(URLItem(source: .remote(webURL), webURL: webURL))
            case .data(let string):
                guard let decoded = DataURL(string), !decoded.data.isEmpty,
                    let type = TypeIdentifier(mimeType: decoded.mimeType), type.conforms(to: .image)
                else { continue }
                items.append(URLItem(source: .inline(data: decoded.data, mimeType: decoded.mimeType), webURL: nil))
            }
        }
        return items
    }

    private static func fileSource(_ file: DroppedFile, at index: Int, sourceURL: URL?) -> DropSource {
        .file(fileIndex: index, name: file.name, mimeType: file.type, size: file.size, sourceURL: sourceURL)
    }
}
