import Foundation

/// A Windows icon file (`.ico`, what `/favicon.ico` usually is): a directory of images, each a BMP or a PNG.
///
/// Only the PNG images are of use here (libvips and browsers decode them; the BMPs of an icon have an AND mask no
/// decoder the gallery uses reads): ``largestPNG(in:)`` finds the largest one. The directory is not trusted: each
/// entry's sizes are read from its PNG header, entries that reach outside the file are skipped, and at most
/// ``maximumEntries`` are looked at, so a lying or cut-off file costs time linear in at most that many entries.
public enum IconFile {
    /// Why no PNG could be taken from an icon file.
    public enum Error: Swift.Error, Equatable, Sendable {
        /// The bytes do not start as an icon file does (reserved 0, type 1, at least one image).
        case notAnIcon
        /// The directory is longer than the bytes.
        case truncated
        /// No entry is a whole PNG inside the file (all BMPs, or every PNG entry lies about where it is).
        case noPNG
    }

    /// The most directory entries looked at (real icons hold 1 to about 10).
    public static let maximumEntries = 64

    /// The bytes every PNG starts with.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Whether `bytes` start as an icon file: reserved 0, type 1 (a cursor, type 2, is not an icon), a count of one
    /// or more.
    public static func isIcon(_ bytes: some Collection<UInt8>) -> Bool {
        let head = Array(bytes.prefix(6))
        return head.count == 6 && head[0] == 0 && head[1] == 0 && head[2] == 1 && head[3] == 0
            && (head[4] != 0 || head[5] != 0)
    }

    /// The bytes of the largest PNG image in an icon file (by the width × height its own header says; the first of
    /// equals).
    /// - Throws: ``Error/notAnIcon``, ``Error/truncated`` when the directory is cut off, ``Error/noPNG`` when no entry
    ///   is a PNG lying wholly inside the file.
    public static func largestPNG(in bytes: [UInt8]) throws(Error) -> ArraySlice<UInt8> {
        guard isIcon(bytes) else { throw .notAnIcon }
        let count = min(Int(bytes[4]) | Int(bytes[5]) << 8, maximumEntries)
        guard bytes.count >= 6 + 16 * count else { throw .truncated }
        var best: (range: Range<Int>, area: Int)?
        for index in 0..<count {
            let entry = 6 + 16 * index
            let size = Int(littleEndian32(bytes, at: entry + 8))
            let offset = Int(littleEndian32(bytes, at: entry + 12))
            guard offset >= 6 + 16 * count, size >= 24, offset <= bytes.count, size <= bytes.count - offset else {
                continue
            }
            let range = offset..<(offset + size)
            guard let area = pngArea(bytes[range]) else { continue }
            if area > (best?.area ?? 0) { best = (range, area) }
        }
        guard let best else { throw .noPNG }
        return bytes[best.range]
    }

    /// The width × height of a PNG's `IHDR`, or nil when `image` does not start as a PNG with sides of 1 or more.
    private static func pngArea(_ image: ArraySlice<UInt8>) -> Int? {
        let start = image.startIndex
        // 8 signature + 4 length + "IHDR" + 4 width + 4 height.
        guard image.count >= 24, image.prefix(8).elementsEqual(pngSignature),
            image[(start + 12)..<(start + 16)].elementsEqual("IHDR".utf8)
        else { return nil }
        let width = Int(bigEndian32(image, at: start + 16))
        let height = Int(bigEndian32(image, at: start + 20))
        guard (1...65_535).contains(width), (1...65_535).contains(height) else { return nil }
        return width * height
    }

    private static func littleEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { value, index in value | UInt32(bytes[offset + index]) << (8 * index) }
    }

    private static func bigEndian32(_ bytes: ArraySlice<UInt8>, at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { value, index in value << 8 | UInt32(bytes[offset + index]) }
    }
}
