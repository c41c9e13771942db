import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing
import Thumbnails

/// TIFF and HEIC: kept as they are, shown through a WebP copy when libvips reads them, refused without libvips. (Named
/// "Thumbnail…" so that CI runs it with libvips and again without.)
@Suite("TIFF and HEIC images")
struct ThumbnailStillImageAPITests {
    @Test(
        .enabled(if: Thumbnailer.isAvailable, "libvips is not installed (apt install libvips42)"),
        arguments: [("photo.tif", "image/tiff", "tiff"), ("photo.heic", "image/heic", "heic")])
    func theyAreKeptAndShownThroughACopyBrowsersShow(name: String, mimeType: String, fileExtension: String)
        async throws
    {
        let bytes = try Fixture.data(name)
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let drop = try await client.drop(
                payload: filePayload(name: name, type: mimeType, size: bytes.count), into: gallery)
            let upload = try #require(drop.uploads.first)
            let item: ItemJSON = try await client.upload(bytes, to: upload.uploadURL).decoded()
            #expect(item.state == "ready")
            #expect(item.kind == "image")
            #expect(item.mimeType == mimeType)
            #expect(item.width == 40)
            #expect(item.height == 30)
            let original = try #require(item.originalURL)
            #expect(original.hasSuffix(".\(fileExtension)"))
            let kept = try await client.send(.get, original)
            #expect(Data(buffer: kept.body) == bytes)
            let shown = try #require(item.imageURL)
            let copy = try await client.send(.get, shown)
            #expect(copy.status == .ok)
            #expect(copy.headers[.contentType] == "image/webp")
            #expect(Data(buffer: copy.body).prefix(4) == Data("RIFF".utf8))
        }
    }

    @Test(.enabled(if: !Thumbnailer.isAvailable, "libvips is installed"))
    func withoutLibvipsTheyAreRefusedAsUnsupported() async throws {
        let bytes = try Fixture.data("photo.tif")
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let drop = try await client.drop(
                payload: filePayload(name: "photo.tif", type: "image/tiff", size: bytes.count), into: gallery)
            let upload = try #require(drop.uploads.first)
            let item: ItemJSON = try await client.upload(bytes, to: upload.uploadURL).decoded()
            #expect(item.state == "failed")
            #expect(item.failure?.code == "unsupported-format")
        }
    }
}
