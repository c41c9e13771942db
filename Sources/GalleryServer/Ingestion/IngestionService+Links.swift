import BlobStore
import Foundation
import GalleryCore
import MediaProbe

// A dropped link whose answer is a web page becomes a link item: its title, description, site name, preview image
// (or else its site's icon) and visible text.
extension IngestionService {
    /// Reads a page's metadata and visible text, stores its preview image like any image (through the same fetcher and limits), and
    /// makes the item a ready link; without a usable preview image, a link without one, with its site's icon when that
    /// can be had (``storeSiteIcon(from:of:)``).
    func settleLink(_ id: ItemID, page: [UInt8], contentType: String?, pageURL: URL) async {
        let metadata = PageMetadata.read(page, contentType: contentType, baseURL: pageURL)
        var details = LinkDetails(metadata, pageURL: pageURL)
        details.pageText = PageText.read(page, contentType: contentType)
        var preview: StoredImage?
        if let imageURL = metadata.previewImageURL { preview = await storePreview(from: imageURL, of: id) }
        var siteIcon: StoredImage?
        if preview == nil, let iconURL = metadata.siteIconURL, iconURL != metadata.previewImageURL {
            siteIcon = await storeSiteIcon(from: iconURL, of: id)
        }
        do {
            if try await store.settle([.link(id, details, preview: preview, siteIcon: siteIcon)]).first != nil {
                metrics.ingestionEnded(ready: .link)
            }
        } catch {
            logger.error("could not make a link of \(id): \(error)")
            _ = try? await fail(id, .internalError)
        }
    }

    /// Fetches and stores a page's preview image, with its thumbnails; nil (and a note in the log) when it cannot be
    /// fetched or is not an image the gallery accepts.
    func storePreview(from url: URL, of id: ItemID) async -> StoredImage? {
        guard let writer = try? blobs.makeWriter(maximumBytes: limits.maximumBytes) else { return nil }
        do {
            _ = try await fetcher.fetch(url, fetchLimits, { chunk in try writer.write(chunk) }, { _, _ in })
            let finished = try writer.finish()
            let accepted = ImageAcceptance.evaluate(
                header: imageBytes(finished), byteCount: finished.byteCount, hash: finished.hash, limits: limits)
            let shown: Result<StoredImage, FailureReason>
            switch accepted {
            case .failure(let reason): shown = .failure(reason)
            case .success(let image): shown = await showImage(finished, image)
            }
            switch shown {
            case .failure(let reason):
                try? FileManager.default.removeItem(at: finished.temporaryURL)
                logger.info("link \(id): no preview from \(url): \(reason.message)")
                return nil
            case .success(let image):
                try blobs.commit(finished)
                return image
            }
        } catch {
            writer.discard()
            logger.info("link \(id): no preview from \(url): \(reason(for: error).message)")
            return nil
        }
    }
}
