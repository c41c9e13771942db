import Foundation

extension ImageProbe {
    /// The DIB header sizes of known bitmap headers: OS/2 1.x core (12), OS/2 2.x (16 or 64),
    /// BITMAPINFOHEADER (40), its Adobe extensions (52, 56), V4 (108) and V5 (124).
    static let bmpHeaderSizes: Set<Int> = [12, 16, 40, 52, 56, 64, 108, 124]

    /// BMP: "BM" followed by a known DIB header size, so text starting with "BM" is not a BMP.
    static func isBMP(_ bytes: ProbeBytes) -> Bool {
        guard bytes.matches(Array("BM".utf8), at: 0), let size = bytes.u32le(14) else { return false }
        return bmpHeaderSizes.contains(size)
    }

    /// BMP: the 14-byte file header, then the DIB header. The OS/2 core header holds unsigned 16-bit
    /// dimensions; BITMAPINFOHEADER and later hold signed 32-bit ones, a negative height meaning the
    /// rows are stored top-down.
    static func probeBMP(_ bytes: ProbeBytes) throws(ImageProbe.Error) -> ImageInfo {
        guard let headerSize = bytes.u32le(14) else { throw .truncated }
        let width: Int
        let height: Int
        if headerSize == 12 {
            guard let coreWidth = bytes.u16le(18), let coreHeight = bytes.u16le(20) else { throw .truncated }
            width = coreWidth
            height = coreHeight
        } else {
            guard let rawWidth = bytes.u32le(18), let rawHeight = bytes.u32le(22) else { throw .truncated }
            let signedWidth = Int(Int32(bitPattern: UInt32(rawWidth)))
            let signedHeight = Int(Int32(bitPattern: UInt32(rawHeight)))
            // A negative width is meaningless; Int32.min has no positive counterpart in the format.
            guard signedWidth > 0, signedHeight != 0, signedHeight != Int(Int32.min) else {
                throw .invalidDimensions
            }
            width = signedWidth
            height = abs(signedHeight)
        }
        guard width > 0, height > 0 else { throw .invalidDimensions }
        return ImageInfo(format: .bmp, width: width, height: height)
    }
}
