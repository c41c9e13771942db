import Foundation

extension ImageProbe {
    /// GIF: logical screen size (little-endian); the frame count is the number of image descriptors
    /// found while walking the blocks (animated when more than one), and each descriptor's size counts towards the
    /// largest frame (a frame may declare itself far larger than the screen). Missing later bytes end the walk
    /// without an error; a trailer before any image descriptor leaves nothing to show. Every step advances, so the
    /// walk is bounded by the bytes at hand.
    static func probeGIF(_ bytes: ProbeBytes) throws(ImageProbe.Error) -> ImageInfo {
        // "GIF89a" + logical screen descriptor (7 bytes).
        guard let width = bytes.u16le(6), let height = bytes.u16le(8), let packed = bytes.u8(10),
            bytes.has(11, 2)
        else {
            throw .truncated
        }
        guard width > 0, height > 0 else { throw .invalidDimensions }

        var offset = 13
        if packed & 0x80 != 0 { offset += 3 << (Int(packed & 0x07) + 1) }
        var frames = 0
        var largestFrame = 0
        walk: while let introducer = bytes.u8(offset) {
            switch introducer {
            case 0x2C:  // Image descriptor: 10 bytes, optional local colour table, LZW code size, data.
                frames += 1
                // Left and top (2 bytes each), then width and height.
                if let frameWidth = bytes.u16le(offset + 5), let frameHeight = bytes.u16le(offset + 7) {
                    largestFrame = max(largestFrame, frameWidth * frameHeight)
                }
                guard let imagePacked = bytes.u8(offset + 9) else { break walk }
                offset += 10
                if imagePacked & 0x80 != 0 { offset += 3 << (Int(imagePacked & 0x07) + 1) }
                offset += 1
                guard let next = skipSubBlocks(bytes, from: offset) else { break walk }
                offset = next
            case 0x21:  // Extension: label, then data sub-blocks.
                guard let next = skipSubBlocks(bytes, from: offset + 2) else { break walk }
                offset = next
            case 0x3B where frames == 0:  // Trailer.
                throw .undecodable("the GIF holds no picture")
            default:  // Trailer (0x3B) or anything unexpected: stop scanning.
                break walk
            }
        }
        return ImageInfo(
            format: .gif, width: width, height: height, orientation: 1, isAnimated: frames > 1,
            frameCount: max(1, frames), largestFramePixels: largestFrame)
    }

    /// Skips GIF data sub-blocks ending with a zero-length block; nil when the bytes run out.
    static func skipSubBlocks(_ bytes: ProbeBytes, from start: Int) -> Int? {
        var offset = start
        while true {
            guard let size = bytes.u8(offset) else { return nil }
            offset += 1
            if size == 0 { return offset }
            offset += Int(size)
        }
    }
}
