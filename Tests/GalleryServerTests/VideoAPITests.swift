import Foundation
import GalleryCore
import HTTPTypes
import HummingbirdTesting
import MediaProbe
import TestSupport
import Testing
import Thumbnails

@Suite("Videos through the API")
struct VideoAPITests {
    /// Drops one file described as `type` and uploads `bytes` for it; the item as the upload left it.
    func dropAndUpload(
        _ bytes: Data, name: String = "clip.mp4", type: String = "video/mp4", into gallery: String,
        _ client: any TestClientProtocol
    ) async throws -> ItemJSON {
        let drop = try await client.drop(
            payload: filePayload(name: name, type: type, size: bytes.count), into: gallery)
        let upload = try #require(drop.uploads.first)
        let answer = try await client.upload(bytes, to: upload.uploadURL)
        #expect(answer.status == .ok)
        return try answer.decoded()
    }

    @Test(arguments: [
        ("faststart.mp4", "video/mp4", "mp4"), ("moov-at-end.mp4", "video/mp4", "mp4"),
        ("clip.mov", "video/quicktime", "mov"), ("clip.webm", "video/webm", "webm"),
    ])
    func anUploadedVideoIsAVideoWithItsSizeAndDuration(name: String, mimeType: String, fileExtension: String)
        async throws
    {
        let bytes = try Fixture.data(name)
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let video = try await dropAndUpload(bytes, name: name, into: gallery, client)
            #expect(video.state == "ready")
            #expect(video.kind == "video")
            #expect(video.mimeType == mimeType)
            #expect(video.width == 64)
            #expect(video.height == 48)
            #expect(abs((video.durationSeconds ?? 0) - 1.5) < 0.1)
            #expect(video.imageURL == nil)
            let url = try #require(video.videoURL)
            #expect(url.hasSuffix(".\(fileExtension)"))
            let served = try await client.send(.get, url)
            #expect(served.status == .ok)
            #expect(served.headers[.contentType] == mimeType)
            #expect(served.headers[.acceptRanges] == "bytes")
            #expect(Data(buffer: served.body) == bytes)
            if PosterFrame.isAvailable {
                let poster = try #require(video.posterURL)
                let image = try await client.send(.get, poster)
                #expect(image.status == .ok)
                #expect(image.headers[.contentType] == "image/jpeg")
            } else {
                #expect(video.posterURL == nil)
            }
        }
    }

    @Test func aLinkToAVideoFileIsFetchedAsAVideo() async throws {
        let web = FakeWeb(["http://site.test/clip": .bytes(try Fixture.data("clip.webm"))])
        try await testApplication(web: web) { client in
            let gallery = try await client.firstGalleryID()
            let pending = try await client.drop(urls: ["http://site.test/clip"], into: gallery).items[0]
            let video = try await client.settled(pending.id)
            #expect(video.kind == "video")
            #expect(video.mimeType == "video/webm")
            #expect(video.sourceURL == "http://site.test/clip")
        }
    }

    @Test func aVideoIsServedInRanges() async throws {
        let bytes = try Fixture.data("faststart.mp4")
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let url = try #require(try await dropAndUpload(bytes, into: gallery, client).videoURL)
            func get(_ range: String) async throws -> TestResponse {
                try await client.execute(uri: url, method: .get, headers: [.range: range], body: nil)
            }
            let first = try await get("bytes=0-99")
            #expect(first.status == .partialContent)
            #expect(first.headers[.contentRange] == "bytes 0-99/\(bytes.count)")
            #expect(Data(buffer: first.body) == bytes.prefix(100))
            let middle = try await get("bytes=1000-1999")
            #expect(Data(buffer: middle.body) == bytes.subdata(in: 1000..<2000))
            let suffix = try await get("bytes=-500")
            #expect(Data(buffer: suffix.body) == bytes.suffix(500))
            let beyond = try await get("bytes=\(bytes.count)-")
            #expect(beyond.status == .rangeNotSatisfiable)
            #expect(beyond.headers[.contentRange] == "bytes */\(bytes.count)")
        }
    }

    @Test func aFileNamedMP4HoldingAPNGIsAnImage() async throws {
        let png = PNGBuilder.make(width: 5, height: 3)
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let item = try await dropAndUpload(png, name: "holiday.mp4", into: gallery, client)
            #expect(item.state == "ready")
            #expect(item.kind == "image")
            #expect(item.mimeType == "image/png")
        }
    }

    @Test func aTruncatedOrLyingVideoFailsAndSaysWhy() async throws {
        let whole = try Fixture.data("faststart.mp4")
        var lying = [UInt8](whole)
        // The moov box follows the ftyp box: make it claim a megabyte more than the file has.
        let moovAt = Int(UInt32(lying[0]) << 24 | UInt32(lying[1]) << 16 | UInt32(lying[2]) << 8 | UInt32(lying[3]))
        #expect(String(decoding: lying[moovAt + 4..<moovAt + 8], as: UTF8.self) == "moov")
        let claimed = UInt32(whole.count + 1_000_000)
        lying.replaceSubrange(
            moovAt..<moovAt + 4,
            with: [
                UInt8(claimed >> 24), UInt8(claimed >> 16 & 0xFF), UInt8(claimed >> 8 & 0xFF), UInt8(claimed & 0xFF),
            ])
        let lyingFile = Data(lying)
        // Cut before its header ends (its `moov` box is last); one cut after a whole header is kept
        // (VideoPlaybackAPITests).
        let moovLast = try Fixture.data("moov-at-end.mp4")
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let truncated = try await dropAndUpload(moovLast.prefix(moovLast.count / 2), into: gallery, client)
            #expect(truncated.state == "failed")
            #expect(truncated.failure?.code == "damaged-video")
            #expect(truncated.failure?.message.contains("the file ends before its header does") == true)
            let lied = try await dropAndUpload(lyingFile, into: gallery, client)
            #expect(lied.state == "failed")
            #expect(lied.failure?.message.contains("claims more bytes than the file has") == true)
            let garbage = try await dropAndUpload(
                Data([0x1A, 0x45, 0xDF, 0xA3] + [UInt8](repeating: 0xFF, count: 300)), name: "x.webm",
                type: "video/webm", into: gallery, client)
            #expect(garbage.state == "failed")
            #expect(garbage.failure?.code == "damaged-video")
        }
    }

    @Test func theVideoLimitsApply() async throws {
        let bytes = try Fixture.data("faststart.mp4")
        try await testApplication(imageLimits: ImageLimits(maximumPixels: 64 * 47)) { client in
            let gallery = try await client.firstGalleryID()
            let huge = try await dropAndUpload(bytes, into: gallery, client)
            #expect(huge.failure?.code == "too-many-pixels")
        }
        try await testApplication(imageLimits: ImageLimits(maximumBytes: 100_000, maximumVideoBytes: 5_000)) {
            client in
            let gallery = try await client.firstGalleryID()
            let large = try await dropAndUpload(bytes, into: gallery, client)
            #expect(large.failure?.code == "too-large")
            #expect(large.failure?.message == "Too large (the limit is 5000 bytes)")
            // Declared larger than a video may be: refused before any byte is sent.
            let declared = try await client.drop(
                payload: filePayload(name: "big.mp4", type: "video/mp4", size: 200_000), into: gallery)
            #expect(declared.uploads.isEmpty)
            #expect(declared.items.first?.failure?.code == "too-large")
        }
    }

    @Test func identicalVideosAreStoredOnceAndDeletedWithTheirLastItem() async throws {
        let bytes = try Fixture.data("clip.webm")
        try await testApplication { client in
            let gallery = try await client.firstGalleryID()
            let video = try await dropAndUpload(bytes, name: "clip.webm", type: "video/webm", into: gallery, client)
            let again = try await dropAndUpload(bytes, name: "same.webm", type: "video/webm", into: gallery, client)
            #expect(again.videoURL == video.videoURL)
            _ = try await client.send(.delete, "/api/items/\(video.id)")
            _ = try await client.send(.delete, "/api/items/\(again.id)")
            let emptied = try await client.send(.delete, "/api/galleries/\(gallery)/trash")
            #expect(emptied.status == .ok)
            let url = try #require(video.videoURL)
            #expect(try await client.send(.get, url).status == .notFound)
            if let poster = video.posterURL {
                #expect(try await client.send(.get, poster).status == .notFound)
            }
        }
    }
}
