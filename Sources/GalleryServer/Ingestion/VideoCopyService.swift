import BlobStore
import Foundation
import GalleryCore
import Logging
import MediaProbe
import Thumbnails

/// Makes, in the background, the copies browsers play of stored videos whose codec they do not
/// (`thumbnails/<hash>-playable.mp4`, see ``PlayableCopy``): one at a time, each within a time limit, its progress on
/// the items showing it (``ProgressBoard``, in milliseconds of video). It also reads the codec of videos stored before
/// codecs were read. Woken when a video that wants a copy is kept and at start, it works until nothing is left; a
/// copy it cannot make is recorded as failed (the page then offers the original), one cut short by a stop is made
/// again at the next start. Without ffmpeg it makes none, and the videos say they cannot be played in the browser.
public final class VideoCopyService: Sendable {
    let store: any GalleryStore
    let blobs: BlobStore
    let thumbnails: ThumbnailService
    let progress: ProgressBoard
    let logger: Logger
    /// Whether copies are made (ffmpeg is installed).
    let isEnabled: Bool
    /// Runs ffmpeg, off the cooperative thread pool.
    private let queue = DispatchQueue(label: "image-gallery.video-copies", qos: .utility)

    private let passes = BackgroundPasses(priority: .utility)
    private let stopper = ProgramStopper()

    /// Makes the service; it makes copies when `isEnabled` (by default: when ffmpeg is installed).
    init(
        store: any GalleryStore, blobs: BlobStore, thumbnails: ThumbnailService, progress: ProgressBoard,
        logger: Logger, isEnabled: Bool? = nil
    ) {
        self.store = store
        self.blobs = blobs
        self.thumbnails = thumbnails
        self.progress = progress
        self.logger = logger
        self.isEnabled = isEnabled ?? PlayableCopy.isAvailable
    }

    /// The most time one copy may take: five times the video's length, at least five minutes and at most four hours
    /// (half an hour when its length is not known).
    static func timeLimit(forDuration seconds: Double?) -> TimeInterval {
        guard let seconds, seconds.isFinite, seconds > 0 else { return 30 * 60 }
        return min(4 * 3600, max(5 * 60, seconds * 5))
    }

    /// Starts working if it is not (or makes the running work look again once it is through).
    func wake() {
        passes.wake { [self] in await work() }
    }

    /// Stops the work (the server is stopping, or a command leaves it to the server): ffmpeg is ended; what it was
    /// making is made at the next start.
    public func stop() {
        passes.stop()
        stopper.stop()
    }

    /// Returns once nothing is left to do (for tests).
    public func waitUntilIdle() async {
        await passes.waitUntilIdle()
    }

    /// Passes over every video still to be done, in hash order, a batch at a time.
    private func work() async {
        var after: String?
        while !Task.isCancelled {
            let batch: [Item]
            do {
                batch = try await store.videosAwaitingPlayback(after: after, limit: 200)
            } catch {
                if !Task.isCancelled { logger.warning("cannot list the videos to copy: \(error)") }
                return
            }
            guard let last = batch.last?.blobHash else { return }
            after = last
            var start = batch.startIndex
            while start < batch.endIndex, !Task.isCancelled {
                let hash = batch[start].blobHash
                let end = batch[start...].firstIndex { $0.blobHash != hash } ?? batch.endIndex
                if let hash { await settle(hash: hash, showing: Array(batch[start..<end])) }
                start = end
            }
        }
    }

    /// Reads the codec of a video stored before codecs were read; makes its copy if one is wanted.
    private func settle(hash: String, showing items: [Item]) async {
        guard let playback = items.first?.videoPlayback else {
            let read = readPlayback(hash: hash)
            await record(hash, read)
            if read.copy == .wanted, !Task.isCancelled { await settle(hash: hash, playback: read, showing: items) }
            return
        }
        await settle(hash: hash, playback: playback, showing: items)
    }

    /// Makes the copy of a video whose copy is wanted (when ffmpeg is there), and records how it went.
    private func settle(hash: String, playback: VideoPlayback, showing items: [Item]) async {
        guard playback.copy == .wanted, isEnabled else { return }
        var made = playback
        made.copy = await makeCopy(hash: hash, codec: playback.codec, showing: items) ? .made : .failed
        if Task.isCancelled { return }  // stopped: made again at the next start
        await record(hash, made)
    }

    /// The playback the header of a stored video says; as before codecs were read (the original plays) when it
    /// cannot be read.
    private func readPlayback(hash: String) -> VideoPlayback {
        Self.probe(blobs.fileURL(forHash: hash)).map(VideoAcceptance.playback(of:)) ?? VideoPlayback(codec: "unknown")
    }

    private func record(_ hash: String, _ playback: VideoPlayback) async {
        do {
            if try await store.recordVideoPlayback(hash: hash, playback).isEmpty {
                // The video was deleted meanwhile: its copy would be left behind.
                try? FileManager.default.removeItem(at: thumbnails.playableCopyURL(hash: hash))
            }
        } catch {
            if !Task.isCancelled { logger.warning("cannot record how video \(hash) plays: \(error)") }
        }
    }

    /// Makes the copy of a video (with its progress on `items`), and checks that it is H.264 in MP4; whether it is.
    private func makeCopy(hash: String, codec: String, showing items: [Item]) async -> Bool {
        let destination = thumbnails.playableCopyURL(hash: hash)
        let temporary = thumbnails.folder.appendingPathComponent(".\(UUID().uuidString).mp4")
        let total = items.first?.durationSeconds.map { Int64($0 * 1000) }
        let board = progress
        let showing = items.map { ($0.id, $0.galleryID) }
        for (id, gallery) in showing { board.update(id, in: gallery, received: 0, total: total) }
        defer { for (id, _) in showing { board.remove(id) } }
        let limit = Self.timeLimit(forDuration: items.first?.durationSeconds)
        let original = blobs.fileURL(forHash: hash)
        let copyingVideo = codec == VideoCodec.h264.name
        let result: Result<Void, PlayableCopy.Error> = await withCheckedContinuation { continuation in
            queue.async { [stopper] in
                do throws(PlayableCopy.Error) {
                    try PlayableCopy.make(
                        of: original, to: temporary, copyingVideo: copyingVideo, timeLimit: limit, stopper: stopper
                    ) { seconds in
                        let done = Int64(seconds * 1000)
                        for (id, gallery) in showing {
                            board.update(id, in: gallery, received: min(done, total ?? done), total: total)
                        }
                    }
                    continuation.resume(returning: .success(()))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        defer { try? FileManager.default.removeItem(at: temporary) }
        if case .failure(let error) = result {
            if error != .stopped { logger.warning("copy of video \(hash) that browsers play: \(error)") }
            return false
        }
        guard Self.isPlayableCopy(temporary) else {
            logger.warning("copy of video \(hash): ffmpeg made no H.264 MP4")
            return false
        }
        do {
            try? FileManager.default.removeItem(at: destination)
            try FileManager.default.moveItem(at: temporary, to: destination)
            return true
        } catch {
            logger.warning("copy of video \(hash): \(error)")
            return false
        }
    }

    /// Whether a file's header says it is H.264 in MP4.
    static func isPlayableCopy(_ url: URL) -> Bool {
        guard let info = probe(url) else { return false }
        return info.mimeType == "video/mp4" && info.codec == .h264
    }

    /// What the container header of the video file at `url` says; nil when it cannot be read.
    static func probe(_ url: URL) -> VideoInfo? {
        guard let file = try? FileHandle(forReadingFrom: url),
            let size = try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int
        else { return nil }
        defer { try? file.close() }
        return try? VideoProbe.probe(fileSize: Int64(size)) { offset, count in
            try file.seek(toOffset: UInt64(offset))
            return try file.read(upToCount: count) ?? Data()
        }
    }
}
