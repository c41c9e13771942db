import Foundation
import TestSupport
import Testing
import Thumbnails

/// Thumbnails are upright whatever format carries the orientation (issue 30). Each fixture stores the `quadrants`
/// picture of make-images.py turned, with the orientation that turns it back.
@Suite("Upright thumbnails with libvips")
struct ThumbnailerOrientationTests {
    @Test(
        .enabled(
            if: Thumbnailer.isAvailable && DecodedImage.isAvailable,
            "libvips and its vips command are not installed (apt install libvips-tools)"),
        arguments: [
            "webp-orientation-6.webp", "webp-orientation-6-exif-prefix.webp", "png-orientation-6.png",
            "jpeg-orientation-6.jpg", "tiff-orientation-6.tif", "heic-irot-90.heic",
        ])
    func thumbnailsAreUpright(name: String) throws {
        let thumbnail = try Thumbnailer.makeThumbnail(of: try Fixture.data(name), width: 256)
        #expect(thumbnail.height > thumbnail.width)
        #expect(try DecodedImage(thumbnail.data).showsUprightQuadrants)
    }
}
