import Foundation

extension ImageProbe {
    /// WebP: `RIFF....WEBP`, then the first chunk is `VP8 ` (lossy), `VP8L` (lossless) or
    /// `VP8X` (extended, with canvas size and animation flag; the frame count of an animation is the
    /// number of `ANMF` chunks found in the bytes at hand, each of whose sizes counts towards the largest frame; a
    /// still image's orientation is in its `EXIF` chunk, which usually follows the image data).
    static func probeWebP(_ bytes: ProbeBytes) throws(ImageProbe.Error) -> ImageInfo {
        guard let chunk = bytes.fourCC(12), bytes.u32le(16) != nil else { throw .truncated }
        let payload = 20
        switch chunk {
        case "VP8 ":
            // 3-byte frame tag, start code 9d 01 2a, then 14-bit width and height (2 scale bits each).
            guard let width = bytes.u16le(payload + 6), let height = bytes.u16le(payload + 8) else {
                throw .truncated
            }
            guard bytes.matches([0x9D, 0x01, 0x2A], at: payload + 3) else { throw .truncated }
            return ImageInfo(format: .webp, width: width & 0x3FFF, height: height & 0x3FFF)
        case "VP8L":
            // Signature 0x2f, then 14 bits width-1, 14 bits height-1 (little-endian bit order).
            guard let signature = bytes.u8(payload), let bits = bytes.u32le(payload + 1) else { throw .truncated }
            guard signature == 0x2F else { throw .truncated }
            let width = (bits & 0x3FFF) + 1
            let height = ((bits >> 14) & 0x3FFF) + 1
            return ImageInfo(format: .webp, width: width, height: height)
        case "VP8X":
            // Flags byte, 3 reserved bytes, 24-bit canvas width-1 and height-1.
            guard let flags = bytes.u8(payload), let widthMinusOne = bytes.u24le(payload + 4),
                let heightMinusOne = bytes.u24le(payload + 7)
            else {
                throw .truncated
            }
            let isAnimated = flags & 0x02 != 0
            let chunks = walkChunks(bytes, from: payload - 8)
            let exifOrientation = chunks.exif.flatMap {
                exifBlockOrientation(bytes, start: $0.lowerBound, end: $0.upperBound)
            }
            let orientation = isAnimated ? 1 : exifOrientation ?? 1
            let swapped = (5...8).contains(orientation)
            let (width, height) = (widthMinusOne + 1, heightMinusOne + 1)
            return ImageInfo(
                format: .webp, width: swapped ? height : width, height: swapped ? width : height,
                orientation: orientation, isAnimated: isAnimated, frameCount: isAnimated ? chunks.frames : 1,
                largestFramePixels: isAnimated ? chunks.largestFrame : 0)
        default:
            throw .truncated
        }
    }

    /// Walks the RIFF chunks from `start` (the `VP8X` chunk header): counts `ANMF` chunks and the largest frame they
    /// declare, and finds the first `EXIF` chunk's payload. Each step advances at least 8 bytes; a chunk
    /// running past the bytes at hand ends the walk.
    static func walkChunks(_ bytes: ProbeBytes, from start: Int) -> (frames: Int, largestFrame: Int, exif: Range<Int>?)
    {
        var frames = 0
        var largestFrame = 0
        var exif: Range<Int>?
        var offset = start
        while let type = bytes.fourCC(offset), let size = bytes.u32le(offset + 4) {
            let payload = offset + 8
            if type == "ANMF" {
                frames += 1
                // X and Y offsets (24 bits each), then width - 1 and height - 1.
                if let widthMinusOne = bytes.u24le(payload + 6), let heightMinusOne = bytes.u24le(payload + 9) {
                    largestFrame = max(largestFrame, (widthMinusOne + 1) * (heightMinusOne + 1))
                }
            } else if type == "EXIF", exif == nil {
                exif = payload..<max(payload, min(payload + size, bytes.count))
            }
            let padded = size + (size & 1)
            guard padded <= bytes.count - offset - 8 else { break }
            offset += 8 + padded
        }
        return (frames, largestFrame, exif)
    }
}
