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
    public static let program: URL? = {
        let environment = ProcessInfo.processInfo.environment
        if environment["IMAGE_GALLERY_DISABLE_FFMPEG"] == "1" { return nil }
        for folder in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("ffmpeg")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

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
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        do {
            try process.run()
        } catch {
            throw .failed("ffmpeg could not start: \(error.localizedDescription)")
        }
        // At `-loglevel error` its messages are a few lines: they fit in the pipe, and are read once it is done.
        if done.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            done.wait()
            throw .timedOut
        }
        let message = errors.fileHandleForReading.availableData
        guard process.terminationStatus == 0 else {
            let text = String(decoding: message.suffix(300), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            throw .failed(text.isEmpty ? "ffmpeg exited with \(process.terminationStatus)" : text)
        }
    }
}
