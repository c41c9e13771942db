import Foundation
import HummingbirdTesting
import TestSupport
import Testing
import Thumbnails

/// TIFFs shown as Pillow and libvips read them (issue 30): page one of several, samples other than 8-bit unsigned,
/// BigTIFF; and a gallery whose first item is a TIFF has a cover browsers show. (Named "Thumbnail…" so that CI runs it
/// with libvips and again without.)
@Suite("Thumbnails of a TIFF's first page")
struct ThumbnailFirstPageAPITests {
    static let canLook = Thumbnailer.isAvailable && DecodedImage.isAvailable

    @Test(.enabled(if: canLook, "libvips and its vips command are not installed (apt install libvips-tools)"))
    func aTwoPageTIFFShowsItsFirstPage() async throws {
        try await testApplication { client in
            let item = try await client.dropFixture("tiff-two-pages.tif", type: "image/tiff")
            #expect(item.state == "ready")
            let copy = try await client.decodedImage(at: try #require(item.imageURL))
            #expect(copy.looks(DecodedImage.quadrantColors.topRight, atX: 0.5, y: 0.5), "green, not the red page two")
        }
    }

    @Test(.enabled(if: canLook, "libvips and its vips command are not installed (apt install libvips-tools)"))
    func aSecondPageHalfTheSizeIsNotShownForTheFirst() async throws {
        try await testApplication { client in
            let item = try await client.dropFixture("tiff-two-pages-halving.tif", type: "image/tiff")
            #expect(item.state == "ready")
            #expect(item.width == 600 && item.height == 400)
            #expect(item.thumbnails.map(\.width) == [256, 512])
            for url in [try #require(item.imageURL)] + item.thumbnails.map(\.url) {
                #expect(try await client.decodedImage(at: url).showsUprightQuadrants, "\(url)")
            }
        }
    }

    @Test(.enabled(if: canLook, "libvips and its vips command are not installed (apt install libvips-tools)"))
    func samplesOtherThanEightBitUnsignedAreShownAsPillowShowsThem() async throws {
        try await testApplication { client in
            let signed = try await client.dropFixture("tiff-signed-8-bit.tif", type: "image/tiff")
            let stored = try await client.decodedImage(at: try #require(signed.imageURL))
            #expect(stored.looks([200, 200, 200], atX: 0.5, y: 0.2, tolerance: 12))
            #expect(stored.looks([40, 40, 40], atX: 0.5, y: 0.8, tolerance: 12))
            let wide = try await client.dropFixture("tiff-32-bit-grey.tif", type: "image/tiff")
            let ramp = try await client.decodedImage(at: try #require(wide.imageURL))
            #expect(ramp.looks([0, 0, 0], atX: 0.5, y: 0.01, tolerance: 12))
            #expect(ramp.looks([255, 255, 255], atX: 0.5, y: 0.99, tolerance: 12))
        }
    }

    @Test(.enabled(if: Thumbnailer.isAvailable, "libvips is not installed (apt install libvips42)"))
    func aBigTIFFIsTaken() async throws {
        try await testApplication { client in
            let item = try await client.dropFixture("bigtiff.tif", type: "image/tiff")
            #expect(item.state == "ready")
            #expect(item.width == 16 && item.height == 16)
        }
    }

    @Test(.enabled(if: Thumbnailer.isAvailable, "libvips is not installed (apt install libvips42)"))
    func aGalleryWhoseFirstItemIsATIFFHasACoverBrowsersShow() async throws {
        try await testApplication { client in
            let item = try await client.dropFixture("tiff-two-pages.tif", type: "image/tiff")
            let gallery = try await client.gallery(try await client.firstGalleryID())
            let cover = try #require(gallery.cover)
            #expect(cover.itemId == item.id)
            #expect(cover.imageURL == item.imageURL)
            let shown = try await client.send(.get, cover.imageURL)
            #expect(shown.status == .ok)
            #expect(shown.headers[.contentType] == "image/webp")
        }
    }
}
