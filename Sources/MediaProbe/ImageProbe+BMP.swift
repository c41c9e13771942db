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
    /// rows are stored top-down. Its bits per pixel and compression must be ones browsers decode
    /// (``checkBMPEncoding(_:headerSize:)``): with no BMP decoder on the server, this is the check before "ready".
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
        try checkBMPEncoding(bytes, headerSize: headerSize)
        return ImageInfo(format: .bmp, width: width, height: height)
    }

    /// Throws `undecodable` when the bits per pixel or the compression of a BMP are not ones browsers decode (what
    /// Chromium shows of the BMP suite): 1, 2, 4, 8, 16, 24 or 32 bits; uncompressed, RLE8 with 8 bits, RLE4 with 4,
    /// bit fields with 16 or 32, or an OS/2 2.x RLE24 with 24. A BMP holding a JPEG or a PNG (compression 4 and 5 of
    /// a Windows header, meant for printers) is shown by none.
    static func checkBMPEncoding(_ bytes: ProbeBytes, headerSize: Int) throws(ImageProbe.Error) {
        // The OS/2 core header has 16-bit width and height, so its bit count is 4 bytes earlier; no compression. The
        // 16-byte OS/2 2.x header ends before the compression field, which then is 0.
        // Bytes that end before these fields (a header read alone) are not judged.
        let isCore = headerSize == 12
        let isOS2 = headerSize == 16 || headerSize == 64
        guard let bitCount = bytes.u16le(isCore ? 24 : 28) else { return }
        var compression = 0
        if !isCore, headerSize > 16 {
            guard let field = bytes.u32le(30) else { return }
            compression = field
        }
        if !isOS2, compression == 4 || compression == 5 {
            let inner = compression == 4 ? "JPEG" : "PNG"
            throw .undecodable("a BMP holding a \(inner) image, which browsers do not show")
        }
        guard [1, 2, 4, 8, 16, 24, 32].contains(bitCount) else {
            throw .undecodable("the BMP declares \(bitCount) bits per pixel")
        }
        let fits: Bool
        switch compression {
        case 0: fits = true
        case 1: fits = bitCount == 8
        case 2: fits = bitCount == 4
        case 3, 6: fits = !isOS2 && (bitCount == 16 || bitCount == 32)
        case 4: fits = isOS2 && bitCount == 24
        default: fits = false
        }
        guard fits else {
            throw .undecodable(
                "the BMP's compression (\(compression)) is not one browsers decode with \(bitCount) bits")
        }
    }
}
