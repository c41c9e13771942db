import BlobStore
import Foundation
import GalleryCore
import Logging
import MediaProbe
import Synchronization

// The work of one load: fetching a source (or taking bytes), checking the file and keeping it with what shows it,
// and settling the item as ready or failed.
extension IngestionService {
    /// The most bytes of a web page read for a link: its head is at the start.
    static let pageByteLimit = 1_000_000

    /// Fetches a remote item's source: a file is stored as an image or video; a web page makes a link.
    func fetch(_ item: Item, from source: String) async {
        let id = item.id
        guard let url = URL(string: source) else {
            _ = try? await fail(id, .invalidURL("the link is malformed"))
            return
        }
        let capture = PageCapture(pageLimit: Self.pageByteLimit)
        let answer = Mutex<Fetcher.Response?>(nil)
        await ingest(id, page: capture) { [fetcher, fetchLimits, progress] writer in
            let response = try await fetcher.fetch(
                url, fetchLimits,
                { chunk in
                    switch capture.take(chunk) {
                    case .undecided: break
                    case .file(let bytes): try writer.write(bytes)
                    case .page(let isFull): if isFull { throw Fetcher.StopReading() }
                    }
                },
                { received, total in progress.update(id, in: item.galleryID, received: received, total: total) })
            answer.withLock { $0 = response }
            if case .file(let bytes) = capture.finish() { try writer.write(bytes) }
        } settlePage: { page in
            let response = answer.withLock { $0 }
            await self.settleLink(
                id, page: page, contentType: response?.contentType, pageURL: response?.finalURL ?? url)
        }
    }

    /// Writes the bytes with `load`, then checks and stores them and settles the item; when `page` says the bytes were
    /// a web page, hands them to `settlePage` instead.
    func ingest(
        _ id: ItemID, page: PageCapture? = nil, load: (BlobWriter) async throws -> Void,
        settlePage: (_ page: [UInt8]) async -> Void = { _ in }
    ) async {
        defer { progress.remove(id) }
        let writer: BlobWriter
        do {
            writer = try makeBlobWriter()
        } catch {
            logger.error("cannot write blobs: \(error)")
            _ = try? await fail(id, .internalError)
            return
        }
        do {
            try await load(writer)
            if let bytes = page?.page {
                writer.discard()
                await settlePage(bytes)
                return
            }
            let finished = try writer.finish()
            switch accept(finished) {
            case .failure(let reason):
                try? FileManager.default.removeItem(at: finished.temporaryURL)
                _ = try await fail(id, reason)
            case .success(let accepted):
                switch await keep(finished, accepted) {
                case .failure(let reason): _ = try await fail(id, reason)
                case .success(let stored):
                    if try await store.markReady(id, image: stored) != nil {
                        metrics.ingestionEnded(ready: stored.kind)
                        if stored.videoPlayback?.copy == .wanted { videoCopies.wake() }
                        if stored.kind == .image { imageText.wake() }
                    }
                }
            }
        } catch {
            writer.discard()
            // Stopped by a shutdown: the item stays pending, and the next start loads it again.
            if Task.isCancelled { return }
            if case BlobStore.Error.tooLarge = error {
                _ = try? await fail(id, .tooLarge(limitBytes: writer.limit))
            } else {
                _ = try? await fail(id, reason(for: error))
            }
        }
    }

    /// A writer of a new file of at most the largest image's bytes, or a video's once its first bytes say it is one.
    func makeBlobWriter() throws -> BlobWriter {
        try blobs.makeWriter(maximumBytes: limits.maximumAnyBytes) { [limits] header in
            VideoAcceptance.limit(forHeader: header, limits: limits)
        }
    }

    /// Keeps an accepted file in the image folder and makes what shows it — an image's display copy and thumbnails,
    /// a video's poster — and returns what is stored about it, or why it cannot be kept (its temporary file is then
    /// removed).
    func keep(_ finished: BlobWriter.Finished, _ accepted: StoredImage) async -> Result<StoredImage, FailureReason> {
        var stored = accepted
        // An image is decoded before the file is kept (``showImage(_:_:)``), so that one no decoder shows fails and
        // leaves nothing behind.
        if stored.kind == .image {
            switch await showImage(finished, stored) {
            case .success(let shown): stored = shown
            case .failure(let reason):
                try? FileManager.default.removeItem(at: finished.temporaryURL)
                return .failure(reason)
            }
        }
        // The file is in place before the row points at it: a crash in between leaves an unused file, never a
        // missing one.
        do {
            try blobs.commit(finished)
        } catch {
            logger.error("cannot keep a stored file: \(error)")
            try? FileManager.default.removeItem(at: finished.temporaryURL)
            return .failure(.internalError)
        }
        // A video's poster (and its thumbnails) before ready, so the first view of the item already shows it.
        if stored.kind == .video {
            let poster = await thumbnails.makePoster(
                hash: stored.hash, video: blobs.fileURL(forHash: stored.hash), videoWidth: stored.width)
            stored.hasPoster = poster.hasPoster
            stored.thumbnailWidths = poster.widths
        }
        return .success(stored)
    }

    /// Whether a written file is an image or a video the gallery takes, and what is stored about it: its container's
    /// first bytes decide, never its name.
    func accept(_ finished: BlobWriter.Finished) -> Result<StoredImage, FailureReason> {
        guard VideoProbe.container(ofHeader: finished.header) != nil else {
            return ImageAcceptance.evaluate(
                header: imageBytes(finished), byteCount: finished.byteCount, hash: finished.hash, limits: limits,
                canConvert: thumbnails.isEnabled)
        }
        guard let file = try? FileHandle(forReadingFrom: finished.temporaryURL) else { return .failure(.internalError) }
        defer { try? file.close() }
        return VideoAcceptance.evaluate(byteCount: finished.byteCount, hash: finished.hash, limits: limits) {
            offset, count in
            try file.seek(toOffset: UInt64(offset))
            return try file.read(upToCount: count) ?? Data()
        }
    }

    /// Makes an image's missing thumbnails and returns the widths it has (none for an animation, which keeps only its
    /// original: a thumbnail would be one frame; none for a format libvips does not decode here); nil without libvips.
    func makeThumbnails(of image: StoredImage, header: Data) async -> [Int]? {
        let info = try? ImageProbe.probe(header)
        if info?.isAnimated == true || info.map({ !ImageAcceptance.decodedWithLibvips.contains($0.format) }) == true {
            return thumbnails.isEnabled ? [] : nil
        }
        return await thumbnails.makeMissing(
            hash: image.hash, imageWidth: image.width, original: blobs.fileURL(forHash: image.hash))
    }

    /// Makes and records the thumbnails of images stored before thumbnails were recorded (or made: libvips was
    /// installed since), a few at a time, in the background at start.
    func recordMissingThumbnails() async {
        guard thumbnails.isEnabled else { return }
        var done = Set<String>()
        while !Task.isCancelled {
            guard let images = try? await store.imagesWithoutRecordedThumbnails(limit: 100) else { return }
            let fresh = images.filter { !done.contains($0.hash) }
            if fresh.isEmpty { return }
            for image in fresh {
                done.insert(image.hash)
                // A video's thumbnails are its poster's, made with it.
                if image.kind == .video {
                    try? await store.recordThumbnails(hash: image.hash, widths: [])
                    continue
                }
                let url = blobs.fileURL(forHash: image.hash)
                let header = (try? FileHandle(forReadingFrom: url)).flatMap { handle in
                    defer { try? handle.close() }
                    return try? handle.read(upToCount: 64 * 1024)
                }
                guard let header else { continue }  // the file is gone: nothing to make
                if let widths = await makeThumbnails(of: image, header: header) {
                    try? await store.recordThumbnails(hash: image.hash, widths: widths)
                }
            }
        }
    }

    func reason(for error: any Error) -> FailureReason {
        switch error {
        case let error as Fetcher.Error: return error.failureReason(limits: fetchLimits)
        case BlobStore.Error.tooLarge: return .tooLarge(limitBytes: limits.maximumBytes)
        case UploadError.empty: return .notAnImage
        case is CancellationError: return .uploadInterrupted
        default:
            logger.warning("ingestion failed: \(error)")
            return .uploadInterrupted
        }
    }

    @discardableResult
    func fail(_ id: ItemID, _ reason: FailureReason) async throws -> Item {
        if try await store.markFailed(id, reason: reason) != nil { metrics.ingestionEnded(failed: reason) }
        return try await store.item(id)
    }

    enum UploadError: Error { case empty }
}
