import Foundation
import HummingbirdTesting
import TestSupport
import Testing
import Thumbnails

/// EXIF orientation in every format that carries one (issue 30): the size the server tells, the thumbnails and the
/// copy the page shows are upright. Each fixture stores make-images.py's `quadrants` (red, green / blue, white) turned.
/// (Named "Thumbnail…" so that CI runs it with libvips and again without.)
@Suite("Thumbnails and sizes upright")
struct ThumbnailOrientationAPITests {
    static let canLook = Thumbnailer.isAvailable && DecodedImage.isAvailable

    /// (file, type, whether the page is shown a display copy rather than the original).
    static let turned: [(String, String, Bool)] = [
        ("webp-orientation-6.webp", "image/webp", true), ("webp-orientation-6-exif-prefix.webp", "image/webp", true),
        ("png-orientation-6.png", "image/png", true), ("jpeg-orientation-6.jpg", "image/jpeg", false),
        ("tiff-orientation-6.tif", "image/tiff", true),
    ]

    @Test(
        .enabled(if: canLook, "libvips and its vips command are not installed (apt install libvips-tools)"),
        arguments: turned)
    func aTurnedPictureIsToldAndShownUpright(name: String, type: String, throughACopy: Bool) async throws {
        try await testApplication { client in
            let item = try await client.dropFixture(name, type: type)
            #expect(item.state == "ready")
            #expect(item.width == 400 && item.height == 600)
            #expect(item.thumbnails.map(\.width) == [256])
            let thumbnail = try await client.decodedImage(at: try #require(item.thumbnails.first).url)
            #expect(thumbnail.width == 256 && thumbnail.height == 384)
            #expect(thumbnail.showsUprightQuadrants)
            let shown = try #require(item.imageURL)
            #expect(shown.hasPrefix("/media/display/") == throughACopy)
            if throughACopy {
                let copy = try await client.decodedImage(at: shown)
                #expect(copy.width == 400 && copy.height == 600)
                #expect(copy.showsUprightQuadrants)
                #expect(try #require(item.originalURL).hasPrefix("/media/"))
            }
        }
    }

    @Test(.enabled(if: canLook, "libvips and its vips command are not installed (apt install libvips-tools)"))
    func aSmallTurnedWebPHasNoThumbnailButAnUprightCopy() async throws {
        try await testApplication { client in
            let item = try await client.dropFixture("webp-orientation-6-small.webp", type: "image/webp")
            #expect(item.state == "ready")
            #expect(item.width == 40 && item.height == 60)
            #expect(item.thumbnails.isEmpty)
            let copy = try await client.decodedImage(at: try #require(item.imageURL))
            #expect(copy.width == 40 && copy.height == 60)
            #expect(copy.showsUprightQuadrants)
        }
    }

    @Test(.enabled(if: canLook, "libvips and its vips command are not installed (apt install libvips-tools)"))
    func aHEICTurnedByIrotIsShownUpright() async throws {
        try await testApplication { client in
            let item = try await client.dropFixture("heic-irot-90.heic", type: "image/heic")
            #expect(item.state == "ready")
            #expect(item.width == 40 && item.height == 60)
            let copy = try await client.decodedImage(at: try #require(item.imageURL))
            #expect(copy.width == 40 && copy.height == 60)
            #expect(copy.showsUprightQuadrants)
        }
    }

    @Test(
        .enabled(if: !Thumbnailer.isAvailable, "libvips is installed"),
        arguments: ["webp-orientation-6.webp", "png-orientation-6.png", "jpeg-orientation-6.jpg"])
    func withoutLibvipsTheUprightSizeIsToldAndTheOriginalShown(name: String) async throws {
        let type = name.hasSuffix(".webp") ? "image/webp" : name.hasSuffix(".png") ? "image/png" : "image/jpeg"
        try await testApplication { client in
            let item = try await client.dropFixture(name, type: type)
            #expect(item.state == "ready")
            #expect(item.width == 400 && item.height == 600)
            #expect(item.thumbnails.isEmpty)
            #expect(item.originalURL == nil)
        }
    }
}
