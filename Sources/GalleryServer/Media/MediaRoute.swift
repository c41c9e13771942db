/// The URLs of stored files under `/media/`: `/media/{sha256}.{ext}` (stored image and video bytes),
/// `/media/posters/{sha256}.jpg` (videos' poster frames), `/media/display/{sha256}.webp` (browser-displayable copies
/// of TIFF and HEIC images), `/media/playable/{sha256}.mp4` (the copies browsers play of videos they do not) and
/// `/media/thumbnails/{sha256}-{width}.webp`. Their patterns are what the router
/// registers and what the metrics count them by.
enum MediaRoute: CaseIterable, Sendable {
    case original, poster, display, playable, thumbnail

    /// The route's pattern: as registered with the router, and its `route` label in the metrics.
    var pattern: String {
        switch self {
        case .original: "/media/{file}"
        case .poster: "/media/posters/{file}"
        case .display: "/media/display/{file}"
        case .playable: "/media/playable/{file}"
        case .thumbnail: "/media/thumbnails/{file}"
        }
    }

    /// The route a request's path (without its query) reaches, and the file name it gives, as the router matches
    /// them (empty segments skipped, nothing decoded); nil for any other path.
    static func match(path: String) -> (route: MediaRoute, file: Substring)? {
        var segments = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true)[...]
        guard segments.count == 2 || segments.count == 3, let first = segments.popFirst(),
            first.elementsEqual("media".utf8), let file = segments.popLast()
        else { return nil }
        let route: MediaRoute
        if let folder = segments.first {
            if folder.elementsEqual("thumbnails".utf8) {
                route = .thumbnail
            } else if folder.elementsEqual("posters".utf8) {
                route = .poster
            } else if folder.elementsEqual("display".utf8) {
                route = .display
            } else if folder.elementsEqual("playable".utf8) {
                route = .playable
            } else {
                return nil
            }
        } else {
            route = .original
        }
        return (route, Substring(file))
    }
}
