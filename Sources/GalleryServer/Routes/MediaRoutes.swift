import BlobStore
import DragAndDrop
import Foundation
import GalleryCore
import Hummingbird
import Synchronization

/// `/media/{sha256}.{ext}`: stored image and video bytes, only under the extension of the type they were stored as,
/// immutable, cached for a year, never run as a document, with validators and byte ranges;
/// `/media/thumbnails/{sha256}-{width}.webp`: their thumbnails, and `/media/posters/{sha256}.jpg`: videos' poster
/// frames, served the same way.
struct MediaRoutes<Context: RequestContext> {
    let store: any GalleryStore
    let blobs: BlobStore
    let thumbnails: ThumbnailService
    let fileIO = FileIO()
    /// How each hash served lately is served: a hash's type never changes, so most requests read no database.
    let servedMedia = ServedMedia()

    func add(to router: Router<Context>) {
        router.get("media/:file") { request, context in
            let file = try context.parameters.require("file")
            let hash = String(file.prefix { $0 != "." })
            guard BlobStore.isValidHash(hash), let media = try await servedMedia.media(of: hash, in: store),
                media.path == "/media/\(file)"
            else { throw HTTPError(.notFound, message: "No such image.") }
            return try await serve(blobs.fileURL(forHash: hash), mimeType: media.mimeType, tag: hash, request, context)
        }
        router.get("media/posters/:file") { request, context in
            try await serveCopy(
                try context.parameters.require("file"), ".jpg", "image/jpeg", "poster", thumbnails.posterURL, request,
                context)
        }
        router.get("media/display/:file") { request, context in
            try await serveCopy(
                try context.parameters.require("file"), ".webp", "image/webp", "display", thumbnails.displayCopyURL,
                request, context)
        }
        router.get("media/thumbnails/:file") { request, context in
            guard let (hash, width) = Self.thumbnailName(try context.parameters.require("file")) else {
                throw HTTPError(.notFound, message: "No such image.")
            }
            // Only the validated hash and width make the path.
            let url = thumbnails.fileURL(hash: hash, width: width)
            return try await serve(url, mimeType: "image/webp", tag: "\(hash)-\(width)", request, context)
        }
    }

    /// A file made of a stored one (a video's poster, a TIFF's display copy), named `<sha256><suffix>`: only a
    /// validated hash makes its path.
    func serveCopy(
        _ file: String, _ suffix: String, _ mimeType: String, _ kind: String, _ location: (_ hash: String) -> URL,
        _ request: Request, _ context: Context
    ) async throws -> Response {
        let hash = String(file.dropLast(suffix.count))
        guard file.hasSuffix(suffix), BlobStore.isValidHash(hash) else {
            throw HTTPError(.notFound, message: "No such image.")
        }
        return try await serve(location(hash), mimeType: mimeType, tag: "\(hash)-\(kind)", request, context)
    }

    /// The hash and width of a thumbnail file name, `<sha256>-<width>.webp` with a known width; nil for anything else.
    static func thumbnailName(_ file: String) -> (hash: String, width: Int)? {
        guard file.hasSuffix(".webp") else { return nil }
        let stem = file.dropLast(".webp".count)
        let parts = stem.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let hash = String(parts[0])
        let digits = parts[1]
        guard BlobStore.isValidHash(hash), (1...5).contains(digits.utf8.count),
            digits.utf8.allSatisfy({ (48...57).contains($0) }), digits.first != "0", let width = Int(digits),
            ThumbnailService.isValidWidth(width)
        else { return nil }
        return (hash, width)
    }

    /// A stored file: immutable, cached for a year, never run as a document; 304 for a request that has it already
    /// (its ETag), and one range of its bytes when asked (206, or 416 beyond its end); 404 when there is no such file.
    /// A small file is read whole at once, a larger one from disk in chunks.
    func serve(_ url: URL, mimeType: String, tag: String, _ request: Request, _ context: Context) async throws
        -> Response
    {
        var headers = HTTPFields()
        headers[.contentType] = mimeType
        headers[.cacheControl] = "public, max-age=31536000, immutable"
        headers[.eTag] = "\"\(tag)\""
        headers[.acceptRanges] = "bytes"
        headers[.xContentTypeOptions] = "nosniff"
        headers[.contentSecurityPolicy] = "default-src 'none'; style-src 'unsafe-inline'; sandbox"
        let notModified = request.headers[.ifNoneMatch] == "\"\(tag)\""
        guard let file = notModified ? nil : MediaFile.open(url.path) else {
            if notModified, FileManager.default.fileExists(atPath: url.path) {
                return Response(status: .notModified, headers: headers)
            }
            throw HTTPError(.notFound, message: "No such image.")
        }
        // A Range with an If-Range naming another version gets the whole file (ours never change, but say so).
        let ifRange = request.headers[.ifRange]
        let asked = ifRange == nil || ifRange == "\"\(tag)\"" ? request.headers[.range] : nil
        switch (ByteRange(header: asked, size: file.size), file) {
        case (.whole, .small(let bytes)):
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: bytes))
        case (.whole, .large):
            return Response(
                status: .ok, headers: headers, body: try await fileIO.loadFile(path: url.path, context: context))
        case (.part(let range), _):
            headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(file.size)"
            let body: ResponseBody =
                if case .small(let bytes) = file,
                    let slice = bytes.getSlice(at: range.lowerBound, length: range.count)
                {
                    ResponseBody(byteBuffer: slice)
                } else {
                    try await fileIO.loadFile(path: url.path, range: range, context: context)
                }
            return Response(status: .partialContent, headers: headers, body: body)
        case (.unsatisfiable, _):
            headers[.contentRange] = "bytes */\(file.size)"
            headers[.contentType] = nil
            return Response(status: .rangeNotSatisfiable, headers: headers)
        }
    }
}

/// The path and type stored files of recently served hashes are served under (at most ``capacity``, forgotten all at
/// once past it): what a media request is checked against, without a database read once known.
final class ServedMedia: Sendable {
    static let capacity = 50_000
    private let known = Mutex<[String: (path: String, mimeType: String)]>([:])

    /// The path (`/media/<hash>.<ext>`) and the type the file of this hash is served with; nil when no file of the
    /// hash is stored, or its type is not served.
    func media(of hash: String, in store: any GalleryStore) async throws -> (path: String, mimeType: String)? {
        if let media = known.withLock({ $0[hash] }) { return media }
        guard let stored = try await store.storedImage(hash: hash)?.mimeType,
            let type = MediaPath.servedType(forStored: stored)
        else { return nil }
        let media = (path: MediaPath.make(hash: hash, mimeType: stored), mimeType: type.mimeType)
        known.withLock { known in
            if known.count >= Self.capacity { known.removeAll(keepingCapacity: true) }
            known[hash] = media
        }
        return media
    }
}
