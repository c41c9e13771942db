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
        "Several widths from one decode come in the order asked, each as wide as asked or as the image",
        .enabled(if: Thumbnailer.isAvailable, "libvips is not installed (apt install libvips42)"))
    func severalWidthsComeFromOneCall() throws {
        let png = PNGBuilder.make(width: 1500, height: 1000)
        let thumbnails = try Thumbnailer.makeThumbnails(of: png, widths: [256, 2048, 1024, 512])
        #expect(thumbnails.map(\.width) == [256, 1500, 1024, 512])
        #expect(thumbnails.map(\.height) == [171, 1000, 683, 341])
        for thumbnail in thumbnails {
            #expect(Array(thumbnail.data.dropFirst(8).prefix(4)) == Array("WEBP".utf8))
        }
        // The same as one width at a time, in size.
        #expect(try Thumbnailer.makeThumbnail(of: png, width: 512).height == 341)
    }

    @Test(
        "Thumbnails made on several threads at once are all made",
        .enabled(if: Thumbnailer.isAvailable, "libvips is not installed (apt install libvips42)"))
    func thumbnailsAreMadeOnSeveralThreadsAtOnce() async throws {
        let images = (0..<8).map { PNGBuilder.make(width: 600 + 10 * $0, height: 400) }
        let widths = try await withThrowingTaskGroup(of: [Int].self) { group in
            for image in images {
                group.addTask { try Thumbnailer.makeThumbnails(of: image, widths: [512, 256]).map(\.width) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(widths.count == 8 && widths.allSatisfy { $0 == [512, 256] })
    }

    @Test(
        "Bytes that are no image fail for every width, with no half-made result",
        .enabled(if: Thumbnailer.isAvailable, "libvips is not installed (apt install libvips42)"))
    func noImageFailsForEveryWidth() {
        #expect(throws: Thumbnailer.Error.self) {
            try Thumbnailer.makeThumbnails(of: Data("not an image".utf8), widths: [1024, 256])
        }
        #expect(throws: Thumbnailer.Error.self) {
            try Thumbnailer.makeThumbnails(of: PNGBuilder.make(width: 10, height: 10), widths: [])
        }
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
