import Foundation
import GalleryCore
import GalleryServer
import GalleryStoreSQL
import GalleryStoreSQLite
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@Suite("Stored images over HTTP")
struct MediaAPITests {
    @Test(arguments: ["gif", "svg", "html", "jpg", "webp", "bin", "txt", "PNG", "png.html", ""])
    func aStoredPNGIsNotServedUnderAnotherExtension(ext: String) async throws {
        let web = FakeWeb(["http://site.test/a.png": .bytes(PNGBuilder.make(width: 4, height: 3))])
        try await testApplication(web: web) { client in
            let gallery = try await client.firstGalleryID()
            let dropped = try await client.drop(urls: ["http://site.test/a.png"], into: gallery).items[0]
            let imageURL = try #require(try await client.settled(dropped.id).imageURL)
            #expect(imageURL.hasSuffix(".png"))
            let stem = imageURL.dropLast(".png".count)

            let response = try await client.send(.get, ext.isEmpty ? String(stem) : "\(stem).\(ext)")
            #expect(response.status == .notFound)
            #expect(response.headers[.contentType]?.hasPrefix("image/") != true)
        }
    }

    @Test func aStoredPNGIsServedAsPNGUnderItsOwnURL() async throws {
        let png = PNGBuilder.make(width: 4, height: 3)
        let web = FakeWeb(["http://site.test/a.png": .bytes(png)])
        try await testApplication(web: web) { client in
            let gallery = try await client.firstGalleryID()
            let dropped = try await client.drop(urls: ["http://site.test/a.png"], into: gallery).items[0]
            let imageURL = try #require(try await client.settled(dropped.id).imageURL)

            let response = try await client.send(.get, imageURL)
            #expect(response.status == .ok)
            #expect(response.bytes == png)
            #expect(response.headers[.contentType] == "image/png")
            #expect(response.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff")
        }
    }

    @Test func aStoredFileIsServedWithItsValidatorAndInRangesOfBytes() async throws {
        let png = PNGBuilder.make(width: 40, height: 30)
        let web = FakeWeb(["http://site.test/a.png": .bytes(png)])
        try await testApplication(web: web) { client in
            let gallery = try await client.firstGalleryID()
            let dropped = try await client.drop(urls: ["http://site.test/a.png"], into: gallery).items[0]
            let imageURL = try #require(try await client.settled(dropped.id).imageURL)
            let size = png.count

            func get(_ fields: [String: String]) async throws -> TestResponse {
                var headers = HTTPFields()
                for (name, value) in fields { headers[HTTPField.Name(name)!] = value }
                return try await client.execute(uri: imageURL, method: .get, headers: headers, body: nil)
            }
            let whole = try await get([:])
            #expect(whole.status == .ok)
            #expect(whole.headers[.acceptRanges] == "bytes")
            let tag = try #require(whole.headers[.eTag])
            #expect(try await get(["If-None-Match": tag]).status == .notModified)

            let first = try await get(["Range": "bytes=0-9"])
            #expect(first.status == .partialContent)
            #expect(first.bytes == png.prefix(10))
            #expect(first.headers[.contentRange] == "bytes 0-9/\(size)")
            let middle = try await get(["Range": "bytes=10-19"])
            #expect(middle.bytes == png.subdata(in: 10..<20))
            let suffix = try await get(["Range": "bytes=-8"])
            #expect(suffix.status == .partialContent)
            #expect(suffix.bytes == png.suffix(8))
            #expect(suffix.headers[.contentRange] == "bytes \(size - 8)-\(size - 1)/\(size)")
            let beyond = try await get(["Range": "bytes=\(size)-"])
            #expect(beyond.status == .rangeNotSatisfiable)
            #expect(beyond.headers[.contentRange] == "bytes */\(size)")
            // Several ranges, or an If-Range naming another version: the whole file.
            #expect(try await get(["Range": "bytes=0-1,5-6"]).bytes == png)
            #expect(try await get(["Range": "bytes=0-9", "If-Range": "\"other\""]).status == .ok)
        }
    }

    @Test func aFileTheDatabaseDoesNotRecordIsNotServed() async throws {
        try await withTemporaryFolder { folder in
            let hash = String(repeating: "c", count: 64)
            try write(PNGBuilder.make(width: 2, height: 2), hash: hash, in: folder)
            try await testApplication(dataDirectory: folder, web: FakeWeb()) { client in
                let response = try await client.send(.get, "/media/\(hash).png")
                #expect(response.status == .notFound)
            }
        }
    }

    @Test func anImageRecordedAsSVGIsNeverServed() async throws {
        try await withTemporaryFolder { folder in
            let hash = String(repeating: "d", count: 64)
            let svg = Data(#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#.utf8)
            try write(svg, hash: hash, in: folder)
            // Through the store, as if an older server had accepted it.
            let configuration = ServerConfiguration(dataDirectory: folder, webRoot: webRoot)
            let store = SQLGalleryStore(database: try AppDatabase.open(atPath: configuration.databasePath))
            let gallery = try await store.firstGallery()
            let pending = try await store.insertPendingItems(
                [ItemDraft(origin: .upload, sourceURL: nil, title: "a.svg")], into: gallery.id, at: .end)
            let image = StoredImage(hash: hash, mimeType: "image/svg+xml", width: 10, height: 10, byteCount: 70)
            let ready = try await store.markReady(pending[0].id, image: image)
            #expect(ready?.state == .ready)

            try await testApplication(dataDirectory: folder, web: FakeWeb()) { client in
                let item = try await client.item(pending[0].id.rawValue)
                #expect(item.imageURL == "/media/\(hash).svg")
                for ext in ["svg", "png", "bin"] {
                    let response = try await client.send(.get, "/media/\(hash).\(ext)")
                    #expect(response.status == .notFound)
                    #expect(response.headers[.contentType] != "image/svg+xml")
                }
            }
        }
    }

    /// Writes bytes where the image folder keeps the file of `hash`.
    private func write(_ bytes: Data, hash: String, in dataFolder: URL) throws {
        let folder = ServerConfiguration(dataDirectory: dataFolder, webRoot: webRoot).blobDirectory
            .appendingPathComponent(String(hash.prefix(2)), isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try bytes.write(to: folder.appendingPathComponent(hash))
    }
}
