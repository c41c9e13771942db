/// A stored image's 64-bit perceptual hash (a difference hash made with its thumbnails) and the arithmetic that finds
/// near ones: the Hamming distance, and the bands of the multi-index that stores look near hashes up by.
///
/// The index splits a hash into four 16-bit bands. Two hashes at most `d` bits apart differ in at most `d / 4` bits
/// of at least one band (were every band 1 + d / 4 bits apart, they would be more than `d` apart), so the hashes
/// within `d` are among those sharing one band with one of ``probes(within:)``'s values: few lookups, then an exact
/// count of the bits of each candidate.
public struct PerceptualHash: Sendable, Hashable {
    /// The 64 bits.
    public var bits: UInt64

    /// The bands of the index.
    public static let bandCount = 4
    /// The bits of a band.
    public static let bandWidth = 16
    /// The largest distance "Find similar" answers: about one bit in six.
    public static let similarDistance = 11
    /// The largest distance at which two images are the same picture (re-encoded, resized): "Also in".
    public static let sameImageDistance = 4

    /// Makes a value.
    public init(bits: UInt64) { self.bits = bits }

    /// The hash as a database keeps it: the same 64 bits as a signed integer.
    public init(stored: Int64) { bits = UInt64(bitPattern: stored) }

    /// The same 64 bits as a signed integer (both engines keep 64-bit signed integers).
    public var stored: Int64 { Int64(bitPattern: bits) }

    /// How many bits differ.
    public func distance(to other: PerceptualHash) -> Int { (bits ^ other.bits).nonzeroBitCount }

    /// Band `index` (0 is the highest 16 bits), 0...65,535.
    public func band(_ index: Int) -> Int {
        Int((bits >> UInt64((Self.bandCount - 1 - index) * Self.bandWidth)) & 0xFFFF)
    }

    /// For each band, every value within `distance / 4` bits of this hash's band there: a hash within `distance` of
    /// this one has one of these in its band (see the type's comment).
    public func probes(within distance: Int) -> [[Int]] {
        let radius = max(0, distance) / Self.bandCount
        return (0..<Self.bandCount).map { index in Self.values(near: band(index), radius: radius) }
    }

    /// Every 16-bit value within `radius` bits of `value` (`value` first).
    static func values(near value: Int, radius: Int) -> [Int] {
        var found = [value]
        var frontier = [(value: value, lowestFlip: Self.bandWidth)]
        for _ in 0..<min(radius, Self.bandWidth) {
            // Each value is reached once: bits are flipped from the highest down, each below the last one flipped.
            frontier = frontier.flatMap { entry in
                (0..<entry.lowestFlip).map { bit in (value: entry.value ^ (1 << bit), lowestFlip: bit) }
            }
            found += frontier.map(\.value)
        }
        return found
    }
}

/// An item like another's image, with its gallery's name and how far its image is from the other's.
public struct SimilarItem: Sendable, Equatable {
    /// The item.
    public var item: Item
    /// The name of its gallery.
    public var galleryName: String
    /// How many of the 64 bits of its image's perceptual hash differ (0: the same bytes, or the same picture).
    public var distance: Int

    /// Makes a value.
    public init(item: Item, galleryName: String, distance: Int) {
        self.item = item
        self.galleryName = galleryName
        self.distance = distance
    }
}
