import Foundation
import TestSupport
import Testing
import Thumbnails

/// A TIFF's thumbnails show its first page, in 8-bit samples as Pillow shows them (issue 30).
@Suite("TIFF thumbnails with libvips")
struct ThumbnailerTIFFTests {
    static let canLook = Thumbnailer.isAvailable && DecodedImage.isAvailable

    @Test(
        "Of two pages of the same size, the first is shown",
        .enabled(if: canLook, "libvips and its vips command are not installed (apt install libvips-tools)"))
    func theFirstOfTwoPagesIsShown() throws {
        let copy = try Thumbnailer.makeThumbnail(of: try Fixture.data("tiff-two-pages.tif"), width: 10)
        let image = try DecodedImage(copy.data)
        #expect(image.width == 10)
        #expect(image.looks(DecodedImage.quadrantColors.topRight, atX: 0.5, y: 0.5), "green, not the red page two")
    }

    @Test(
        "A second page half the size of the first is no smaller copy of it: every thumbnail shows the first page",
        .enabled(if: canLook, "libvips and its vips command are not installed (apt install libvips-tools)"))
    func aHalfSizeSecondPageIsNotUsedForThumbnails() throws {
        let tiff = try Fixture.data("tiff-two-pages-halving.tif")
        for thumbnail in try Thumbnailer.makeThumbnails(of: tiff, widths: [600, 512, 256]) {
            #expect(try DecodedImage(thumbnail.data).showsUprightQuadrants, "\(thumbnail.width) wide")
        }
    }

    @Test(
        "8-bit samples labelled signed are shown as Pillow shows them",
        .enabled(if: canLook, "libvips and its vips command are not installed (apt install libvips-tools)"))
    func signedEightBitSamplesAreShownAsStored() throws {
        let image = try DecodedImage(
            try Thumbnailer.makeThumbnail(of: try Fixture.data("tiff-signed-8-bit.tif"), width: 16).data)
        #expect(image.looks([200, 200, 200], atX: 0.5, y: 0.2, tolerance: 12))
        #expect(image.looks([40, 40, 40], atX: 0.5, y: 0.8, tolerance: 12))
    }

    @Test(
        "32-bit greyscale holding 16-bit values is a ramp from black to white, not white",
        .enabled(if: canLook, "libvips and its vips command are not installed (apt install libvips-tools)"))
    func thirtyTwoBitGreyIsScaled() throws {
        let image = try DecodedImage(
            try Thumbnailer.makeThumbnail(of: try Fixture.data("tiff-32-bit-grey.tif"), width: 16).data)
        #expect(image.looks([0, 0, 0], atX: 0.5, y: 0.01, tolerance: 12))
        #expect(image.looks([255, 255, 255], atX: 0.5, y: 0.99, tolerance: 12))
        #expect(image.looks([119, 119, 119], atX: 0.5, y: 0.45, tolerance: 20))
    }

    @Test(
        "A BigTIFF is read",
        .enabled(if: Thumbnailer.isAvailable, "libvips is not installed (apt install libvips42)"))
    func aBigTIFFIsRead() throws {
        #expect(try Thumbnailer.makeThumbnail(of: try Fixture.data("bigtiff.tif"), width: 16).width == 16)
    }
}
