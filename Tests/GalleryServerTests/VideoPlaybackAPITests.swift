import Foundation
import GRDB
import GalleryCore
import Hummingbird
import HummingbirdTesting
import Logging
import MediaProbe
import Synchronization
import TestSupport
import Testing
import Thumbnails

@testable import GalleryServer
@testable import GalleryStoreSQLite

/// An item as the API shows a video's playback.
struct PlaybackJSON: Decodable {
    struct Progress: Decodable {
        var received: Int64
        var total: Int64?
    }

    var id: String
    var state: String
    var kind: String
    var changeSequence: Int64
    var videoURL: String?
    var durationSeconds: Double?
    var playback: String?
    var playbackURL: String?
    var videoCodec: String?
    var playableSeconds: Double?
    var progress: Progress?
    var failure: ItemJSON.Failure?
}

/// Runs `test` against the application on the data folder `folder`, with its video copies (made when
/// `makesVideoCopies`, by default when ffmpeg is installed) to wait for.
func testVideoApplication(
    dataDirectory folder: URL, makesVideoCopies: Bool? = nil,
    _ test: @Sendable (any TestClientProtocol, VideoCopyService) async throws -> Void
) async throws {
    var logger = Logger(label: "VideoPlaybackAPITests")
    logger.logLevel = .error
    let configuration = ServerConfiguration(dataDirectory: folder, webRoot: webRoot, requiresSignIn: false)
    // Its own ingestion, which alone takes on the work left from a run before.
    let built = try await buildServices(
        configuration: configuration, fetcher: FakeWeb().fetcher, logger: logger, resumingWork: false)
    let ingestion = IngestionService(
        store: built.store, blobs: built.blobs, fetcher: FakeWeb().fetcher, limits: configuration.imageLimits,
        fetchLimits: configuration.fetchLimits, logger: logger, thumbnails: built.ingestion.thumbnails,
        makesVideoCopies: makesVideoCopies)
    let parts = GalleryServices(
        store: built.store, blobs: built.blobs, ingestion: ingestion, accounts: built.accounts,
        authenticator: built.authenticator, metrics: built.metrics, media: built.media)
    await ingestion.resumePendingWork()
    defer { ingestion.videoCopies.stop() }
    try await Application(router: buildRouter(parts, configuration: configuration)).test(.router) { client in
        try await test(client, ingestion.videoCopies)
    }
}

@Suite("Videos that play, through the API")
struct VideoPlaybackAPITests {
    /// Drops and uploads a fixture (or `bytes`); the item as the upload left it.
    func upload(
        _ name: String, bytes: Data? = nil, type: String = "video/mp4", _ client: any TestClientProtocol
    ) async throws -> PlaybackJSON {
        let data = try bytes ?? Fixture.data(name)
        let gallery = try await client.firstGalleryID()
        let drop = try await client.drop(payload: filePayload(name: name, type: type, size: data.count), into: gallery)
        let answer = try await client.upload(data, to: try #require(drop.uploads.first).uploadURL)
        #expect(answer.status == .ok)
        return try answer.decoded()
    }

    func item(_ id: String, _ client: any TestClientProtocol) async throws -> PlaybackJSON {
        try await client.call(.get, "/api/items/\(id)")
    }

    /// The header facts of a served file.
    func probe(_ url: String, _ client: any TestClientProtocol) async throws -> VideoInfo {
        let served = try await client.send(.get, url)
        #expect(served.status == .ok)
        #expect(served.headers[.contentType] == "video/mp4")
        return try probeVideo(Data(buffer: served.body))
    }

    func probeVideo(_ data: Data) throws -> VideoInfo {
        try VideoProbe.probe(fileSize: Int64(data.count)) { offset, count in
            data.subdata(in: Int(offset)..<min(data.count, Int(offset) + count))
        }
    }

    @Test(.enabled(if: PlayableCopy.isAvailable, "ffmpeg is not installed (apt install ffmpeg)"))
    func anHEVCUploadGetsACopyInH264ThatThePagePlaysWhileTheOriginalIsKept() async throws {
        let original = try Fixture.data("hevc.mov")
        try await withTemporaryFolder { folder in
            try await testVideoApplication(dataDirectory: folder) { client, copies in
                let uploaded = try await upload("hevc.mov", type: "video/quicktime", client)
                #expect(uploaded.state == "ready")
                #expect(uploaded.videoCodec == "hevc")
                #expect(["converting", "copy"].contains(uploaded.playback))
                await copies.waitUntilIdle()
                let video = try await item(uploaded.id, client)
                #expect(video.playback == "copy")
                #expect(video.changeSequence > uploaded.changeSequence)
                #expect(video.progress == nil)
                let copyURL = try #require(video.playbackURL)
                #expect(copyURL.hasPrefix("/media/playable/") && copyURL.hasSuffix(".mp4"))
                let copy = try await probe(copyURL, client)
                #expect(copy.codec == .h264)
                #expect(copy.width == 64 && copy.height == 48)
                #expect(abs((copy.durationSeconds ?? 0) - 1.5) < 0.1)
                // The original is what a download or a drag out carries, byte for byte.
                let videoURL = try #require(video.videoURL)
                #expect(videoURL.hasSuffix(".mov"))
                let served = try await client.send(.get, videoURL)
                #expect(Data(buffer: served.body) == original)
                // The copy is served in ranges, as videos are.
                let range = try await client.execute(
                    uri: copyURL, method: .get, headers: [.range: "bytes=0-99"], body: nil)
                #expect(range.status == .partialContent)
            }
        }
    }

    @Test(
        .enabled(if: PlayableCopy.isAvailable, "ffmpeg is not installed (apt install ffmpeg)"),
        arguments: [
            ("prores.mov", "prores"), ("mjpeg.mov", "mjpeg"), ("mpeg4.mp4", "mpeg4"), ("hevc.mp4", "hevc"),
            ("clip.mov", "h264"),
        ])
    func everyVideoBrowsersDoNotPlayGetsAnH264Copy(name: String, codec: String) async throws {
        try await withTemporaryFolder { folder in
            try await testVideoApplication(dataDirectory: folder) { client, copies in
                let uploaded = try await upload(name, client)
                #expect(uploaded.videoCodec == codec)
                await copies.waitUntilIdle()
                let video = try await item(uploaded.id, client)
                #expect(video.playback == "copy")
                #expect(try await probe(try #require(video.playbackURL), client).codec == .h264)
            }
        }
    }

    @Test(arguments: [("faststart.mp4", "h264"), ("clip.webm", "vp9"), ("fragmented.mp4", "h264")])
    func aVideoBrowsersPlayIsPlayedAsItIs(name: String, codec: String) async throws {
        try await withTemporaryFolder { folder in
            try await testVideoApplication(dataDirectory: folder) { client, copies in
                let video = try await upload(name, client)
                await copies.waitUntilIdle()
                #expect(video.videoCodec == codec)
                #expect(video.playback == "original")
                #expect(video.playbackURL == video.videoURL)
                let hash = try #require(video.videoURL?.split(separator: "/").last?.split(separator: ".").first)
                #expect(try await client.send(.get, "/media/playable/\(hash).mp4").status == .notFound)
            }
        }
    }

    @Test func withoutFFmpegAVideoBrowsersDoNotPlaySaysSoAndOffersItsFile() async throws {
        let original = try Fixture.data("hevc.mov")
        try await withTemporaryFolder { folder in
            try await testVideoApplication(dataDirectory: folder, makesVideoCopies: false) { client, copies in
                let uploaded = try await upload("hevc.mov", type: "video/quicktime", client)
                await copies.waitUntilIdle()
                let video = try await item(uploaded.id, client)
                #expect(video.state == "ready")
                #expect(video.videoCodec == "hevc")
                #expect(video.playback == "unplayable")
                #expect(video.playbackURL == nil)
                let served = try await client.send(.get, try #require(video.videoURL))
                #expect(served.status == .ok)
                #expect(served.headers[.contentType] == "video/quicktime")
                #expect(Data(buffer: served.body) == original)
                let hash = try #require(video.videoURL?.split(separator: "/").last?.split(separator: ".").first)
                #expect(try await client.send(.get, "/media/playable/\(hash).mp4").status == .notFound)
            }
            // Once ffmpeg is there (the next start), the copy is made.
            guard PlayableCopy.isAvailable else { return }
            try await testVideoApplication(dataDirectory: folder) { client, copies in
                await copies.waitUntilIdle()
                let gallery = try await client.firstGalleryID()
                let page: ItemPageJSON = try await client.call(.get, "/api/galleries/\(gallery)/items")
                let video = try await item(try #require(page.items.first).id, client)
                #expect(video.playback == "copy")
            }
        }
    }

    @Test(.enabled(if: PlayableCopy.isAvailable, "ffmpeg is not installed (apt install ffmpeg)"))
    func aVideoFFmpegCannotCopySaysItCannotBePlayedAndOffersItsFile() async throws {
        // An HEVC file whose header is whole and whose frames are all 0xFF bytes: nothing decodes.
        var bytes = [UInt8](try Fixture.data("hevc.mp4"))
        let mdat = try #require(bytes.indices.dropLast(3).first { bytes[$0..<$0 + 4].elementsEqual("mdat".utf8) }) - 4
        let size =
            Int(UInt32(bytes[mdat]) << 24 | UInt32(bytes[mdat + 1]) << 16 | UInt32(bytes[mdat + 2]) << 8)
            | Int(bytes[mdat + 3])
        for index in mdat + 8..<mdat + size { bytes[index] = 0xFF }
        let broken = Data(bytes)
        try await withTemporaryFolder { folder in
            try await testVideoApplication(dataDirectory: folder) { client, copies in
                let uploaded = try await upload("broken.mp4", bytes: broken, client)
                #expect(uploaded.state == "ready")
                await copies.waitUntilIdle()
                let video = try await item(uploaded.id, client)
                #expect(video.playback == "unplayable")
                #expect(video.playbackURL == nil)
                #expect(try await client.send(.get, try #require(video.videoURL)).status == .ok)
            }
        }
    }

    @Test func anMP4CutShortAfterItsHeaderIsKeptAndSaysHowMuchPlays() async throws {
        let whole = try Fixture.data("faststart.mp4")
        try await withTemporaryFolder { folder in
            try await testVideoApplication(dataDirectory: folder) { client, _ in
                let cut = try await upload("cut.mp4", bytes: whole.prefix(whole.count / 2), client)
                #expect(cut.state == "ready")
                #expect(cut.kind == "video")
                #expect(abs((cut.durationSeconds ?? 0) - 1.5) < 0.1)
                let playable = try #require(cut.playableSeconds)
                #expect(playable > 0 && playable < 1.5)
                #expect(cut.playback == "original")
                // Cut before its first frame: refused, saying so.
                let empty = try await upload("empty.mp4", bytes: whole.prefix(1_001), client)
                #expect(empty.state == "failed")
                #expect(empty.failure?.message.contains("cut short before its first frame") == true)
            }
        }
    }

    @Test func aFragmentedMP4HasTheDurationOfItsFragments() async throws {
        try await withTemporaryFolder { folder in
            try await testVideoApplication(dataDirectory: folder) { client, _ in
                let video = try await upload("fragmented.mp4", client)
                #expect(video.state == "ready")
                #expect(video.durationSeconds == 1.5)
                #expect(video.playableSeconds == nil)
            }
        }
    }

    @Test func aCopyMayTakeFiveTimesTheVideosLengthWithinFiveMinutesAndFourHours() {
        #expect(VideoCopyService.timeLimit(forDuration: 1.5) == 5 * 60)
        #expect(VideoCopyService.timeLimit(forDuration: 600) == 50 * 60)
        #expect(VideoCopyService.timeLimit(forDuration: 10 * 3600) == 4 * 3600)
        #expect(VideoCopyService.timeLimit(forDuration: nil) == 30 * 60)
        #expect(VideoCopyService.timeLimit(forDuration: .nan) == 30 * 60)
    }

    @Test func aVideoStoredBeforeCodecsWereReadIsReadAtTheNextStart() async throws {
        try await withTemporaryFolder { folder in
            let id = Mutex<String?>(nil)
            try await testVideoApplication(dataDirectory: folder, makesVideoCopies: false) { client, _ in
                let video = try await upload("hevc.mov", type: "video/quicktime", client)
                id.withLock { $0 = video.id }
            }
            // As the migration leaves a video stored before: its codec not read.
            let database = folder.appendingPathComponent("gallery.sqlite").path
            try await AppDatabase.open(atPath: database).writer.write { db in
                try db.execute(sql: "UPDATE blob SET videoCodec = NULL, videoCopy = 'unread'")
            }
            let videoID = try #require(id.withLock { $0 })
            try await testVideoApplication(dataDirectory: folder) { client, copies in
                await copies.waitUntilIdle()
                let video = try await item(videoID, client)
                #expect(video.videoCodec == "hevc")
                // Read, and copied in the same pass when ffmpeg is there.
                #expect(video.playback == (PlayableCopy.isAvailable ? "copy" : "unplayable"))
            }
        }
    }
}
