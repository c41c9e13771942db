import BlobStore
import Foundation
import GalleryCore
import Logging
import MediaProbe
import Thumbnails

/// Reads, in the background, the text printed in stored images (with Tesseract, see ``ImageTextReader``) and records it
/// on the image items showing them, where search finds it and their details show it. One image at a time, at the
/// lowest CPU priority, after the image is ready and outside ingestion's room for loads, so it never delays loading.
/// Woken when an image is kept and at start (then it reads, a page at a time, the images stored before); an image
/// it cannot read is recorded as having no text, so it is not read again. Without Tesseract it reads nothing.
public final class ImageTextService: Sendable {
    let store: any GalleryStore
    let blobs: BlobStore
    let thumbnails: ThumbnailService
    let logger: Logger
    /// Whether images are read (Tesseract is installed).
    public let isEnabled: Bool
    /// Runs Tesseract, off the cooperative thread pool.
    private let queue = DispatchQueue(label: "image-gallery.image-text", qos: .background)
    private let passes = BackgroundPasses(priority: .background)
    private let stopper = ProgramStopper()

    /// The images asked for at a time.
    static let pageSize = 100

    /// Makes the service; it reads images when `isEnabled` (by default: when Tesseract is installed).
    init(store: any GalleryStore, blobs: BlobStore, thumbnails: ThumbnailService, logger: Logger, isEnabled: Bool?) {
        self.store = store
        self.blobs = blobs
        self.thumbnails = thumbnails
        self.logger = logger
        self.isEnabled = isEnabled ?? ImageTextReader.isAvailable
    }

    /// Starts reading the images not read yet, if it is not (or makes the running pass look again once it is through).
    func wake() {
        guard isEnabled else { return }
        passes.wake { [self] in await work() }
    }

    /// Stops reading (the server is stopping): Tesseract is ended; the image it was reading is read at the next start.
    public func stop() {
        passes.stop()
        stopper.stop()
    }

    /// Returns once nothing is left to read (for tests).
    public func waitUntilIdle() async {
        await passes.waitUntilIdle()
    }

    /// Passes over every image still to read, in hash order, a page at a time.
    private func work() async {
        var after: String?
        while !Task.isCancelled {
            let page: [StoredImage]
            do {
                page = try await store.imagesAwaitingText(after: after, limit: Self.pageSize)
            } catch {
                if !Task.isCancelled { logger.warning("cannot list the images to read text in: \(error)") }
                return
            }
            guard let last = page.last else { return }
            after = last.hash
            for image in page {
                let text = await read(image)
                if Task.isCancelled { return }  // stopped: read again at the next start
                do {
                    try await store.recordImageText(hash: image.hash, text)
                } catch {
                    logger.warning("cannot record the text in image \(image.hash): \(error)")
                }
            }
        }
    }

    /// The tidied text Tesseract reads in an image; "" when it reads none, or cannot read the image.
    private func read(_ image: StoredImage) async -> String {
        guard let file = readableFile(image) else { return "" }
        let result: Result<String, ImageTextReader.Error> = await withCheckedContinuation { continuation in
            queue.async { [stopper] in
                do throws(ImageTextReader.Error) {
                    continuation.resume(returning: .success(try ImageTextReader.read(file, stopper: stopper)))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        switch result {
        case .success(let text): return TextTidying.tidied(text)
        case .failure(let error):
            if error != .stopped { logger.info("no text read in image \(image.hash): \(error)") }
            return ""
        }
    }

    /// The file of an image Tesseract reads: its display-size thumbnail (2,048 pixels wide, else 1,024: upright, and
    /// small enough to read fast), else its display copy, else the original when Tesseract reads its format.
    func readableFile(_ image: StoredImage) -> URL? {
        let files = FileManager.default
        for width in [2048, 1024] where files.fileExists(atPath: thumbnails.filePath(hash: image.hash, width: width)) {
            return thumbnails.fileURL(hash: image.hash, width: width)
        }
        if files.fileExists(atPath: thumbnails.displayCopyPath(hash: image.hash)) {
            return thumbnails.displayCopyURL(hash: image.hash)
        }
        guard ImageTextReader.readableMIMETypes.contains(image.mimeType) else { return nil }
        return blobs.fileURL(forHash: image.hash)
    }
}
