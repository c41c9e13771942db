import BlobStore
import Foundation
import GalleryCore

/// The file on disk a media URL names, the type it is served with and its ETag's value.
struct MediaTarget: Sendable, Equatable {
    var path: String
    var mimeType: String
    var tag: String
}

/// Finds the file of a media URL: only a validated hash (and a thumbnail's known width) makes a path, and a stored
/// file is only served under the extension of the type it was stored as (``ServedMedia``).
struct MediaLibrary: Sendable {
    let store: any GalleryStore
    let blobs: BlobStore
    let thumbnails: ThumbnailService
    /// How each hash served lately is served: a hash's type never changes, so most requests read no database.
    let servedMedia = ServedMedia()

    /// What finding a file without the database gives.
    enum Lookup: Equatable {
        /// The file (which may not exist).
        case found(MediaTarget)
        /// Nothing is served under this name.
        case notFound
        /// The stored original of this hash, whose type only the database knows yet.
        case needsStore(hash: String)
    }

    /// The file `file` names on `route`, as far as known without reading the database.
    func lookUp(_ route: MediaRoute, file: Substring) -> Lookup {
        switch route {
        case .original:
            let hash = String(Substring(file.utf8.prefix { $0 != UInt8(ascii: ".") }))
            guard BlobStore.isValidHash(hash) else { return .notFound }
            guard let media = servedMedia.knownMedia(of: hash) else { return .needsStore(hash: hash) }
            return Self.original(hash: hash, file: file, media: media, blobs: blobs)
        case .poster:
            guard let hash = Self.copyHash(file, suffix: ".jpg") else { return .notFound }
            return .found(
                MediaTarget(path: thumbnails.posterPath(hash: hash), mimeType: "image/jpeg", tag: "\(hash)-poster"))
        case .display:
            guard let hash = Self.copyHash(file, suffix: ".webp") else { return .notFound }
            return .found(
                MediaTarget(
                    path: thumbnails.displayCopyPath(hash: hash), mimeType: "image/webp", tag: "\(hash)-display"))
        case .playable:
            guard let hash = Self.copyHash(file, suffix: ".mp4") else { return .notFound }
            return .found(
                MediaTarget(
                    path: thumbnails.playableCopyPath(hash: hash), mimeType: "video/mp4", tag: "\(hash)-playable"))
        case .thumbnail:
            guard let (hash, width, orientation) = Self.thumbnailName(file) else { return .notFound }
            guard let turn = MediaPath.turnName(orientation) else {
                return .found(
                    MediaTarget(
                        path: thumbnails.filePath(hash: hash, width: width), mimeType: "image/webp",
                        tag: "\(hash)-\(width)"))
            }
            return .found(
                MediaTarget(
                    path: thumbnails.turnedCopyPath(hash: hash, width: width, orientation: orientation),
                    mimeType: "image/webp", tag: "\(hash)-\(width)-\(turn)"))
        }
    }

    /// The file `file` names on `route`, reading the database for an original whose type is not known yet; nil when
    /// nothing is served under this name.
    func target(_ route: MediaRoute, file: Substring) async throws -> MediaTarget? {
        switch lookUp(route, file: file) {
        case .found(let target):
            // A turned thumbnail not made yet is made now, from its upright copy; without one (or when it cannot be
            // made) the file stays missing: the same 404 as any missing thumbnail.
            if route == .thumbnail, let (hash, width, orientation) = Self.thumbnailName(file), orientation != .upright,
                !FileManager.default.fileExists(atPath: target.path)
            {
                await thumbnails.makeTurnedCopy(hash: hash, width: width, orientation: orientation)
            }
            return target
        case .notFound: return nil
        case .needsStore(let hash):
            guard let media = try await servedMedia.media(of: hash, in: store),
                case .found(let target) = Self.original(hash: hash, file: file, media: media, blobs: blobs)
            else { return nil }
            return target
        }
    }

    /// A stored original, only under the path of its stored type.
    private static func original(
        hash: String, file: Substring, media: (path: String, mimeType: String), blobs: BlobStore
    ) -> Lookup {
        guard media.path.utf8.dropFirst("/media/".utf8.count).elementsEqual(file.utf8) else { return .notFound }
        return .found(MediaTarget(path: blobs.filePath(forHash: hash), mimeType: media.mimeType, tag: hash))
    }

    /// The hash of a file made of a stored one (a video's poster or playable copy, a TIFF's display copy), named
    /// `<sha256><suffix>`; nil for anything else.
    private static func copyHash(_ file: Substring, suffix: String) -> String? {
        let stem = file.utf8.dropLast(suffix.utf8.count)
        guard file.utf8[stem.endIndex...].elementsEqual(suffix.utf8) else { return nil }
        let hash = String(Substring(stem))
        return BlobStore.isValidHash(hash) ? hash : nil
    }

    /// The hash, width and orientation of a thumbnail file name: `<sha256>-<width>.webp` (upright) or
    /// `<sha256>-<width>-<turn>.webp` (``MediaPath/turnName(_:)``) with a known width; nil for anything else.
    static func thumbnailName(_ file: Substring) -> (hash: String, width: Int, orientation: ItemOrientation)? {
        let stem = file.utf8.dropLast(".webp".utf8.count)
        guard file.utf8[stem.endIndex...].elementsEqual(".webp".utf8) else { return nil }
        let parts = stem.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        var orientation = ItemOrientation.upright
        if parts.count == 3 {
            guard let turned = MediaPath.orientation(turnName: parts[2]) else { return nil }
            orientation = turned
        }
        let hash = String(Substring(parts[0]))
        let digits = parts[1]
        guard BlobStore.isValidHash(hash), (1...5).contains(digits.count),
            digits.allSatisfy({ (48...57).contains($0) }),
            digits.first != UInt8(ascii: "0"), let width = Int(Substring(digits)), ThumbnailService.isValidWidth(width)
        else { return nil }
        return (hash, width, orientation)
    }
}
