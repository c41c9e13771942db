import BlobStore
import Foundation
import GalleryCore
import MediaProbe
import Thumbnails

// The check before "ready": an image is ready only when a decoder has shown it can be drawn.
extension IngestionService {
    /// Makes what shows an accepted image, from its file before it is kept: with libvips, an upright display copy when
    /// browsers need one (``ImageAcceptance/needsDisplayCopy(_:)``) and its thumbnails, each made by decoding it; an
    /// image that needs neither (small, animated) is decoded all the same, every frame of a GIF or WebP. Returns what is
    /// stored about it, or why no decoder shows it. Without libvips — and for a kind of image browsers show that
    /// libvips has no decoder for here (a BMP, which it reads only through ImageMagick; an AVIF sequence) —
    /// acceptance's header check stands: every frame within the pixel limit, read from the whole file. What the camera
    /// wrote (``ImageProbe/photoDetails(_:)``) is read on the way.
    func showImage(_ finished: BlobWriter.Finished, _ accepted: StoredImage) async -> Result<StoredImage, FailureReason>
    {
        var stored = accepted
        let bytes = imageBytes(finished)
        guard let info = try? ImageProbe.probe(bytes) else { return .failure(.damaged) }
        // What the camera wrote, read from the same bytes; EXIF that lies leaves fields out, never the image.
        stored.photo = ImageProbe.photoDetails(bytes) ?? PhotoDetails()
        guard thumbnails.isEnabled, ImageAcceptance.decodedWithLibvips.contains(info.format) else {
            stored.thumbnailWidths = thumbnails.isEnabled ? [] : nil
            return .success(stored)
        }
        let file = finished.temporaryURL
        if ImageAcceptance.needsDisplayCopy(info) {
            let copy = await thumbnails.makeDisplayCopy(hash: stored.hash, imageWidth: stored.width, original: file)
            if case .failure(let error) = copy { return .failure(Self.reason(decoding: error, info.format)) }
            stored.hasPoster = true
        }
        var decoded = stored.hasPoster
        if info.isAnimated {
            // An animation keeps only its original: a thumbnail would be one frame. Its hash is its first frame's.
            stored.thumbnailWidths = []
            let hash = await thumbnails.perceptualHash(hash: stored.hash, original: file)
            stored.perceptualHash = hash.map(PerceptualHash.init(bits:))
        } else {
            switch await thumbnails.makeMissingOrFail(hash: stored.hash, imageWidth: stored.width, original: file) {
            case .success(let made):
                stored.thumbnailWidths = made.widths
                stored.perceptualHash = made.perceptualHash.map(PerceptualHash.init(bits:))
                decoded = decoded || !ThumbnailService.widths(forImageWidth: stored.width).isEmpty
            case .failure(let error):
                return undecoded(stored, error, info.format)
            }
        }
        if !decoded {
            let allFrames = info.isAnimated && [.gif, .webp].contains(info.format)
            let check = await thumbnails.checkDecodes(hash: stored.hash, original: file, allFrames: allFrames)
            if case .failure(let error) = check { return undecoded(stored, error, info.format) }
        }
        return .success(stored)
    }

    /// An image libvips could not decode fails with the reason; one libvips has no decoder for, in a format browsers
    /// show as it is, keeps its header check and no thumbnails.
    private func undecoded(_ image: StoredImage, _ error: Thumbnailer.Error, _ format: ImageFormat)
        -> Result<StoredImage, FailureReason>
    {
        guard case .failed(let message) = error, DecoderMessage.meansNoDecoder(message), !image.hasPoster else {
            return .failure(Self.reason(decoding: error, format))
        }
        logger.info("no decoder here reads \(image.hash) (\(format.rawValue)): its header check stands")
        var kept = image
        kept.thumbnailWidths = []
        return .success(kept)
    }

    /// The bytes of a written file for reading its image header: the whole file, memory-mapped (only what the probe
    /// reads is touched), so that every frame and a directory or chunk after the image data is seen; its first bytes
    /// when it is over the image limit (it is refused for that) or cannot be mapped.
    func imageBytes(_ finished: BlobWriter.Finished) -> Data {
        guard finished.byteCount <= limits.maximumBytes, finished.byteCount > finished.header.count,
            let whole = try? Data(contentsOf: finished.temporaryURL, options: .alwaysMapped)
        else { return finished.header }
        return whole
    }

    /// The failure of an image libvips could not decode: its format unsupported when libvips has no decoder for it at
    /// all (a HEIC without libheif), else the decoder's reason in plain words.
    static func reason(decoding error: Thumbnailer.Error, _ format: ImageFormat) -> FailureReason {
        switch error {
        case .unavailable: .unsupportedFormat(format.rawValue.uppercased())
        case .failed(let message) where DecoderMessage.meansUnknownFormat(message):
            .unsupportedFormat(format.rawValue.uppercased())
        case .failed(let message): .undecodable(DecoderMessage.plainWords(message))
        }
    }
}
