import CVipsShim
import Foundation

/// Small WebP copies of images, made with libvips when it is installed (it is loaded at run time, so the server
/// builds and runs without it; then there are no thumbnails).
public enum Thumbnailer {
    /// The widths thumbnails are made in, smallest first; the two widest are the viewer's display sizes: 1280 for a
    /// laptop's screen at fit (a 1280 × 900 window needs about 1,140 pixels across; the browser decodes it in less
    /// than half the time of a 2048), 2048 for larger and high-density screens (sharp at fit on most without the
    /// original).
    public static let widths = [256, 512, 1024, 1280, 2048]

    /// One thumbnail.
    public struct Thumbnail: Sendable, Equatable {
        /// The encoded image.
        public var data: Data
        /// Its width in pixels.
        public var width: Int
        /// Its height in pixels.
        public var height: Int
        /// Its MIME type.
        public var mimeType: String { "image/webp" }
    }

    /// Why a thumbnail could not be made.
    public enum Error: Swift.Error, Equatable, Sendable {
        /// libvips is not installed (or was disabled with `IMAGE_GALLERY_DISABLE_VIPS=1`).
        case unavailable
        /// libvips could not read or write the image; its message.
        case failed(String)
    }

    /// Whether libvips could be loaded (checked once).
    public static var isAvailable: Bool { gallery_vips_available() != 0 }

    /// Decodes every pixel of the image (of every frame with `allFrames`, which only a GIF or WebP may ask) and keeps
    /// none: throws the decoder's message when it cannot, so that an image no decoder shows is never called ready.
    /// Decodes the image: call it away from the cooperative thread pool.
    public static func checkDecodes(_ data: Data, allFrames: Bool = false) throws(Thumbnailer.Error) {
        guard isAvailable else { throw .unavailable }
        guard !data.isEmpty else { throw .failed("no image data") }
        var message = [CChar](repeating: 0, count: 512)
        let capacity = message.count
        let decodes = data.withUnsafeBytes { bytes in
            message.withUnsafeMutableBufferPointer { text in
                gallery_vips_decodes(bytes.baseAddress, bytes.count, allFrames ? 1 : 0, text.baseAddress, capacity)
            }
        }
        guard decodes == 0 else { return }
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw .failed(text.isEmpty ? "libvips failed" : text)
    }

    /// A WebP of the image at most `width` pixels wide, never enlarged, turned upright by its EXIF orientation.
    /// Decodes the image: call it away from the cooperative thread pool for large images.
    public static func makeThumbnail(of data: Data, width: Int) throws(Thumbnailer.Error) -> Thumbnail {
        try makeThumbnails(of: data, widths: [width])[0]
    }

    /// WebPs of the image at most each of `widths` pixels wide (in the order given), never enlarged, turned upright by
    /// its EXIF orientation; of a TIFF, its first page in 8-bit samples. The image is decoded once, shrunk while it is decoded where its format allows (JPEG),
    /// and the smaller ones are made from the largest. Several threads may make thumbnails at once. Decodes the
    /// image: call it away from the cooperative thread pool for large images.
    public static func makeThumbnails(of data: Data, widths: [Int]) throws(Thumbnailer.Error) -> [Thumbnail] {
        try makeThumbnailsAndHash(of: data, widths: widths).thumbnails
    }

    /// The thumbnails ``makeThumbnails(of:widths:)`` makes, and the image's perceptual hash (``DifferenceHash``) made
    /// from the same decode (nil when it could not be made; the thumbnails still count).
    public static func makeThumbnailsAndHash(of data: Data, widths: [Int]) throws(Thumbnailer.Error) -> (
        thumbnails: [Thumbnail], perceptualHash: UInt64?
    ) {
        guard isAvailable else { throw .unavailable }
        guard !widths.isEmpty, widths.allSatisfy({ $0 > 0 }) else { throw .failed("the widths must be positive") }
        guard !data.isEmpty else { throw .failed("no image data") }
        let largestFirst = Array(Set(widths)).sorted(by: >)
        var outputs = [gallery_vips_output](repeating: gallery_vips_output(), count: largestFirst.count)
        var message = [CChar](repeating: 0, count: 512)
        var pixels = gallery_vips_hash_pixels()
        let capacity = message.count
        let succeeded = data.withUnsafeBytes { bytes in
            largestFirst.map { Int32(clamping: $0) }.withUnsafeBufferPointer { sizes in
                message.withUnsafeMutableBufferPointer { text in
                    gallery_vips_thumbnails(
                        bytes.baseAddress, bytes.count, sizes.baseAddress, Int32(sizes.count), &outputs, &pixels,
                        text.baseAddress, capacity)
                }
            }
        }
        guard succeeded != 0 else {
            let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw .failed(text.isEmpty ? "libvips failed" : text)
        }
        defer { for output in outputs { gallery_vips_free(output.data) } }
        let made = Dictionary(
            uniqueKeysWithValues: zip(largestFirst, outputs).map { width, output in
                (
                    width,
                    Thumbnail(
                        data: output.data.map { Data(bytes: $0, count: output.length) } ?? Data(),
                        width: Int(output.width), height: Int(output.height))
                )
            })
        return (widths.map { made[$0]! }, hash(of: pixels))
    }

    /// A WebP of the WebP `data` (a thumbnail) mirrored left to right when `mirrored`, then turned `quarterTurns`
    /// (0 to 3) clockwise: pixels moved, never resampled, but encoded again. Decodes the image: call it away from the
    /// cooperative thread pool.
    public static func turn(_ data: Data, quarterTurns: Int, mirrored: Bool) throws(Thumbnailer.Error) -> Thumbnail {
        guard isAvailable else { throw .unavailable }
        guard (0...3).contains(quarterTurns) else { throw .failed("the quarter turns must be 0 to 3") }
        guard !data.isEmpty else { throw .failed("no image data") }
        var output = gallery_vips_output()
        var message = [CChar](repeating: 0, count: 512)
        let capacity = message.count
        let succeeded = data.withUnsafeBytes { bytes in
            message.withUnsafeMutableBufferPointer { text in
                gallery_vips_turn(
                    bytes.baseAddress, bytes.count, Int32(quarterTurns), mirrored ? 1 : 0, &output, text.baseAddress,
                    capacity)
            }
        }
        guard succeeded != 0, let bytes = output.data else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw .failed(text.isEmpty ? "libvips failed" : text)
        }
        defer { gallery_vips_free(bytes) }
        return Thumbnail(
            data: Data(bytes: bytes, count: output.length), width: Int(output.width), height: Int(output.height))
    }

    /// The perceptual hash (``DifferenceHash``) of an encoded image, decoded shrunk: for images whose thumbnails were
    /// made before hashes were (one of those thumbnails is a cheap source). Nil when it cannot be decoded. Decodes the
    /// image: call it away from the cooperative thread pool.
    public static func perceptualHash(of data: Data) -> UInt64? {
        guard isAvailable, !data.isEmpty else { return nil }
        var pixels = gallery_vips_hash_pixels()
        let made = data.withUnsafeBytes { bytes in gallery_vips_hash_pixels_of(bytes.baseAddress, bytes.count, &pixels)
        }
        return made != 0 ? hash(of: pixels) : nil
    }

    /// The hash of the pixels libvips made (nil when it made none).
    private static func hash(of pixels: gallery_vips_hash_pixels) -> UInt64? {
        let bands = Int(pixels.bands)
        guard bands > 0 else { return nil }
        let samples = withUnsafeBytes(of: pixels.samples) { raw in
            Array(raw.bindMemory(to: Float.self).prefix(DifferenceHash.width * DifferenceHash.height * bands))
        }
        return DifferenceHash.hash(samples: samples, bands: bands)
    }
}
