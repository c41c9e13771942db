import Foundation

/// Builds valid PNG files: RGB, 8 bits, the image data in stored (uncompressed) deflate blocks.
public enum PNGBuilder {
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A whole PNG file of the given size; `shade` changes the pixels, so the bytes (and their hash) differ.
    public static func make(width: Int, height: Int, shade: UInt8 = 0x80) -> Data {
        var scanlines: [UInt8] = []
        for y in 0..<height {
            scanlines.append(0)  // filter type: none
            for x in 0..<width {
                scanlines += [UInt8(truncatingIfNeeded: x * 40), UInt8(truncatingIfNeeded: y * 40), shade]
            }
        }
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0]
        return Data(
            signature + chunk("IHDR", header) + chunk("IDAT", zlibStored(scanlines)) + chunk("IEND", []))
    }

    /// Only the signature and the IHDR chunk: enough for probing, as a header declaring a huge image would be.
    public static func header(width: Int, height: Int) -> Data {
        Data(signature + chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0]))
    }

    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(crc32(typeAndData))
    }

    /// A zlib stream of non-compressed deflate blocks.
    public static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let isLast = offset + length == data.count
            let length16 = UInt16(length)
            out.append(isLast ? 1 : 0)
            out += [UInt8(length16 & 0xff), UInt8(length16 >> 8), UInt8(~length16 & 0xff), UInt8(~length16 >> 8)]
            out += data[offset..<offset + length]
            offset += length
        } while offset < data.count
        return out + bigEndian(adler32(data))
    }

    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return ~crc
    }

    public static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    public static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xff), UInt8((value >> 8) & 0xff), UInt8(value & 0xff)]
    }
}
