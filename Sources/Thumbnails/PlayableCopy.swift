import Foundation

/// A copy of a video that every browser plays — H.264 video (at most 1,920 pixels on its longer side, upright) and
/// AAC sound in an MP4 whose header comes first — made with `ffmpeg` when it is installed (found as for
/// ``PosterFrame``). ffmpeg runs as a subprocess with a fixed list of arguments (the paths are the server's own),
/// reading only files, at a lower CPU priority than the server, and is stopped past a time limit.
public enum PlayableCopy {
    /// Why a copy could not be made.
    public enum Error: Swift.Error, Equatable, Sendable {
        /// ffmpeg is not installed (or was disabled with `IMAGE_GALLERY_DISABLE_FFMPEG=1`).
        case unavailable
        /// ffmpeg failed, or made nothing; the end of its message.
        case failed(String)
        /// ffmpeg took longer than allowed and was stopped.
        case timedOut
        /// The ``ProgramStopper`` was told to stop (the server is stopping).
        case stopped
    }

    /// Whether copies can be made.
    public static var isAvailable: Bool { PosterFrame.isAvailable }

    /// Writes the copy of `video` to `destination`; `copyingVideo` keeps the video stream as it is (it is H.264
    /// already, only its container or sound is not played) instead of encoding it again. Tells `progress` the seconds
    /// of video done as ffmpeg reports them; `stopper` can end it early. Nothing is left at `destination` unless it
    /// succeeds. Blocks until ffmpeg is done: call it away from the cooperative thread pool.
    public static func make(
        of video: URL, to destination: URL, copyingVideo: Bool = false, timeLimit: TimeInterval,
        stopper: ProgramStopper = ProgramStopper(), progress: @escaping @Sendable (_ seconds: Double) -> Void = { _ in }
    ) throws(PlayableCopy.Error) {
        guard let program = PosterFrame.program else { throw .unavailable }
        try? FileManager.default.removeItem(at: destination)
        do {
            try run(
                program, arguments(video, destination, copyingVideo: copyingVideo), timeLimit: timeLimit,
                stopper: stopper, progress)
        } catch {
            try? FileManager.default.removeItem(at: destination)
            throw error
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: destination.path)[.size] as? Int) ?? 0
        guard size > 0 else { throw .failed("ffmpeg made no copy") }
    }

    static func arguments(_ video: URL, _ destination: URL, copyingVideo: Bool) -> [String] {
        let picture =
            copyingVideo
            ? ["-c:v", "copy"]
            : [
                "-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-pix_fmt", "yuv420p", "-vf",
                "scale=w='min(1920,iw)':h='min(1920,ih)':force_original_aspect_ratio=decrease:force_divisible_by=2",
            ]
        return [
            "-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-protocol_whitelist", "file", "-i", video.path,
        ]
            + ["-map", "0:v:0", "-map", "0:a:0?", "-sn", "-dn", "-map_metadata", "-1"] + picture
            + ["-c:a", "aac", "-b:a", "128k", "-ac", "2", "-movflags", "+faststart"]
            + ["-progress", "pipe:1", "-nostats", "-f", "mp4", destination.path]
    }

    private static func run(
        _ program: URL, _ arguments: [String], timeLimit: TimeInterval, stopper: ProgramStopper,
        _ progress: @escaping @Sendable (Double) -> Void
    ) throws(PlayableCopy.Error) {
        // `-progress pipe:1` writes `key=value` lines, `out_time_us` among them, until ffmpeg ends.
        var pending = Data()
        let outcome: ExternalProgram.Outcome
        do {
            outcome = try ExternalProgram.run(
                program, arguments, timeLimit: timeLimit, outputLimit: 0, stopper: stopper
            ) { chunk in
                pending.append(chunk)
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    if line.hasPrefix("out_time_us="), let micro = Double(line.dropFirst("out_time_us=".count)) {
                        progress(max(0, micro) / 1_000_000)
                    }
                }
            }
        } catch {
            throw .failed("ffmpeg could not start: \(error)")
        }
        if outcome.timedOut { throw .timedOut }
        if outcome.stopped { throw .stopped }
        guard outcome.status == 0 else {
            throw .failed(outcome.messages.isEmpty ? "ffmpeg exited with \(outcome.status)" : outcome.messages)
        }
    }
}
