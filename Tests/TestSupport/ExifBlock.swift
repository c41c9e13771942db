import Foundation

/// Builds little-endian EXIF TIFF structures for tests, including ones that lie: IFD0, then the EXIF and GPS
/// directories it points to (pointers added when they are not empty), then the values too long for their entries.
public struct ExifBlock: Sendable {
    /// One directory entry: its tag, type, count and value bytes (inline when 4 or fewer, else placed after the
    /// directories), or its raw 4-byte value field as written, whatever it claims.
    public struct Entry: Sendable {
        var tag: Int
        var type: Int
        var count: Int
        var value: [UInt8]
        var isRaw = false

        /// A NUL-terminated ASCII text.
        public static func text(_ tag: Int, _ text: String) -> Entry {
            let bytes = Array(text.utf8) + [0]
            return Entry(tag: tag, type: 2, count: bytes.count, value: bytes)
        }

        /// A SHORT.
        public static func short(_ tag: Int, _ value: Int) -> Entry {
            Entry(tag: tag, type: 3, count: 1, value: le16(value) + [0, 0])
        }

        /// RATIONALs, each a numerator and a denominator.
        public static func rationals(_ tag: Int, _ values: [(Int, Int)]) -> Entry {
            Entry(tag: tag, type: 5, count: values.count, value: values.flatMap { le32($0.0) + le32($0.1) })
        }

        /// An entry whose value field is `field` as written, with any type and count.
        public static func raw(_ tag: Int, type: Int, count: Int, field: Int) -> Entry {
            Entry(tag: tag, type: type, count: count, value: le32(field), isRaw: true)
        }
    }

    public var primary: [Entry]
    public var exif: [Entry]
    public var gps: [Entry]

    /// A structure of these directories.
    public init(primary: [Entry] = [], exif: [Entry] = [], gps: [Entry] = []) {
        self.primary = primary
        self.exif = exif
        self.gps = gps
    }

    /// What a camera writes: a Canon EOS R5 in Paris.
    public static let camera = ExifBlock(
        primary: [.text(0x010F, "Canon"), .text(0x0110, "Canon EOS R5")],
        exif: [
            .rationals(0x829A, [(1, 250)]), .rationals(0x829D, [(28, 10)]), .short(0x8827, 400),
            .text(0x9003, "2024:05:17 14:03:22"), .rationals(0x920A, [(50, 1)]),
        ],
        gps: [
            .text(1, "N"), .rationals(2, [(48, 1), (51, 1), (30, 1)]), .text(3, "E"),
            .rationals(4, [(2, 1), (17, 1), (402, 10)]),
        ])

    /// The structure's bytes ("II", 42, IFD0 at 8).
    public var bytes: [UInt8] {
        var primary = primary
        let size: ([Entry]) -> Int = { 2 + 12 * $0.count + 4 }
        if !exif.isEmpty { primary.append(.raw(0x8769, type: 4, count: 1, field: 0)) }
        if !gps.isEmpty { primary.append(.raw(0x8825, type: 4, count: 1, field: 0)) }
        let exifAt = 8 + size(primary)
        let gpsAt = exifAt + (exif.isEmpty ? 0 : size(exif))
        var dataAt = gpsAt + (gps.isEmpty ? 0 : size(gps))
        var data: [UInt8] = []
        func directory(_ entries: [Entry]) -> [UInt8] {
            var out = Self.le16(entries.count)
            for var entry in entries {
                if entry.tag == 0x8769, entry.isRaw, entry.value == Self.le32(0) { entry.value = Self.le32(exifAt) }
                if entry.tag == 0x8825, entry.isRaw, entry.value == Self.le32(0) { entry.value = Self.le32(gpsAt) }
                out += Self.le16(entry.tag) + Self.le16(entry.type) + Self.le32(entry.count)
                if entry.isRaw || entry.value.count <= 4 {
                    out += entry.value + [UInt8](repeating: 0, count: 4 - min(4, entry.value.count))
                } else {
                    out += Self.le32(dataAt)
                    data += entry.value
                    dataAt += entry.value.count
                }
            }
            return out + Self.le32(0)
        }
        var out = Array("II".utf8) + Self.le16(42) + Self.le32(8) + directory(primary)
        if !exif.isEmpty { out += directory(exif) }
        if !gps.isEmpty { out += directory(gps) }
        return out + data
    }

    /// A JPEG holding the structure in its APP1 block (`Exif\0\0` first), with a 600 × 400 frame header and no image
    /// data: enough for the probe, not for a decoder.
    public var jpegHeader: Data {
        Data(Self.app1(bytes: bytes, after: [0xFF, 0xD8]) + [0xFF, 0xC0, 0, 11, 8] + Self.be16(400) + Self.be16(600))
    }

    /// A real JPEG with this structure as its EXIF: its APP1 block put right after its SOI.
    public func inserted(intoJPEG jpeg: Data) -> Data {
        Data(Self.app1(bytes: bytes, after: [0xFF, 0xD8]) + jpeg.dropFirst(2))
    }

    private static func app1(bytes: [UInt8], after prefix: [UInt8]) -> [UInt8] {
        let payload = Array("Exif".utf8) + [0, 0] + bytes
        return prefix + [0xFF, 0xE1] + be16(payload.count + 2) + payload
    }

    static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)] }
    static func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16((value >> 16) & 0xFFFF) }
    static func be16(_ value: Int) -> [UInt8] { [UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)] }
}
