import Foundation

/// An image format recognised by its magic bytes.
public enum ImageFormat: String, Sendable, Codable, CaseIterable {
    /// Portable Network Graphics (including APNG).
    case png
    /// JPEG / JFIF / EXIF.
    case jpeg
    /// Graphics Interchange Format (87a and 89a).
    case gif
    /// WebP (lossy, lossless and extended).
    case webp
    /// AV1 Image File Format (HEIF container with AV1 images).
    case avif
    /// High Efficiency Image File Format (HEIF container, usually HEVC images).
    case heic
    /// Windows / OS/2 bitmap.
    case bmp
    /// Tagged Image File Format (classic and BigTIFF).
    case tiff

    /// The MIME type to serve the image with, e.g. `image/png`.
    public var mimeType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .gif: "image/gif"
        case .webp: "image/webp"
        case .avif: "image/avif"
        case .heic: "image/heic"
        case .bmp: "image/bmp"
        case .tiff: "image/tiff"
        }
    }

    /// The usual file extension without the dot, e.g. `jpg`.
    public var fileExtension: String {
        switch self {
        case .png: "png"
        case .jpeg: "jpg"
        case .gif: "gif"
        case .webp: "webp"
        case .avif: "avif"
        case .heic: "heic"
        case .bmp: "bmp"
        case .tiff: "tif"
        }
    }
}

/// What the header of an image says.
public struct ImageInfo: Sendable, Equatable {
    /// The detected format.
    public var format: ImageFormat
    /// Display width in pixels (already swapped when the orientation is 5...8).
    public var width: Int
    /// Display height in pixels (already swapped when the orientation is 5...8).
    public var height: Int
    /// EXIF orientation 1...8: from the EXIF block of a JPEG, the `EXIF` chunk of a still WebP, the `eXIf` chunk of a
    /// still PNG, the Orientation tag of a TIFF, or the `irot` rotation of a HEIC / AVIF expressed as its EXIF
    /// equivalent (`imir` is ignored); 1 when absent, out of range or not applicable.
    public var orientation: Int
    /// True for an animated GIF (more than one frame seen in the scanned bytes),
    /// an animated WebP (VP8X animation flag) or an APNG (`acTL` chunk before `IDAT`).
    public var isAnimated: Bool
    /// Number of frames, at least 1: image descriptors seen in a GIF, `num_frames` declared by an
    /// APNG's `acTL`, `ANMF` chunks seen in an animated WebP; 1 for everything else.
    public var frameCount: Int
    /// The pixels of the largest frame a decoder must make: width × height, or more when a frame the header declares
    /// is larger than the canvas (a GIF image descriptor, an APNG `fcTL`, a WebP `ANMF`), as in a decompression bomb.
    public var largestFramePixels: Int

    /// Creates an image description; `largestFramePixels` is at least width × height.
    public init(
        format: ImageFormat, width: Int, height: Int, orientation: Int = 1, isAnimated: Bool = false,
        frameCount: Int = 1, largestFramePixels: Int = 0
    ) {
        self.format = format
        self.width = width
        self.height = height
        self.orientation = orientation
        self.isAnimated = isAnimated
        self.frameCount = max(1, frameCount)
        let canvas = width.multipliedReportingOverflow(by: height)
        self.largestFramePixels = max(canvas.overflow ? Int.max : canvas.partialValue, largestFramePixels)
    }
}

/// Reads the format, size, orientation, animation flag and frame count from the first bytes of an image
/// without decoding it. Pure and allocation-free with respect to declared sizes: hostile,
/// truncated or random input yields an error, never a crash.
public enum ImageProbe {
    /// Why an image could not be probed.
    public enum Error: Swift.Error, Equatable, Sendable {
        /// The bytes are not a recognised image.
        case notAnImage
        /// A recognised image format that is not supported (e.g. `"svg"`, `"ico"`, `"psd"`, `"jxl"`).
        case unsupportedFormat(String)
        /// The header ends early or is inconsistent.
        case truncated
        /// The image declares a zero width or height.
        case invalidDimensions
        /// The header is whole but says what no decoder can show: why, in plain words (e.g. "the PNG has no image
        /// data").
        case undecodable(String)

        /// A short explanation in plain words for an end user.
        public var message: String {
            switch self {
            case .notAnImage: "not an image"
            case .unsupportedFormat("svg"):
                "unsupported image format (SVG): vector images are not accepted, upload a PNG, JPEG or WebP instead"
            case .unsupportedFormat(let name): "unsupported image format (\(name.uppercased()))"
            case .truncated: "the image is truncated or damaged"
            case .invalidDimensions: "the image has no size"
            case .undecodable(let why): "the image cannot be decoded: \(why)"
            }
        }
    }

    /// Recognises the format from the first bytes only, or nil.
    public static func format(of header: Data) -> ImageFormat? {
        let bytes = ProbeBytes(header)
        if bytes.matches(pngSignature, at: 0) { return .png }
        if bytes.matches([0xFF, 0xD8, 0xFF], at: 0) { return .jpeg }
        if bytes.matches(Array("GIF87a".utf8), at: 0) || bytes.matches(Array("GIF89a".utf8), at: 0) { return .gif }
        if bytes.matches(Array("RIFF".utf8), at: 0) && bytes.matches(Array("WEBP".utf8), at: 8) { return .webp }
        if isBMP(bytes) { return .bmp }
        if bytes.matches([0x49, 0x49, 0x2A, 0x00], at: 0) || bytes.matches([0x4D, 0x4D, 0x00, 0x2A], at: 0)
            || bytes.matches([0x49, 0x49, 0x2B, 0x00], at: 0) || bytes.matches([0x4D, 0x4D, 0x00, 0x2B], at: 0)
        {
            return .tiff
        }
        switch isoBaseMediaImageName(bytes) {
        case "avif": return .avif
        case "heic": return .heic
        default: return nil
        }
    }

    /// Reads format, size, orientation and frames from the file's bytes: the whole file (memory-mapped: only what the
    /// walk reads is touched) to see every frame and a chunk or directory lying past the image data, or its first
    /// bytes, which may leave later frames and chunks unseen.
    public static func probe(_ data: Data) throws(ImageProbe.Error) -> ImageInfo {
        let bytes = ProbeBytes(data)
        guard let format = format(of: data) else {
            if let name = unsupportedFormatName(bytes) { throw .unsupportedFormat(name) }
            throw .notAnImage
        }
        let info: ImageInfo
        switch format {
        case .png: info = try probePNG(bytes)
        case .jpeg: info = try probeJPEG(bytes)
        case .gif: info = try probeGIF(bytes)
        case .webp: info = try probeWebP(bytes)
        case .avif, .heic: info = try probeHEIF(bytes, format: format)
        case .bmp: info = try probeBMP(bytes)
        case .tiff: info = try probeTIFF(bytes)
        }
        guard info.width > 0, info.height > 0 else { throw .invalidDimensions }
        return info
    }

    /// The eight-byte PNG file signature.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// HEIC / AVIF: an `ftyp` box at offset 4 whose major or compatible brands name an image format.
    static func isoBaseMediaImageName(_ bytes: ProbeBytes) -> String? {
        guard bytes.matches(Array("ftyp".utf8), at: 4), let boxSize = bytes.u32be(0), boxSize >= 16,
            let major = bytes.fourCC(8)
        else { return nil }
        let heif: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]
        let avif: Set<String> = ["avif", "avis"]
        if avif.contains(major) { return "avif" }
        if heif.contains(major) { return "heic" }
        // Compatible brands start at 16; look at a bounded number of them.
        var compatible: [String] = []
        var offset = 16
        let end = min(boxSize, 16 + 4 * 16)
        while offset + 4 <= end, let brand = bytes.fourCC(offset) {
            compatible.append(brand)
            offset += 4
        }
        if compatible.contains(where: avif.contains) { return "avif" }
        if compatible.contains(where: heif.contains) { return "heic" }
        if major == "mif1" || major == "msf1" || compatible.contains("mif1") { return "heic" }
        return nil
    }
}

/// Bounds-checked, zero-based reads from a `Data` that may be a slice.
struct ProbeBytes {
    /// The underlying bytes.
    let data: Data
    /// Number of bytes available.
    let count: Int

    init(_ data: Data) {
        self.data = data
        self.count = data.count
    }

    /// True when `length` bytes starting at `offset` are available.
    func has(_ offset: Int, _ length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= count && length <= count - offset
    }

    func u8(_ offset: Int) -> UInt8? {
        guard has(offset, 1) else { return nil }
        return data[data.startIndex + offset]
    }

    func u16be(_ offset: Int) -> Int? {
        guard let a = u8(offset), let b = u8(offset + 1) else { return nil }
        return Int(a) << 8 | Int(b)
    }

    func u16le(_ offset: Int) -> Int? {
        guard let a = u8(offset), let b = u8(offset + 1) else { return nil }
        return Int(b) << 8 | Int(a)
    }

    func u24le(_ offset: Int) -> Int? {
        guard let low = u16le(offset), let high = u8(offset + 2) else { return nil }
        return Int(high) << 16 | low
    }

    func u32be(_ offset: Int) -> Int? {
        guard let high = u16be(offset), let low = u16be(offset + 2) else { return nil }
        return high << 16 | low
    }

    func u32le(_ offset: Int) -> Int? {
        guard let low = u16le(offset), let high = u16le(offset + 2) else { return nil }
        return high << 16 | low
    }

    /// A four-character code read as ASCII/Latin-1, or nil when out of bounds.
    func fourCC(_ offset: Int) -> String? {
        guard has(offset, 4) else { return nil }
        var scalars = String.UnicodeScalarView()
        for index in offset..<(offset + 4) {
            guard let byte = u8(index) else { return nil }
            scalars.append(Unicode.Scalar(byte))
        }
        return String(scalars)
    }

    /// The offset of the first byte at or after `offset` that is not ASCII white space (space, tab, CR, LF).
    func skippingWhiteSpace(from offset: Int) -> Int {
        var offset = offset
        while let byte = u8(offset), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { offset += 1 }
        return offset
    }

    /// True when `pattern` occurs at `offset`.
    func matches(_ pattern: [UInt8], at offset: Int) -> Bool {
        guard has(offset, pattern.count) else { return false }
        for (index, expected) in pattern.enumerated() where u8(offset + index) != expected {
            return false
        }
        return true
    }

    /// True when the ASCII text `pattern` (lowercase) occurs at `offset`, ignoring ASCII case.
    func matchesIgnoringCase(_ pattern: String, at offset: Int) -> Bool {
        let expected = Array(pattern.utf8)
        guard has(offset, expected.count) else { return false }
        for (index, want) in expected.enumerated() {
            guard let byte = u8(offset + index) else { return false }
            let lowered = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
            if lowered != want { return false }
        }
        return true
    }
}
