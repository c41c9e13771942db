import Foundation
import TestSupport
import Testing
import Thumbnails

@Suite("Thumbnails with libvips")
struct ThumbnailerTests {
    @Test(
        "A large PNG becomes a WebP of the asked width, its aspect ratio kept",
        .enabled(if: Thumbnailer.isAvailable, "libvips is not installed (apt install libvips42)"))
    func aLargePNGBecomesASmallerWebP() throws {
        let png = PNGBuilder.make(width: 2000, height: 1000)
        let thumbnail = try Thumbnailer.makeThumbnail(of: png, width: 512)
        #expect(thumbnail.width == 512)
        #expect(thumbnail.height == 256)
        #expect(thumbnail.mimeType == "image/webp")
        let bytes = [UInt8](thumbnail.data)
        #expect(bytes.count > 12)
        #expect(Array(bytes.prefix(4)) == Array("RIFF".utf8))
        #expect(Array(bytes.dropFirst(8).prefix(4)) == Array("WEBP".utf8))
    }

    @Test(
        "A small image is not enlarged",
        .enabled(if: Thumbnailer.isAvailable, "libvips is not installed (apt install libvips42)"))
    func aSmallImageIsNotEnlarged() throws {
        let thumbnail = try Thumbnailer.makeThumbnail(of: PNGBuilder.make(width: 100, height: 50), width: 512)
        #expect(thumbnail.width == 100)
        #expect(thumbnail.height == 50)
    }

    @Test(
        "Bytes that are no image fail without a crash",
        .enabled(if: Thumbnailer.isAvailable, "libvips is not installed (apt install libvips42)"))
    func randomBytesFail() {
        var generator = SystemRandomNumberGenerator()
        let noise = Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) })
        #expect {
            try Thumbnailer.makeThumbnail(of: noise, width: 256)
        } throws: { error in
            guard case .failed(let message) = error as? Thumbnailer.Error else { return false }
            return !message.isEmpty
        }
    }

    @Test(
        "A PNG cut short fails without a crash",
        .enabled(if: Thumbnailer.isAvailable, "libvips is not installed (apt install libvips42)"))
    func aTruncatedImageDoesNotCrash() {
        let png = PNGBuilder.make(width: 300, height: 300)
        // A truncated file may fail or give a partial image; either way, no crash.
        _ = try? Thumbnailer.makeThumbnail(of: png.prefix(png.count / 3), width: 256)
    }

    @Test(
        "Without libvips, making a thumbnail throws unavailable",
        .enabled(if: !Thumbnailer.isAvailable, "libvips is installed, so thumbnails are available"))
    func withoutLibvipsThereAreNoThumbnails() {
        #expect(throws: Thumbnailer.Error.unavailable) {
            try Thumbnailer.makeThumbnail(of: PNGBuilder.make(width: 2, height: 2), width: 256)
        }
    }
}
