import CVipsShim
import Foundation

/// Small WebP copies of images, made with libvips when it is installed (it is loaded at run time, so the server
/// builds and runs without it; then there are no thumbnails).
public enum Thumbnailer {
    /// The widths thumbnails are made in, smallest first.
    public static let widths = [256, 512, 1024]

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

    /// A WebP of the image at most `width` pixels wide, never enlarged, turned upright by its EXIF orientation.
    /// Decodes the image: call it away from the cooperative thread pool for large images.
    public static func makeThumbnail(of data: Data, width: Int) throws(Thumbnailer.Error) -> Thumbnail {
        guard isAvailable else { throw .unavailable }
        guard width > 0 else { throw .failed("the width must be positive") }
        guard !data.isEmpty else { throw .failed("no image data") }
        var output: UnsafeMutableRawPointer?
        var outputLength = 0
        var outputWidth: Int32 = 0
        var outputHeight: Int32 = 0
        var message = [CChar](repeating: 0, count: 512)
        let capacity = message.count
        let succeeded = data.withUnsafeBytes { bytes in
            message.withUnsafeMutableBufferPointer { text in
                gallery_vips_thumbnail(
                    bytes.baseAddress, bytes.count, Int32(clamping: width), &output, &outputLength, &outputWidth,
                    &outputHeight, text.baseAddress, capacity)
            }
        }
        guard succeeded != 0, let output else {
            let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw .failed(text.isEmpty ? "libvips failed" : text)
        }
        defer { gallery_vips_free(output) }
        return Thumbnail(
            data: Data(bytes: output, count: outputLength), width: Int(outputWidth), height: Int(outputHeight))
    }
}
