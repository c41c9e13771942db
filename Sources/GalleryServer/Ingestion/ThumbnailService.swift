import BlobStore
import Foundation
import GalleryCore
import Logging
import Synchronization
import Thumbnails

/// Makes and finds the WebP thumbnails of stored images: `images/thumbnails/<hash>-<width>.webp`, made once per hash,
/// before the item is shown as ready, one image at a time per core (each decoded once for all its widths). Without
/// libvips there are none, and the originals are served.
public final class ThumbnailService: Sendable {
    /// The folder holding the thumbnails.
    let folder: URL
    /// The folder's path, without a trailing `/`.
    let folderPath: String
    /// Whether thumbnails are made (libvips was found).
    let isEnabled: Bool
    let logger: Logger
    /// One serial queue per core, off the cooperative thread pool (decoding blocks): an image's work always goes to the
    /// queue its hash picks, so two jobs for one image never run at once.
    private let lanes: [DispatchQueue]
    /// Hashes being worked on, so the same image is not done twice at once.
    private let working = Mutex<Set<String>>([])
    /// The turned thumbnails being made, by path: what every request for one awaits, so each is made once
    /// (``makeTurnedCopy(hash:width:orientation:)``).
    let turnsInFlight = Mutex<[String: Task<Void, Never>]>([:])

    /// Opens (and creates if needed) the thumbnail folder inside the image folder; removes half-written files.
    public init(imageFolder: URL, isEnabled: Bool = Thumbnailer.isAvailable, logger: Logger) {
        folder = imageFolder.appendingPathComponent("thumbnails", isDirectory: true)
        var folderPath = folder.path
        while folderPath.hasSuffix("/") { folderPath.removeLast() }
        self.folderPath = folderPath
        self.isEnabled = isEnabled
        self.logger = logger
        lanes = (0..<max(1, ProcessInfo.processInfo.activeProcessorCount)).map {
            DispatchQueue(label: "image-gallery.thumbnails.\($0)", qos: .utility)
        }
        let manager = FileManager.default
        try? manager.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasPrefix(".") {
            try? manager.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// The widths to make for an image this wide: every standard width smaller than the image (none for small ones).
    static func widths(forImageWidth imageWidth: Int) -> [Int] {
        Thumbnailer.widths.filter { $0 < imageWidth }
    }

    /// Whether a name is a thumbnail width.
    static func isValidWidth(_ width: Int) -> Bool { Thumbnailer.widths.contains(width) }

    /// The queue that works on the images of this hash.
    func lane(_ hash: String) -> DispatchQueue {
        lanes[Int(hash.utf8.reduce(0) { ($0 &* 31 &+ UInt32($1)) } % UInt32(lanes.count))]
    }

    /// Where the thumbnail of a hash and width lives (whether or not it exists). The hash must be validated.
    func fileURL(hash: String, width: Int) -> URL {
        URL(fileURLWithPath: filePath(hash: hash, width: width), isDirectory: false)
    }

    /// The path of ``fileURL(hash:width:)``, made without `URL` (what serving a file needs, many times a second).
    func filePath(hash: String, width: Int) -> String {
        "\(folderPath)/\(hash)-\(width).webp"
    }

    /// Where the browser-displayable copy of a TIFF or HEIC image lives (whether or not it exists). The hash must be
    /// validated.
    func displayCopyURL(hash: String) -> URL {
        URL(fileURLWithPath: displayCopyPath(hash: hash), isDirectory: false)
    }

    /// The path of ``displayCopyURL(hash:)``.
    func displayCopyPath(hash: String) -> String {
        "\(folderPath)/\(hash)-display.webp"
    }

    /// Makes the WebP copy browsers show of an image they cannot show as it is (TIFF, HEIC, a WebP or PNG turned by
    /// its EXIF orientation), upright and as large as the image, from the file at `original`; fails with the decoder's
    /// message (or `unavailable` without libvips) when it cannot be made.
    func makeDisplayCopy(hash: String, imageWidth: Int, original: URL) async -> Result<Void, Thumbnailer.Error> {
        guard isEnabled else { return .failure(.unavailable) }
        let destination = displayCopyURL(hash: hash)
        if FileManager.default.fileExists(atPath: destination.path) { return .success(()) }
        return await onLane(hash) { [self] () throws(Thumbnailer.Error) in
            let copy = try Thumbnailer.makeThumbnail(of: try read(original), width: imageWidth)
            try written(copy.data, to: destination)
        }
    }

    /// Decodes the image at `original` (every frame with `allFrames`) on its hash's queue, keeping nothing: the check
    /// before "ready" of an image that needs no thumbnail. Fails with the decoder's message.
    func checkDecodes(hash: String, original: URL, allFrames: Bool) async -> Result<Void, Thumbnailer.Error> {
        guard isEnabled else { return .failure(.unavailable) }
        return await onLane(hash) { [self] () throws(Thumbnailer.Error) in
            try Thumbnailer.checkDecodes(try read(original), allFrames: allFrames)
        }
    }

    /// Runs `work` on the queue of `hash`, off the cooperative pool.
    func onLane<T: Sendable>(_ hash: String, _ work: @escaping @Sendable () throws(Thumbnailer.Error) -> T)
        async -> Result<T, Thumbnailer.Error>
    {
        await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, Thumbnailer.Error>, Never>) in
            lane(hash).async {
                do throws(Thumbnailer.Error) {
                    continuation.resume(returning: .success(try work()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
    }

    /// The bytes of an image file, memory-mapped.
    func read(_ file: URL) throws(Thumbnailer.Error) -> Data {
        do {
            return try Data(contentsOf: file, options: .mappedIfSafe)
        } catch {
            logger.error("cannot read \(file.lastPathComponent): \(error)")
            throw .failed("the server could not read the file")
        }
    }

    /// ``write(_:to:)``, its failure logged and told as one to make the image.
    func written(_ data: Data, to destination: URL) throws(Thumbnailer.Error) {
        do {
            try write(data, to: destination)
        } catch {
            logger.error("cannot write \(destination.lastPathComponent): \(error)")
            throw .failed("the server could not write a copy of it")
        }
    }

    /// Where the poster frame of a video's hash lives (whether or not it exists). The hash must be validated.
    func posterURL(hash: String) -> URL {
        URL(fileURLWithPath: posterPath(hash: hash), isDirectory: false)
    }

    /// The path of ``posterURL(hash:)``.
    func posterPath(hash: String) -> String {
        "\(folderPath)/\(hash)-poster.jpg"
    }

    /// The widths of the thumbnails of a hash that exist.
    func existingWidths(hash: String) -> [Int] {
        Thumbnailer.widths.filter { FileManager.default.fileExists(atPath: fileURL(hash: hash, width: $0).path) }
    }

    /// Makes the missing thumbnails of an image (off the cooperative pool, on its hash's queue) and returns, when they
    /// are written (or the job already making them has ended), the widths of those that exist: what is recorded with
    /// the image. Nil when libvips is missing (nothing is made, nor recorded: a later start with libvips makes them). A
    /// failure is logged and leaves the image without (some) thumbnails.
    @discardableResult
    func makeMissing(hash: String, imageWidth: Int, original: URL) async -> [Int]? {
        guard isEnabled else { return nil }
        if case .failure(let error) = await makeMissingOrFail(hash: hash, imageWidth: imageWidth, original: original) {
            logger.warning("thumbnails of \(hash): \(error)")
        }
        return existingWidths(hash: hash)
    }

    /// What showing an image made: the widths of its thumbnails that exist, and its perceptual hash (nil when none
    /// could be made).
    struct Made: Sendable, Equatable {
        var widths: [Int]
        var perceptualHash: UInt64?
    }

    /// Makes the missing thumbnails of an image as ``makeMissing(hash:imageWidth:original:)`` does, and returns the
    /// widths that exist, or the decoder's message when it could not make them (then none is written): every width
    /// an image this wide has, once this succeeds, was made by decoding it.
    func makeMissingOrFail(hash: String, imageWidth: Int, original: URL) async -> Result<Made, Thumbnailer.Error> {
        guard isEnabled else { return .failure(.unavailable) }
        let wanted = Self.widths(forImageWidth: imageWidth)
        let allExist = {
            wanted.allSatisfy { FileManager.default.fileExists(atPath: self.filePath(hash: hash, width: $0)) }
        }
        if allExist() { return .success(await madeBefore(hash: hash, original: original)) }
        while !working.withLock({ $0.insert(hash).inserted }) {
            // Another job is making them (the same bytes dropped twice): the hash's queue is serial, so waiting for
            // it to reach this point waits for that job. If it failed, this one makes them again, to say why.
            await withCheckedContinuation { continuation in lane(hash).async { continuation.resume() } }
            if allExist() { return .success(await madeBefore(hash: hash, original: original)) }
        }
        let made = await onLane(hash) { [self] () throws(Thumbnailer.Error) -> UInt64? in
            defer { _ = working.withLock { $0.remove(hash) } }
            let missing = wanted.filter { !FileManager.default.fileExists(atPath: filePath(hash: hash, width: $0)) }
            guard !missing.isEmpty else { return nil }
            // The perceptual hash comes from the same decode as the thumbnails.
            let (thumbnails, perceptualHash) = try Thumbnailer.makeThumbnailsAndHash(
                of: try read(original), widths: missing)
            for (width, thumbnail) in zip(missing, thumbnails) {
                try written(thumbnail.data, to: fileURL(hash: hash, width: width))
            }
            return perceptualHash
        }
        switch made {
        case .success(let perceptualHash?):
            return .success(Made(widths: existingWidths(hash: hash), perceptualHash: perceptualHash))
        case .success(nil): return .success(await madeBefore(hash: hash, original: original))
        case .failure(let error): return .failure(error)
        }
    }

    /// What exists of an image whose thumbnails were made before (or that has none: it is small), with its perceptual
    /// hash made from its smallest thumbnail, else from the original: a cheap decode.
    func madeBefore(hash: String, original: URL) async -> Made {
        let widths = existingWidths(hash: hash)
        return Made(widths: widths, perceptualHash: await perceptualHash(hash: hash, original: original))
    }

    /// The perceptual hash of a stored image whose thumbnails exist (or are not made: it is small or libvips was
    /// missing), made from its smallest thumbnail, else from its original (off the cooperative pool, on its hash's
    /// queue); nil when neither decodes.
    func perceptualHash(hash: String, original: URL) async -> UInt64? {
        guard isEnabled else { return nil }
        let source = existingWidths(hash: hash).first.map { fileURL(hash: hash, width: $0) } ?? original
        let made = await onLane(hash) { [self] () throws(Thumbnailer.Error) -> UInt64? in
            Thumbnailer.perceptualHash(of: try read(source))
        }
        return try? made.get()
    }

    /// Makes a video's poster frame with ffmpeg (off the cooperative pool, on its hash's queue), then the
    /// thumbnails of the poster; returns whether it has a poster and the widths of its thumbnails. No poster without
    /// ffmpeg; no thumbnails without libvips (nil: not recorded, as for images).
    func makePoster(hash: String, video: URL, videoWidth: Int) async -> (hasPoster: Bool, widths: [Int]?) {
        guard PosterFrame.isAvailable else { return (false, isEnabled ? [] : nil) }
        let poster = posterURL(hash: hash)
        if !FileManager.default.fileExists(atPath: poster.path) {
            let made = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                lane(hash).async { [self] in
                    do {
                        let temporary = folder.appendingPathComponent(".\(UUID().uuidString).jpg")
                        try PosterFrame.make(of: video, to: temporary)
                        try FileManager.default.moveItem(at: temporary, to: poster)
                        continuation.resume(returning: true)
                    } catch {
                        logger.warning("poster of \(hash): \(error)")
                        continuation.resume(returning: false)
                    }
                }
            }
            guard made || FileManager.default.fileExists(atPath: poster.path) else {
                return (false, isEnabled ? [] : nil)
            }
        }
        let widths = await makeMissing(hash: hash, imageWidth: min(videoWidth, 1920), original: poster)
        return (true, widths)
    }

    /// Returns once the thumbnails scheduled so far are done (for tests).
    func waitUntilIdle() async {
        for lane in lanes {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                lane.async { continuation.resume() }
            }
        }
    }

    /// Removes the thumbnails (upright and turned), posters, display copies and videos' playable copies of these
    /// hashes (their files were deleted).
    func remove(hashes: [String]) {
        for hash in hashes where BlobStore.isValidHash(hash) {
            for width in Thumbnailer.widths {
                try? FileManager.default.removeItem(at: fileURL(hash: hash, width: width))
                for orientation in ItemOrientation.allTurned {
                    try? FileManager.default.removeItem(
                        atPath: turnedCopyPath(hash: hash, width: width, orientation: orientation))
                }
            }
            try? FileManager.default.removeItem(at: posterURL(hash: hash))
            try? FileManager.default.removeItem(at: displayCopyURL(hash: hash))
            try? FileManager.default.removeItem(at: playableCopyURL(hash: hash))
        }
    }

    /// Writes a temporary file beside the destination, then renames it: readers see no file or the whole file.
    private func write(_ data: Data, to destination: URL) throws {
        let temporary = folder.appendingPathComponent(".\(UUID().uuidString).tmp")
        try data.write(to: temporary)
        if rename(temporary.path, destination.path) != 0 {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "rename failed (errno \(code))"])
        }
    }
}
