import Foundation

extension ImageProbe {
    /// JPEG: walks the marker segments after SOI up to SOS (``jpegSegments(_:)``), taking the size from the first
    /// SOFn and the orientation from the APP1 EXIF block.
    static func probeJPEG(_ bytes: ProbeBytes) throws(ImageProbe.Error) -> ImageInfo {
        let segments = jpegSegments(bytes)
        guard let size = segments.size else { throw .truncated }
        guard size.width > 0, size.height > 0 else { throw .invalidDimensions }
        let resolved =
            segments.exif.flatMap { exifOrientation(bytes, tiffStart: $0.lowerBound, end: $0.upperBound) } ?? 1
        let swapped = (5...8).contains(resolved)
        return ImageInfo(
            format: .jpeg,
            width: swapped ? size.height : size.width,
            height: swapped ? size.width : size.height,
            orientation: resolved,
            isAnimated: false)
    }

    /// The marker segments after SOI up to SOS: the size in the first SOFn (C0–CF except C4, C8, CC) and where the
    /// TIFF structure of the first APP1 EXIF block lies.
    static func jpegSegments(_ bytes: ProbeBytes) -> (size: (width: Int, height: Int)?, exif: Range<Int>?) {
        var size: (width: Int, height: Int)?
        var exif: Range<Int>?
        var offset = 2  // after FF D8
        walk: while offset < bytes.count {
            // Tolerate stray bytes between segments, then skip 0xFF fill bytes.
            while let byte = bytes.u8(offset), byte != 0xFF { offset += 1 }
            while let byte = bytes.u8(offset), byte == 0xFF { offset += 1 }
            guard let marker = bytes.u8(offset) else { break }
            offset += 1
            switch marker {
            case 0x00, 0x01, 0xD0...0xD8:  // Stuffed zero, TEM, RST0–7, SOI: no length.
                continue walk
            case 0xD9, 0xDA:  // EOI or SOS: the header is over.
                break walk
            default:
                break
            }
            guard let length = bytes.u16be(offset), length >= 2 else { break }
            let segmentEnd = offset + length
            if isStartOfFrame(marker), size == nil {
                // Precision (1), height (2), width (2).
                guard let height = bytes.u16be(offset + 3), let width = bytes.u16be(offset + 5) else { break }
                size = (width, height)
            } else if marker == 0xE1, exif == nil, bytes.matches(Array("Exif\0\0".utf8), at: offset + 2) {
                exif = (offset + 8)..<max(offset + 8, min(segmentEnd, bytes.count))
            }
            offset = segmentEnd
        }
        return (size, exif)
    }

    /// SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    static func isStartOfFrame(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }

    /// The orientation in an EXIF block that holds a TIFF header, with or without the `Exif\0\0` that precedes it
    /// in a JPEG (a WebP's `EXIF` and a PNG's `eXIf` chunk should not have it, and some writers put it there).
    static func exifBlockOrientation(_ bytes: ProbeBytes, start: Int, end: Int) -> Int? {
        let tiffStart = bytes.matches(Array("Exif\0\0".utf8), at: start) ? start + 6 : start
        return exifOrientation(bytes, tiffStart: tiffStart, end: end)
    }

    /// Reads IFD0 tag 0x0112 from a TIFF header ("II" or "MM") lying in `tiffStart..<end`.
    /// Returns 1...8, or nil when absent, malformed or out of range.
    static func exifOrientation(_ bytes: ProbeBytes, tiffStart: Int, end: Int) -> Int? {
        guard let orientation = tiffFirstDirectory(bytes, tiffStart: tiffStart, end: end)?.orientation,
            (1...8).contains(orientation)
        else { return nil }
        return orientation
    }
}
