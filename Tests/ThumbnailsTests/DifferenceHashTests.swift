import Foundation
import TestSupport
import Testing
import Thumbnails

@Suite("Perceptual hashes")
struct DifferenceHashTests {
    /// Grey samples of 9 × 8 pixels from a brightness for each (column, row).
    private func grey(_ brightness: (Int, Int) -> Float) -> [Float] {
        (0..<8).flatMap { row in (0..<9).map { column in brightness(column, row) } }
    }

    @Test func aBitIsSetWhereAPixelIsBrighterThanItsRightNeighbour() {
        #expect(DifferenceHash.hash(samples: grey { column, _ in Float(9 - column) }, bands: 1) == UInt64.max)
        #expect(DifferenceHash.hash(samples: grey { column, _ in Float(column) }, bands: 1) == 0)
        // Only the first row falls to the right: its 8 bits, the highest.
        let firstRow = grey { column, row in row == 0 ? Float(9 - column) : 1 }
        #expect(DifferenceHash.hash(samples: firstRow, bands: 1) == 0xFF00_0000_0000_0000)
    }

    @Test func colourIsWeighedAsBrightnessAndAlphaIsIgnored() {
        // Green weighs more than red: a red pixel left of a green one is darker (bit clear); alpha never counts.
        let rgba = (0..<8).flatMap { _ in
            (0..<9).flatMap { column -> [Float] in column % 2 == 0 ? [255, 0, 0, 0] : [0, 255, 0, 255] }
        }
        let hash = DifferenceHash.hash(samples: rgba, bands: 4)
        // Per row: red<green (0), green>red (1), … → 0b01010101.
        #expect(hash == 0x5555_5555_5555_5555)
    }

    @Test func samplesOfTheWrongCountMakeNoHash() {
        #expect(DifferenceHash.hash(samples: [1, 2, 3], bands: 1) == nil)
        #expect(DifferenceHash.hash(samples: grey { _, _ in 0 }, bands: 5) == nil)
    }

    @Test(
        "The same photo re-encoded and resized is a few bits away; another photo about half of them",
        .enabled(if: Thumbnailer.isAvailable, "libvips is not installed (apt install libvips42)"))
    func theSamePhotoIsNearAndAnotherFar() throws {
        func hash(_ name: String) throws -> UInt64 {
            let made = try Thumbnailer.makeThumbnailsAndHash(of: try Fixture.data(name), widths: [64])
            return try #require(made.perceptualHash)
        }
        let photo = try hash("similar-hopper.jpg")
        let reencoded = try hash("similar-hopper-q50-96.jpg")
        let other = try hash("similar-flower.jpg")
        #expect((photo ^ reencoded).nonzeroBitCount <= 4)
        #expect((photo ^ other).nonzeroBitCount >= 20)
        // Hashed again from a thumbnail (as images kept before hashes are): the same picture still.
        let thumbnail = try Thumbnailer.makeThumbnail(of: try Fixture.data("similar-hopper.jpg"), width: 100)
        let fromThumbnail = try #require(Thumbnailer.perceptualHash(of: thumbnail.data))
        #expect((photo ^ fromThumbnail).nonzeroBitCount <= 4)
    }
}
