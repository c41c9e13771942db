import Foundation
import GalleryCore

extension ImageProbe {
    /// What the camera wrote in an image's EXIF (``ExifReader``): from the APP1 block of a JPEG, the `eXIf` chunk of a
    /// PNG, the `EXIF` chunk of a WebP, a TIFF's own directories, or the `Exif` item of a HEIC / AVIF. Empty when the
    /// image has no EXIF or none of its fields can be believed; nil when the bytes are no image this reads.
    public static func photoDetails(_ data: Data) -> PhotoDetails? {
        let bytes = ProbeBytes(data)
        guard let format = format(of: data) else { return nil }
        guard let tiff = exifStructure(bytes, format: format) else { return PhotoDetails() }
        return ExifReader.details(tiff)
    }

    /// The EXIF TIFF structure of an image in `format`, nil when it has none.
    static func exifStructure(_ bytes: ProbeBytes, format: ImageFormat) -> TIFFStructure? {
        let block: Range<Int>?
        switch format {
        case .jpeg: block = jpegSegments(bytes).exif
        case .png: block = pngExifBlock(bytes)
        case .webp: block = bytes.fourCC(12) == "VP8X" ? walkChunks(bytes, from: 12).exif : nil
        case .tiff: block = 0..<bytes.count
        case .heic, .avif: block = heifExifBlock(bytes)
        case .gif, .bmp: block = nil
        }
        guard let block else { return nil }
        // A WebP's or PNG's block should hold the bare TIFF header; some writers put `Exif\0\0` before it.
        let start =
            bytes.matches(Array("Exif\0\0".utf8), at: block.lowerBound) ? block.lowerBound + 6 : block.lowerBound
        return TIFFStructure(bytes, start: start, end: block.upperBound)
    }

    /// The payload of a PNG's first `eXIf` chunk before its image ends.
    static func pngExifBlock(_ bytes: ProbeBytes) -> Range<Int>? {
        var offset = 8
        while let length = bytes.u32be(offset), let type = bytes.fourCC(offset + 4), type != "IEND" {
            let payload = offset + 8
            guard length <= bytes.count - payload else { return nil }
            if type == "eXIf" { return payload..<(payload + length) }
            offset = payload + length + 4
        }
        return nil
    }
}
