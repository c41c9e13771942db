import Foundation

/// Takes where a photo was taken out of its bytes, for a read-only link: the GPS directory of its EXIF (``ImageProbe``
/// finds it as ``ExifReader`` does) is emptied in place — its entries and the values they point to are overwritten
/// with zeros and its count set to 0 — so that no offset moves and the image stays byte for byte the same elsewhere.
/// A PNG's `eXIf` chunk gets its CRC again.
public enum LocationRemoval {
    /// The GPS directory pointer's tag in IFD0 (as ``ExifReader`` reads it).
    static let gpsDirectoryTag = 0x8825

    /// The bytes without GPS coordinates, or nil when they hold none (serve them as they are).
    public static func removingLocation(from data: Data) -> Data? {
        let bytes = ProbeBytes(data)
        guard let format = ImageProbe.format(of: data), let tiff = ImageProbe.exifStructure(bytes, format: format),
            let first = tiff.firstDirectory,
            let pointer = tiff.entries(ofDirectoryAt: first).entries.first(where: { $0.tag == gpsDirectoryTag }),
            let gps = ExifReader.pointedDirectory(tiff, pointer)
        else { return nil }
        let (entries, _) = tiff.entries(ofDirectoryAt: gps)
        guard !entries.isEmpty else { return nil }
        var ranges: [Range<Int>] = []
        for entry in entries {
            let length = valueLength(entry)
            if let length, length > (tiff.isBig ? 8 : 4), let offset = tiff.valueOffset(entry, length: length) {
                ranges.append(offset..<(offset + length))
            }
        }
        let entrySize = tiff.isBig ? 20 : 12
        let countSize = tiff.isBig ? 8 : 2
        ranges.append(gps..<(gps + countSize + entries.count * entrySize))
        var result = Data(data)
        for range in ranges {
            result.replaceSubrange(
                (result.startIndex + range.lowerBound)..<(result.startIndex + range.upperBound),
                with: Data(count: range.count))
        }
        if format == .png, let chunk = ImageProbe.pngExifBlock(bytes) {
            PNGChecksum.rewrite(&result, chunkPayload: chunk)
        }
        return result
    }

    /// The bytes an entry's values take, nil for an unknown type or a size past any file.
    private static func valueLength(_ entry: TIFFStructure.Entry) -> Int? {
        let sizes = [1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 16: 8, 17: 8, 18: 8]
        guard let size = sizes[entry.type], entry.count <= Int(Int32.max) else { return nil }
        return size * entry.count
    }
}

/// The CRC-32 of PNG chunks (ISO 3309, as zlib computes it).
enum PNGChecksum {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    /// The CRC of `bytes`.
    static func crc(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    /// Writes again the CRC of the chunk whose payload is `chunkPayload` (its type lies just before it, its CRC just
    /// after).
    static func rewrite(_ data: inout Data, chunkPayload: Range<Int>) {
        let base = data.startIndex
        let covered = (base + chunkPayload.lowerBound - 4)..<(base + chunkPayload.upperBound)
        guard covered.lowerBound >= base, covered.upperBound + 4 <= data.endIndex else { return }
        let value = crc(data[covered])
        let crcBytes = [
            UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF),
        ]
        data.replaceSubrange(covered.upperBound..<(covered.upperBound + 4), with: crcBytes)
    }
}
