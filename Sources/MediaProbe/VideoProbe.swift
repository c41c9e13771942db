import Foundation

/// The video containers the gallery accepts.
public enum VideoContainer: String, Sendable, Equatable {
    /// ISO base media (MP4, M4V, QuickTime MOV): a `ftyp` box first.
    case isoBaseMedia
    /// Matroska and WebM: an EBML header first.
    case matroska
}

/// What a video's container header says.
public struct VideoInfo: Sendable, Equatable {
    /// The container.
    public var container: VideoContainer
    /// The MIME type to serve it with: `video/mp4`, `video/quicktime`, `video/webm` or `video/x-matroska`.
    public var mimeType: String
    /// Display width in pixels (after rotation).
    public var width: Int
    /// Display height in pixels (after rotation).
    public var height: Int
    /// Clockwise rotation from the track's matrix: 0, 90, 180 or 270.
    public var rotationDegrees: Int
    /// Duration in seconds, when the header says (for a fragmented MP4, its fragments).
    public var durationSeconds: Double?
    /// The video track's coding, when the header names it.
    public var codec: VideoCodec?
    /// When the header is whole but the media data after it is cut short: the seconds of video the data that is there
    /// holds (more than 0: a file without a single whole frame is refused).
    public var playableSeconds: Double?

    /// Makes a value.
    public init(
        container: VideoContainer, mimeType: String, width: Int, height: Int, rotationDegrees: Int = 0,
        durationSeconds: Double? = nil, codec: VideoCodec? = nil, playableSeconds: Double? = nil
    ) {
        self.container = container
        self.mimeType = mimeType
        self.width = width
        self.height = height
        self.rotationDegrees = rotationDegrees
        self.durationSeconds = durationSeconds
        self.codec = codec
        self.playableSeconds = playableSeconds
    }
}

/// Reads the size, rotation, duration and codec of a video from its container header, without decoding it: ISO base
/// media (`moov/mvhd`, `moov/trak/tkhd` with its matrix, the sample entry of `stsd`; a fragmented file's `mehd` or
/// fragments) and Matroska/WebM (`Info/Duration`, `Tracks/…/Video/PixelWidth`, `CodecID`).
/// Reads through a random-access function, only the boxes and elements it needs (a `moov` at the end of the file is
/// found by skipping the media data by its size); bounded in bytes read and steps taken whatever the input.
public enum VideoProbe {
    /// Why a file's header cannot be read as a video's.
    public enum Error: Swift.Error, Sendable, Equatable {
        /// The first bytes are not a video container's.
        case notAVideo
        /// The file ends before the header does (it was cut off).
        case truncated
        /// The header is inconsistent: what is wrong.
        case damaged(String)
    }

    /// Reads at most `count` bytes at `offset` (fewer only at the end of the file).
    public typealias Read = (_ offset: Int64, _ count: Int) throws -> Data

    /// The most bytes of a header box or element read into memory (a `moov` of a long film is a few MB).
    static let maximumHeaderBytes: Int64 = 64 * 1024 * 1024
    /// The most boxes or elements looked at, so that hostile input cannot make the reader spin.
    static let maximumSteps = 100_000

    /// The image brands of ISO base media files that are still images (HEIF, AVIF), not videos.
    static let imageBrands: Set<String> = [
        "heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1", "avif", "avis", "avio",
    ]

    /// The container the first bytes announce, or nil: a `ftyp` box whose major brand is no still-image brand, or
    /// an EBML header.
    public static func container(ofHeader header: Data) -> VideoContainer? {
        let bytes = [UInt8](header.prefix(16))
        if bytes.count >= 12, bytes[4..<8].elementsEqual("ftyp".utf8) {
            let brand = String(decoding: bytes[8..<12], as: UTF8.self)
            return imageBrands.contains(brand) ? nil : .isoBaseMedia
        }
        if bytes.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return .matroska }
        return nil
    }

    /// The header facts of a file of `fileSize` bytes, read through `read`.
    /// - Throws: ``Error`` for what is not a readable video header, or what `read` throws.
    public static func probe(fileSize: Int64, read: @escaping Read) throws -> VideoInfo {
        let source = ByteSource(size: fileSize, read: read)
        let head = try source.bytes(at: 0, count: Int(min(16, max(0, fileSize))))
        switch container(ofHeader: head) {
        case .isoBaseMedia: return try probeISOBaseMedia(source)
        case .matroska: return try probeMatroska(source)
        case nil: throw Error.notAVideo
        }
    }

    /// A display size checked and turned by the rotation.
    static func displaySize(width: Int, height: Int, rotation: Int) throws(Error) -> (Int, Int) {
        guard width > 0, height > 0 else { throw .damaged("the video track has no size") }
        return rotation == 90 || rotation == 270 ? (height, width) : (width, height)
    }
}

/// A file read through a function, with its size checked.
struct ByteSource {
    let size: Int64
    let read: VideoProbe.Read

    /// Exactly `count` bytes at `offset`, or ``VideoProbe/Error/truncated`` when the file ends first.
    func bytes(at offset: Int64, count: Int) throws -> Data {
        guard offset >= 0, count >= 0 else { throw VideoProbe.Error.damaged("a negative offset") }
        let (end, overflow) = offset.addingReportingOverflow(Int64(count))
        guard !overflow, end <= size else { throw VideoProbe.Error.truncated }
        let data = try read(offset, count)
        guard data.count == count else { throw VideoProbe.Error.truncated }
        return data
    }
}

/// Big-endian reading of a byte buffer, bounds-checked.
struct BigEndianReader {
    let bytes: [UInt8]

    init(_ data: Data) { bytes = [UInt8](data) }

    func uint(at offset: Int, count: Int) throws(VideoProbe.Error) -> UInt64 {
        guard offset >= 0, count <= 8, offset + count <= bytes.count else { throw .truncated }
        return bytes[offset..<offset + count].reduce(0) { $0 << 8 | UInt64($1) }
    }

    func int32(at offset: Int) throws(VideoProbe.Error) -> Int32 {
        Int32(bitPattern: UInt32(truncatingIfNeeded: try uint(at: offset, count: 4)))
    }

    func text(at offset: Int, count: Int) throws(VideoProbe.Error) -> String {
        guard offset >= 0, offset + count <= bytes.count else { throw .truncated }
        return String(decoding: bytes[offset..<offset + count], as: UTF8.self)
    }
}
