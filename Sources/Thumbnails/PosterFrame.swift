import Foundation

/// A video's poster frame, made with `ffmpeg` when it is installed (found on the `PATH` at run time, like libvips, so
/// the server builds and runs without it; then videos have no poster).
public enum PosterFrame {
    /// Why a poster could not be made.
    public enum Error: Swift.Error, Equatable, Sendable {
        /// ffmpeg is not installed (or was disabled with `IMAGE_GALLERY_DISABLE_FFMPEG=1`).
        case unavailable
        /// ffmpeg failed, or made no image; the end of its message.
        case failed(String)
        /// ffmpeg took longer than allowed and was stopped.
        case timedOut
    }

    /// The ffmpeg program, if there is one (looked up once).
    public static let program = ExternalProgram.find("ffmpeg", disabledBy: "IMAGE_GALLERY_DISABLE_FFMPEG")

    /// Whether posters can be made.
    public static var isAvailable: Bool { program != nil }

    /// Writes a JPEG of the frame about `second` seconds in (the first frame for a shorter video), upright (ffmpeg
    /// applies the rotation), at most 1,920 pixels wide, to `destination`. Blocks until ffmpeg is done: call it away
    /// from the cooperative thread pool.
    public static func make(
        of video: URL, at second: Double = 1, to destination: URL, timeout: TimeInterval = 60
    ) throws(PosterFrame.Error) {
        guard let program else { throw .unavailable }
        try? FileManager.default.removeItem(at: destination)
        // Seeking past the end makes no frame: then the first frame.
        for start in second > 0 ? [second, 0] : [0] {
            try run(program, arguments(video, start, destination), timeout: timeout)
            let size = (try? FileManager.default.attributesOfItem(atPath: destination.path)[.size] as? Int) ?? 0
            if size > 0 { return }
        }
        throw .failed("ffmpeg made no frame")
    }

    static func arguments(_ video: URL, _ start: Double, _ destination: URL) -> [String] {
        [
            "-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-ss", String(format: "%.3f", start),
            "-i", video.path, "-frames:v", "1", "-an", "-sn", "-vf", "scale='min(1920,iw)':-2", "-q:v", "3",
            "-f", "image2", "-c:v", "mjpeg", destination.path,
        ]
    }

    private static func run(_ program: URL, _ arguments: [String], timeout: TimeInterval) throws(PosterFrame.Error) {
        let outcome: ExternalProgram.Outcome
        do {
            outcome = try ExternalProgram.run(program, arguments, timeLimit: timeout, outputLimit: 0)
        } catch {
            throw .failed("ffmpeg could not start: \(error)")
        }
        if outcome.timedOut { throw .timedOut }
        guard outcome.status == 0 else {
            throw .failed(outcome.messages.isEmpty ? "ffmpeg exited with \(outcome.status)" : outcome.messages)
        }
    }
}
