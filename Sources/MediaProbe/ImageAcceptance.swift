import Foundation
import GalleryCore

/// Limits on what an ingested image or video may be.
public struct ImageLimits: Sendable, Equatable {
    /// The most bytes accepted of an image (or anything that is not a video).
    public var maximumBytes: Int64
    /// The most pixels (width × height × frames) accepted, checked from the header before any decoding,
    /// so a small file declaring a huge image or a huge animation is refused; and the most of any one frame, so that a
    /// frame larger than its canvas is refused too; a video's frames each.
    public var maximumPixels: Int64
    /// The most bytes accepted of a video.
    public var maximumVideoBytes: Int64

    /// Makes limits; defaults are 50 MB, 50 megapixels and 2 GB.
    public init(
        maximumBytes: Int64 = 50_000_000, maximumPixels: Int64 = 50_000_000,
        maximumVideoBytes: Int64 = 2_000_000_000
    ) {
        self.maximumBytes = maximumBytes
        self.maximumPixels = maximumPixels
        self.maximumVideoBytes = maximumVideoBytes
    }

    /// The most bytes of anything accepted: what a fetch or an upload may bring before its first bytes say what it is.
    public var maximumAnyBytes: Int64 { max(maximumBytes, maximumVideoBytes) }
}

/// Decides from an image's first bytes whether it is accepted, and what is stored about it.
public enum ImageAcceptance {
    /// The stored image for these bytes, or the reason they are refused.
    /// - Parameters:
    ///   - header: the file's bytes (the whole file memory-mapped, so that every frame is seen: what proves an image
    ///     is within the pixel limit when there is no decoder to try it), or its first bytes.
    ///   - byteCount: the file's full size.
    ///   - hash: SHA-256 of the full file, hex.
    ///   - canConvert: whether formats browsers do not show (``convertibleFormats``) can be turned into ones they
    ///     do; without, they are refused as unsupported.
    public static func evaluate(
        header: Data, byteCount: Int64, hash: String, limits: ImageLimits, canConvert: Bool = false
    ) -> Result<StoredImage, FailureReason> {
        guard byteCount <= limits.maximumBytes else { return .failure(.tooLarge(limitBytes: limits.maximumBytes)) }
        guard byteCount > 0 else { return .failure(.notAnImage) }
        let info: ImageInfo
        do {
            info = try ImageProbe.probe(header)
        } catch {
            return .failure(reason(for: error))
        }
        guard let pixels = totalPixels(info), pixels <= limits.maximumPixels,
            Int64(info.largestFramePixels) <= limits.maximumPixels
        else {
            return .failure(.tooManyPixels(limitPixels: limits.maximumPixels))
        }
        guard browserDisplayableFormats.contains(info.format) || canConvert && convertibleFormats.contains(info.format)
        else {
            // Read and measured, but no browser we serve shows it as it is; thumbnails will convert it.
            return .failure(.unsupportedFormat(info.format.rawValue.uppercased()))
        }
        return .success(
            StoredImage(
                hash: hash, mimeType: info.format.mimeType, width: info.width, height: info.height,
                byteCount: byteCount))
    }

    /// Formats every browser the gallery supports shows as they are (TIFF and HEIC need a conversion first).
    public static let browserDisplayableFormats: Set<ImageFormat> = [.png, .jpeg, .gif, .webp, .avif, .bmp]

    /// Formats kept as they are and shown through a converted copy (libvips reads them; HEIC with libheif).
    public static let convertibleFormats: Set<ImageFormat> = [.tiff, .heic]

    /// Whether an image stored as `mimeType` is shown through a converted copy.
    public static func needsDisplayCopy(mimeType: String) -> Bool {
        convertibleFormats.contains { $0.mimeType == mimeType }
    }

    /// Whether an image is shown through an upright converted copy: a format browsers do not show, or a still image
    /// turned by an EXIF orientation that not every browser applies (Chromium shows a WebP's unturned; only a JPEG's is
    /// applied everywhere, and a HEIC's or AVIF's `irot` is part of the format).
    public static func needsDisplayCopy(_ info: ImageInfo) -> Bool {
        convertibleFormats.contains(info.format)
            || info.orientation != 1 && !info.isAnimated && orientationNotAppliedEverywhere.contains(info.format)
    }

    /// Formats whose EXIF orientation browsers may leave unapplied.
    static let orientationNotAppliedEverywhere: Set<ImageFormat> = [.png, .webp]

    /// Formats libvips decodes as the server loads it. A BMP it reads only through ImageMagick, which the server does
    /// not let it use on what strangers send: a BMP's header is checked instead (``ImageProbe/probe(_:)``).
    public static let decodedWithLibvips: Set<ImageFormat> = [.png, .jpeg, .gif, .webp, .avif, .heic, .tiff]

    /// width × height × frameCount, or nil when it does not fit in 64 bits.
    static func totalPixels(_ info: ImageInfo) -> Int64? {
        let area = Int64(info.width).multipliedReportingOverflow(by: Int64(info.height))
        guard !area.overflow else { return nil }
        let total = area.partialValue.multipliedReportingOverflow(by: Int64(max(1, info.frameCount)))
        return total.overflow ? nil : total.partialValue
    }

    /// The failure an item shows for a probe error.
    public static func reason(for error: ImageProbe.Error) -> FailureReason {
        switch error {
        case .notAnImage: .notAnImage
        case .unsupportedFormat(let format): .unsupportedFormat(format.uppercased())
        case .truncated, .invalidDimensions: .damaged
        case .undecodable(let why): .undecodable(why)
        }
    }
}
