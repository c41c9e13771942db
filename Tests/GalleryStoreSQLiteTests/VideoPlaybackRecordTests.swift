import Foundation
import GalleryCore
import Testing

@testable import GalleryStoreSQL
@testable import GalleryStoreSQLite

/// A stored video whose hash is made of one repeated hex digit, playing as `playback` says.
func storedVideo(digit: Character, playback: VideoPlayback?) -> StoredImage {
    StoredImage(
        hash: String(repeating: digit, count: 64), mimeType: "video/quicktime", width: 64, height: 48,
        byteCount: 1234, durationSeconds: 1.5, videoPlayback: playback)
}

@Suite("How videos play, recorded with their files")
struct VideoPlaybackRecordTests {
    @Test func aVideoWaitsForItsCopyUntilItIsRecordedAndEveryItemShowingItHearsOfIt() async throws {
        try await withStore(clock: TickingClock()) { store, _ in
            let first = try await store.firstGallery().id
            let (second, _) = try await store.makeGallery(named: "Other", holding: "")
            let a = try await store.insertPendingItems(drafts("A"), into: first, at: .end)[0]
            let b = try await store.insertPendingItems(drafts("B"), into: second, at: .end)[0]
            let hevc = storedVideo(digit: "c", playback: VideoPlayback(codec: "hevc", copy: .wanted))
            let plays = storedVideo(digit: "d", playback: VideoPlayback(codec: "h264", playableSeconds: 0.7))
            let c = try await store.insertPendingItems(drafts("C"), into: first, at: .end)[0]
            _ = try await store.markReady(a.id, image: hevc)
            _ = try await store.markReady(b.id, image: hevc)
            let ready = try #require(try await store.markReady(c.id, image: plays))
            #expect(ready.videoPlayback == VideoPlayback(codec: "h264", playableSeconds: 0.7))

            let waiting = try await store.videosAwaitingPlayback(after: nil, limit: 10)
            #expect(Set(waiting.map(\.id)) == [a.id, b.id])
            #expect(waiting.allSatisfy { $0.videoPlayback == VideoPlayback(codec: "hevc", copy: .wanted) })
            #expect(try await store.videosAwaitingPlayback(after: hevc.hash, limit: 10).isEmpty)

            var made = try #require(waiting.first?.videoPlayback)
            made.copy = .made
            let events = try await store.onlyEvents(in: [first, second]) {
                let changed = try await store.recordVideoPlayback(hash: hevc.hash, made)
                #expect(Set(changed.map(\.id)) == [a.id, b.id])
            }
            #expect(events.flatMap(\.items).map(\.videoPlayback) == [made, made])
            #expect(try await store.item(a.id).videoPlayback?.copy == .made)
            #expect(try await store.videosAwaitingPlayback(after: nil, limit: 10).isEmpty)
            // No file of that hash: nothing to tell.
            #expect(try await store.recordVideoPlayback(hash: String(repeating: "e", count: 64), made).isEmpty)
        }
    }

    @Test func theSameBytesAgainKeepWhatIsRecordedOfHowTheyPlay() async throws {
        try await withLetteredGallery("AB") { store, _, items in
            let video = storedVideo(digit: "c", playback: VideoPlayback(codec: "hevc", copy: .wanted))
            _ = try await store.markReady(try itemID("A", items), image: video)
            _ = try await store.recordVideoPlayback(hash: video.hash, VideoPlayback(codec: "hevc", copy: .made))
            let again = try #require(try await store.markReady(try itemID("B", items), image: video))
            #expect(again.videoPlayback == VideoPlayback(codec: "hevc", copy: .made))
        }
    }
}

@Suite("How videos play, in a database made before it was recorded")
struct VideoPlaybackMigrationTests {
    @Test func videosStoredBeforeAreListedToBeReadAndImagesAreNot() async throws {
        try await withTemporaryFolder { folder in
            let path = databasePath(in: folder)
            let video = String(repeating: "c", count: 64)
            let image = String(repeating: "d", count: 64)
            try await makeOlderDatabase(
                at: path, upTo: "v12: the board index",
                """
                INSERT INTO gallery (id, name, imagesPerRow, sequence, createdAt, updatedAt)
                  VALUES ('00000000-0000-4000-8000-000000000001', 'Old', 4, 0, 0, 0);
                INSERT INTO blob (hash, mimeType, byteCount, width, height, createdAt)
                  VALUES ('\(video)', 'video/mp4', 100, 64, 48, 0), ('\(image)', 'image/png', 100, 64, 48, 0);
                INSERT INTO item (id, galleryId, orderKey, state, origin, title, blobHash, kind, createdAt,
                  updatedAt, changeSequence)
                VALUES
                  ('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-000000000001', 'a0',
                   'ready', 'upload', 'V', '\(video)', 'video', 0, 0, 0),
                  ('00000000-0000-4000-8000-00000000000b', '00000000-0000-4000-8000-000000000001', 'a1',
                   'ready', 'upload', 'I', '\(image)', 'image', 0, 0, 0);
                """)
            let store = SQLGalleryStore(database: try AppDatabase.open(atPath: path))
            let waiting = try await store.videosAwaitingPlayback(after: nil, limit: 10)
            #expect(waiting.map(\.title) == ["V"])
            #expect(waiting.first?.videoPlayback == nil)
            _ = try await store.recordVideoPlayback(hash: video, VideoPlayback(codec: "h264"))
            #expect(try await store.videosAwaitingPlayback(after: nil, limit: 10).isEmpty)
            #expect(try await store.item(try #require(waiting.first).id).videoPlayback == VideoPlayback(codec: "h264"))
        }
    }
}
