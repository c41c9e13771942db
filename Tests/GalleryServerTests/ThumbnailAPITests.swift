import Foundation
import GRDB
import GalleryCore
import GalleryStoreSQL
import HTTPTypes
import HummingbirdTesting
import MediaProbe
import NIOCore
import TestSupport
import Testing
import Thumbnails
@testable import GalleryStoreSQLite

/// The thumbnail part of an item.
private struct ThumbnailsJSON: Decodable {
    struct Thumbnail: Decodable, Equatable {
        var width: Int
        var url: String
    }

    var state: String
    var thumbnails: [Thumbnail]
}

extension TestClientProtocol {
    /// Drops one PNG file and uploads it; returns the item id.
    fileprivate func dropAndUpload(_ png: Data) async throws -> String {
        let gallery = try await firstGalleryID()
        let payload = #"{"files":[{"name":"big.png","type":"image/png","size":\#(png.count)}]}"#
        let upload = try #require(try await drop(payload: payload, into: gallery).uploads.first)
        let response = try await execute(
            uri: upload.uploadURL, method: .put, headers: [.contentType: "application/octet-stream"],
            body: ByteBuffer(bytes: png))
        #expect(response.status == .ok)
        return upload.itemId
    }

    /// The item's thumbnails, once `count` of them exist (they are made in the background), or after ~20 s.
    fileprivate func thumbnails(of id: String, count: Int) async throws -> ThumbnailsJSON {
        var item: ThumbnailsJSON = try await call(.get, "/api/items/\(id)")
        for _ in 0..<200 where item.thumbnails.count < count {
            try await Task.sleep(for: .milliseconds(100))
            item = try await call(.get, "/api/items/\(id)")
        }
        return item
    }
}

@Suite("Thumbnails over HTTP")
struct ThumbnailAPITests {
    @Test(
        "An uploaded image gets thumbnails, served as immutable WebP",
        .enabled(if: Thumbnailer.isAvailable, "libvips is not installed (apt install libvips42)"))
    func anUploadedImageGetsThumbnails() async throws {
        let png = PNGBuilder.make(width: 1200, height: 600)
        try await testApplication { client in
            let id = try await client.dropAndUpload(png)
            let item = try await client.thumbnails(of: id, count: 3)
            #expect(item.state == "ready")
            #expect(item.thumbnails.map(\.width) == [256, 512, 1024])
            let first = try #require(item.thumbnails.first)
            #expect(first.url.hasPrefix("/media/thumbnails/"))
            #expect(first.url.hasSuffix("-256.webp"))

            let response = try await client.send(.get, first.url)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "image/webp")
            #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect(response.headers[.init("X-Content-Type-Options")!] == "nosniff")
            #expect(response.headers[.contentSecurityPolicy]?.contains("sandbox") == true)
            #expect(Array(response.bytes.prefix(4)) == Array("RIFF".utf8))
            #expect(Array(response.bytes.dropFirst(8).prefix(4)) == Array("WEBP".utf8))

            let etag = try #require(response.headers[.eTag])
            let again = try await client.execute(uri: first.url, method: .get, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
        }
    }

    @Test(
        "An image wider than 2048 pixels gets both display copies: 1280 wide for a laptop's window, 2048 for larger screens",
        .enabled(if: Thumbnailer.isAvailable, "libvips is not installed (apt install libvips42)"))
    func aWideImageGetsBothDisplayCopies() async throws {
        try await testApplication { client in
            let id = try await client.dropAndUpload(PNGBuilder.make(width: 2400, height: 1200))
            let item = try await client.thumbnails(of: id, count: 5)
            #expect(item.thumbnails.map(\.width) == [256, 512, 1024, 1280, 2048])
            let display = try #require(item.thumbnails.first { $0.width == 1280 })
            #expect(display.url.hasSuffix("-1280.webp"))
            let served = try await client.send(.get, display.url)
            #expect(served.status == .ok)
            let info = try ImageProbe.probe(Data(buffer: served.body))
            #expect(info.width == 1280 && info.height == 640)
        }
    }

    @Test(
        "Thumbnails are recorded with the image; one stored before they were gets them made and recorded at the next start",
        .enabled(if: Thumbnailer.isAvailable, "libvips is not installed (apt install libvips42)"))
    func thumbnailsAreRecordedAndBackfilledAtStart() async throws {
        try await withTemporaryFolder { folder in
            try await testApplication(dataDirectory: folder, web: FakeWeb()) { client in
                let dropped = try await client.dropAndUpload(PNGBuilder.make(width: 1200, height: 600))
                #expect(try await client.thumbnails(of: dropped, count: 3).thumbnails.map(\.width) == [256, 512, 1024])
            }
            let database = folder.appendingPathComponent("gallery.sqlite").path
            let (id, hash) = try await {
                let store = SQLGalleryStore(database: try AppDatabase.open(atPath: database))
                let item = try #require(
                    try await store.items(in: try await store.firstGallery().id, from: .after(nil), limit: 1).items
                        .first)
                return (item.id, try #require(item.blobHash))
            }()
            do {
                let store = SQLGalleryStore(database: try AppDatabase.open(atPath: database))
                #expect(try await store.storedImage(hash: hash)?.thumbnailWidths == [256, 512, 1024])
                #expect(try await store.item(id).thumbnailWidths == [256, 512, 1024])
            }
            // As an image stored before thumbnails were recorded (or before libvips was installed): no record, no files.
            try await AppDatabase.open(atPath: database).writer.write { db in
                try db.execute(sql: "UPDATE blob SET thumbnailWidths = NULL")
            }
            let thumbnails = folder.appendingPathComponent("images/thumbnails")
            for name in try FileManager.default.contentsOfDirectory(atPath: thumbnails.path) {
                try FileManager.default.removeItem(at: thumbnails.appendingPathComponent(name))
            }
            try await testApplication(dataDirectory: folder, web: FakeWeb()) { client in
                let item = try await client.thumbnails(of: id.rawValue, count: 3)
                #expect(item.thumbnails.map(\.width) == [256, 512, 1024])
                #expect(try await client.send(.get, try #require(item.thumbnails.first).url).status == .ok)
            }
            let store = SQLGalleryStore(database: try AppDatabase.open(atPath: database))
            #expect(try await store.imagesWithoutRecordedThumbnails(limit: 10).isEmpty)
            #expect(try await store.storedImage(hash: hash)?.thumbnailWidths == [256, 512, 1024])
        }
    }

    @Test(
        "A small image gets no thumbnails",
        .enabled(if: Thumbnailer.isAvailable, "libvips is not installed (apt install libvips42)"))
    func aSmallImageGetsNone() async throws {
        try await testApplication { client in
            let id = try await client.dropAndUpload(PNGBuilder.make(width: 200, height: 100))
            try await Task.sleep(for: .milliseconds(300))
            let item: ThumbnailsJSON = try await client.call(.get, "/api/items/\(id)")
            #expect(item.state == "ready")
            #expect(item.thumbnails.isEmpty)
        }
    }

    @Test(
        "Without libvips an image is ready with no thumbnails",
        .enabled(if: !Thumbnailer.isAvailable, "libvips is installed"))
    func withoutLibvipsThereAreNone() async throws {
        try await testApplication { client in
            let id = try await client.dropAndUpload(PNGBuilder.make(width: 600, height: 300))
            let item: ThumbnailsJSON = try await client.call(.get, "/api/items/\(id)")
            #expect(item.state == "ready")
            #expect(item.thumbnails.isEmpty)
        }
    }

    @Test(
        "Only well-formed thumbnail names are served",
        arguments: [
            "x.webp", "\(String(repeating: "a", count: 64))-300.webp", "\(String(repeating: "a", count: 64))-256.png",
            "\(String(repeating: "a", count: 64))-0256.webp", "\(String(repeating: "a", count: 64))-256.webp",
            "..%2F..%2Fgallery.sqlite", "\(String(repeating: "A", count: 64))-256.webp",
        ])
    func malformedNamesAreNotFound(name: String) async throws {
        try await testApplication { client in
            let response = try await client.send(.get, "/media/thumbnails/\(name)")
            // A path with dots is refused before routing (400); every other name is not found.
            #expect([.notFound, .badRequest].contains(response.status))
            #expect(response.headers[.contentType] != "image/webp")
        }
    }
}
