import Foundation

extension ImageProbe {
    /// PNG: signature, then `IHDR` with big-endian width and height, then the chunks in the bytes at hand. Animated
    /// (APNG) when an `acTL` chunk before the first `IDAT` declares 1 to 2³¹ − 1 frames (its `num_frames`); another
    /// count makes the `acTL` invalid, and the file a still image, as browsers and Pillow take it. Every `fcTL` frame
    /// size counts towards the largest frame; an `eXIf` chunk gives the orientation of a still image. A file whose
    /// `IEND` comes before any `IDAT` has no image to show.
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

        var declaredFrames: Int?
        var largestFrame = 0
        var orientation: Int?
        var seenImageData = false
        // Walk chunks after IHDR (8 + 12 + 13 = 33); each step advances at least 12 bytes.
        var offset = 33
        while let length = bytes.u32be(offset), let type = bytes.fourCC(offset + 4) {
            let payload = offset + 8
            switch type {
            case "acTL" where !seenImageData && declaredFrames == nil:
                // num_frames is the first field of the payload; a cut-off acTL leaves the image a still one.
                if length >= 8, let count = bytes.u32be(payload) { declaredFrames = count }
            case "fcTL":
                // sequence_number, then the frame's width and height.
                if length >= 12, let frameWidth = bytes.u32be(payload + 4), let frameHeight = bytes.u32be(payload + 8) {
                    let area = frameWidth.multipliedReportingOverflow(by: frameHeight)
                    largestFrame = max(largestFrame, area.overflow ? Int.max : area.partialValue)
                }
            case "eXIf" where orientation == nil:
                orientation = exifBlockOrientation(bytes, start: payload, end: min(payload + length, bytes.count))
            case "IDAT":
                seenImageData = true
            case "IEND":
                guard seenImageData else { throw .undecodable("the PNG has no image data") }
            default:
                break
            }
            if type == "IEND" { break }
            // A chunk longer than the bytes at hand ends the walk (and keeps the sum from overflowing).
            guard length <= bytes.count - offset else { break }
            offset += 12 + length
        }
        let frames = declaredFrames.flatMap { (1...maximum).contains($0) ? $0 : nil }
        let isAnimated = frames != nil
        let resolved = isAnimated ? 1 : orientation ?? 1
        let swapped = (5...8).contains(resolved)
        return ImageInfo(
            format: .png, width: swapped ? height : width, height: swapped ? width : height, orientation: resolved,
            isAnimated: isAnimated, frameCount: frames ?? 1, largestFramePixels: isAnimated ? largestFrame : 0)
    }
}
