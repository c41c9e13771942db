import Foundation

/// Builds Windows icon files (`.ico`) for tests: a directory of images, each given as its bytes.
public enum ICOBuilder {
    /// One image of an icon: its bytes and what the directory says of it.
    public struct Entry {
        /// The image's bytes (a PNG, or anything standing for a BMP).
        public var bytes: [UInt8]
        /// The width the directory declares (0 means 256).
        public var declaredWidth: UInt8
        /// The size the directory declares; nil: the bytes' count.
        public var declaredSize: UInt32?
        /// The offset the directory declares; nil: where the bytes are put.
        public var declaredOffset: UInt32?

        /// An entry for `bytes`, declared `declaredWidth` wide, with the size and offset said truly unless given.
        public init(
            _ bytes: some Sequence<UInt8>, declaredWidth: UInt8 = 32, declaredSize: UInt32? = nil,
            declaredOffset: UInt32? = nil
        ) {
            self.bytes = Array(bytes)
            self.declaredWidth = declaredWidth
            self.declaredSize = declaredSize
            self.declaredOffset = declaredOffset
        }
    }

    /// An icon file of `entries`, its directory saying `count` images (the entries' number unless given).
    public static func make(_ entries: [Entry], count: Int? = nil) -> [UInt8] {
        let declaredCount = count ?? entries.count
        var bytes: [UInt8] = [0, 0, 1, 0, UInt8(declaredCount & 0xFF), UInt8(declaredCount >> 8)]
        var offset = 6 + 16 * entries.count
        var images: [UInt8] = []
        for entry in entries {
            let size = entry.declaredSize ?? UInt32(entry.bytes.count)
            let at = entry.declaredOffset ?? UInt32(offset)
            bytes += [entry.declaredWidth, entry.declaredWidth, 0, 0, 1, 0, 32, 0]
            bytes += littleEndian(size) + littleEndian(at)
            images += entry.bytes
            offset += entry.bytes.count
        }
        return bytes + images
    }

    /// Bytes standing for a BMP image of an icon (a `BITMAPINFOHEADER`'s start and nothing a decoder could use).
    public static let bitmap: [UInt8] = [40, 0, 0, 0, 32, 0, 0, 0, 64, 0, 0, 0] + [UInt8](repeating: 0, count: 100)

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) }
    }
}
