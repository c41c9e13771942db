import Foundation

extension ImageProbe {
    /// PNG: signature, then `IHDR` with big-endian width and height; animated (APNG) when an
    /// `acTL` chunk appears before the first `IDAT`, with the frame count it declares (`num_frames`).
    static func probePNG(_ bytes: ProbeBytes) throws(ImageProbe.Error) -> ImageInfo {
        // 8 signature + 4 length + 4 type + 4 width + 4 height.
        guard let ihdrLength = bytes.u32be(8), bytes.matches(Array("IHDR".utf8), at: 12),
            let width = bytes.u32be(16), let height = bytes.u32be(20)
        else {
            throw .truncated
        }
        let maximum = Int(Int32.max)
        guard ihdrLength == 13, width <= maximum, height <= maximum else { throw .truncated }
        guard width > 0, height > 0 else { throw .invalidDimensions }

        var isAnimated = false
        var frameCount = 1
        // Walk chunks after IHDR (8 + 12 + 13 = 33); each step advances at least 12 bytes.
        var offset = 33
        let acTL = Array("acTL".utf8)
        let idat = Array("IDAT".utf8)
        let iend = Array("IEND".utf8)
        while let length = bytes.u32be(offset), bytes.has(offset + 4, 4) {
            if bytes.matches(acTL, at: offset + 4) {
                isAnimated = true
                // num_frames is the first field of the payload; a cut-off acTL leaves the count at 1.
                if length >= 8, let declared = bytes.u32be(offset + 8) { frameCount = max(1, declared) }
                break
            }
            if bytes.matches(idat, at: offset + 4) || bytes.matches(iend, at: offset + 4) { break }
            // A chunk longer than the bytes at hand ends the walk (and keeps the sum from overflowing).
            guard length <= bytes.count - offset else { break }
            offset += 12 + length
        }
        return ImageInfo(
            format: .png, width: width, height: height, orientation: 1, isAnimated: isAnimated,
            frameCount: frameCount)
    }
}
