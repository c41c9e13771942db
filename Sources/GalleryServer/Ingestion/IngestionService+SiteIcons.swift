import BlobStore
import Foundation
import GalleryCore
import MediaProbe

// A link without a preview image shows its site's icon on its card: fetched through the same fetcher as any image,
// held to smaller bounds, and kept only if it is a small raster image libvips decodes.
extension IngestionService {
    /// The most bytes of a site icon fetched (a `favicon.ico` holding several sizes rarely passes 100 KB).
    static let siteIconMaximumBytes: Int64 = 1 << 20
    /// The longest a site icon's fetch may take: a slow icon keeps its link loading no longer than this.
    static let siteIconDeadline: Duration = .seconds(10)
    /// The sides a site icon may have, in pixels: smaller ones say nothing on a card, larger ones are no icon.
    static let siteIconSides = 16...1024
    /// The formats a site icon is kept in (a Windows icon's PNG image is kept as a PNG; an SVG never is).
    static let siteIconFormats: Set<ImageFormat> = [.png, .jpeg, .gif, .webp]

    /// Why a fetched site icon is not kept.
    enum SiteIconError: Error, Equatable {
        /// A Windows icon without a PNG image (its BMPs are not decoded), or a damaged one.
        case iconWithoutPNG(IconFile.Error)
        /// An image of another format than ``siteIconFormats``.
        case unsupportedFormat(String)
        /// Sides outside ``siteIconSides``.
        case badSize(width: Int, height: Int)
        /// Not an image the gallery accepts, or one libvips could not decode.
        case refused(FailureReason)

        var message: String {
            switch self {
            case .iconWithoutPNG(let error): "a Windows icon without a PNG image (\(error))"
            case .unsupportedFormat(let format): "a \(format.uppercased()) image, not taken as an icon"
            case .badSize(let width, let height): "\(width)×\(height) pixels, not the size of an icon"
            case .refused(let reason): reason.message
            }
        }
    }

    /// The fetch limits of a site icon: those of any fetch, held to ``siteIconMaximumBytes`` and
    /// ``siteIconDeadline``.
    var siteIconFetchLimits: Fetcher.Limits {
        var limits = fetchLimits
        limits.maximumBytes = min(limits.maximumBytes, Self.siteIconMaximumBytes)
        limits.deadline = min(limits.deadline, Self.siteIconDeadline)
        return limits
    }

    /// Fetches and stores a site's icon (a Windows icon's largest PNG image in its place), checked to decode; nil (and
    /// a note in the log) when it cannot be fetched or is not a raster image of an icon's size. Never fails its link.
    func storeSiteIcon(from url: URL, of id: ItemID) async -> StoredImage? {
        let limits = siteIconFetchLimits
        guard let writer = try? blobs.makeWriter(maximumBytes: limits.maximumBytes) else { return nil }
        var fetched: BlobWriter.Finished?
        do {
            _ = try await fetcher.fetch(url, limits, { chunk in try writer.write(chunk) }, { _, _ in })
            let finished = try writer.finish()
            fetched = finished
            let icon = try await keptSiteIcon(finished)
            logger.debug("link \(id): site icon from \(url)")
            return icon
        } catch {
            writer.discard()
            if let fetched { try? FileManager.default.removeItem(at: fetched.temporaryURL) }
            let why = (error as? SiteIconError)?.message ?? reason(for: error).message
            logger.info("link \(id): no site icon from \(url): \(why)")
            return nil
        }
    }

    /// Keeps a fetched icon file (already finished, at most ``siteIconMaximumBytes``): a Windows icon's largest PNG
    /// image is stored in its place; the image must be of ``siteIconFormats``, of ``siteIconSides`` and decode.
    private func keptSiteIcon(_ fetched: BlobWriter.Finished) async throws -> StoredImage {
        var finished = fetched
        let bytes = [UInt8](try Data(contentsOf: fetched.temporaryURL))
        if IconFile.isIcon(bytes) {
            let png: ArraySlice<UInt8>
            do { png = try IconFile.largestPNG(in: bytes) } catch { throw SiteIconError.iconWithoutPNG(error) }
            let writer = try blobs.makeWriter(maximumBytes: Self.siteIconMaximumBytes)
            do {
                try writer.write(png)
                finished = try writer.finish()
            } catch {
                writer.discard()
                throw error
            }
            try? FileManager.default.removeItem(at: fetched.temporaryURL)
        }
        do {
            let image = try siteIconImage(finished)
            let shown = await showImage(finished, image)
            switch shown {
            case .failure(let reason): throw SiteIconError.refused(reason)
            case .success(let image):
                try blobs.commit(finished)
                return image
            }
        } catch {
            try? FileManager.default.removeItem(at: finished.temporaryURL)
            throw error
        }
    }

    /// What the icon's bytes are, by their own header (never by what the server said they were).
    private func siteIconImage(_ finished: BlobWriter.Finished) throws -> StoredImage {
        let bytes = imageBytes(finished)
        switch ImageAcceptance.evaluate(
            header: bytes, byteCount: finished.byteCount, hash: finished.hash, limits: limits)
        {
        case .failure(let reason): throw SiteIconError.refused(reason)
        case .success(let image):
            guard let info = try? ImageProbe.probe(bytes), Self.siteIconFormats.contains(info.format) else {
                throw SiteIconError.unsupportedFormat(image.mimeType)
            }
            guard Self.siteIconSides.contains(image.width), Self.siteIconSides.contains(image.height) else {
                throw SiteIconError.badSize(width: image.width, height: image.height)
            }
            return image
        }
    }
}
