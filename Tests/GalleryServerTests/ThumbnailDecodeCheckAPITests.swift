import Foundation
import HummingbirdTesting
import TestSupport
import Testing
import Thumbnails

/// The check before "ready" (issue 30): an image is ready only when libvips decoded it, or, without libvips, when its
/// whole header shows every frame within the pixel limit; otherwise it fails saying why. (Named "Thumbnail…" so that CI
/// runs it with libvips and again without.)
@Suite("Thumbnail decode check before ready")
struct ThumbnailDecodeCheckAPITests {
    @Test(arguments: [
        ("apng-no-image-data.png", "image/png", "The image cannot be decoded: the PNG has no image data"),
        ("bmp-bad-bit-count.bmp", "image/bmp", "The image cannot be decoded: the BMP declares 30000 bits per pixel"),
        (
            "bmp-holding-jpeg.bmp", "image/bmp",
            "The image cannot be decoded: a BMP holding a JPEG image, which browsers do not show"
        ),
        (
            "bmp-holding-png.bmp", "image/bmp",
            "The image cannot be decoded: a BMP holding a PNG image, which browsers do not show"
        ),
    ])
    func whatTheHeaderShowsNoDecoderDrawsFailsSayingWhy(name: String, type: String, message: String) async throws {
        try await testApplication { client in
            let item = try await client.dropFixture(name, type: type)
            #expect(item.state == "failed")
            #expect(item.failure?.code == "undecodable")
            #expect(item.failure?.message == message)
        }
    }

    @Test func aGIFFrameFarLargerThanItsScreenIsTooManyPixels() async throws {
        try await testApplication { client in
            let item = try await client.dropFixture("gif-frame-larger-than-screen.gif", type: "image/gif")
            #expect(item.state == "failed")
            #expect(item.failure?.code == "too-many-pixels")
        }
    }

    @Test func anAPNGDeclaringAnImpossibleFrameCountIsAStillImage() async throws {
        try await testApplication { client in
            let item = try await client.dropFixture("apng-invalid-frame-count.png", type: "image/png")
            #expect(item.state == "ready")
            #expect(item.width == 32 && item.height == 16)
        }
    }

    @Test(
        .enabled(if: Thumbnailer.isAvailable, "libvips is not installed (apt install libvips42)"),
        arguments: ["png-broken-data.png", "png-broken-data-wide.png"])
    func withLibvipsAnImageWhoseDataDoesNotDecodeFailsWithTheDecodersReason(name: String) async throws {
        try await testApplication { client in
            let item = try await client.dropFixture(name, type: "image/png")
            #expect(item.state == "failed")
            #expect(item.failure?.code == "undecodable")
            #expect(item.failure?.message == "The image cannot be decoded: its compressed image data is damaged")
            #expect(item.thumbnails.isEmpty)
        }
    }

    @Test(.enabled(if: Thumbnailer.isAvailable, "libvips is not installed (apt install libvips42)"))
    func withLibvipsASmallWholeImageIsDecodedAndReady() async throws {
        let png = PNGBuilder.make(width: 40, height: 30)
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let drop = try await client.drop(payload: filePayload(size: png.count), into: gallery)
            let item: ShownImageJSON = try await client.upload(png, to: try #require(drop.uploads.first).uploadURL)
                .decoded()
            #expect(item.state == "ready")
            #expect(item.thumbnails.isEmpty)
        }
    }

    @Test(
        .enabled(if: !Thumbnailer.isAvailable, "libvips is installed"),
        arguments: ["png-broken-data.png", "png-broken-data-wide.png"])
    func withoutLibvipsTheHeaderCheckDecides(name: String) async throws {
        // Nothing can decode it here: its header is whole and within the limits, so it is taken as it is.
        try await testApplication { client in
            let item = try await client.dropFixture(name, type: "image/png")
            #expect(item.state == "ready")
        }
    }
}
