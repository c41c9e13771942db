/// A difference hash ("dHash"): the image squeezed to 9 × 8 grey pixels, one bit for each pixel and its right
/// neighbour, set when the left one is brighter. Re-encoding, resizing or a slight change of colour moves few bits;
/// another picture differs in about half of the 64. Pure arithmetic on the samples libvips made.
public enum DifferenceHash {
    /// The pixels a hash is made from.
    public static let width = 9
    /// The rows a hash is made from.
    public static let height = 8

    /// The hash of `samples`: `width` × `height` pixels row by row, `bands` samples a pixel (1: grey, 2: grey and
    /// alpha, 3: RGB, 4: RGBA; alpha is ignored), in any scale. Bit 63 is the first row's first pair. Nil when the
    /// counts do not match.
    public static func hash(samples: [Float], bands: Int) -> UInt64? {
        guard (1...4).contains(bands), samples.count == width * height * bands else { return nil }
        let grey = (0..<(width * height)).map { pixel in luminance(samples, at: pixel * bands, bands: bands) }
        var bits: UInt64 = 0
        for row in 0..<height {
            for column in 0..<(width - 1) {
                let left = grey[row * width + column]
                let right = grey[row * width + column + 1]
                bits = bits << 1 | (left > right ? 1 : 0)
            }
        }
        return bits
    }

    /// The brightness of one pixel (Rec. 601 weights for colour).
    private static func luminance(_ samples: [Float], at start: Int, bands: Int) -> Float {
        guard bands >= 3 else { return samples[start] }
        return 0.299 * samples[start] + 0.587 * samples[start + 1] + 0.114 * samples[start + 2]
    }
}
