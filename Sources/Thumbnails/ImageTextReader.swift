import Foundation

/// The text printed in an image, read with Tesseract (`tesseract`, Debian's `tesseract-ocr` with its English data
/// `tesseract-ocr-eng`) when it is installed: found on the `PATH` at run time like ffmpeg, so the server builds and runs
/// without it; then images are not read. Tesseract runs at the lowest CPU priority, on one thread, within a time limit.
public enum ImageTextReader {
    /// Why an image could not be read.
    public enum Error: Swift.Error, Equatable, Sendable {
        /// Tesseract is not installed (or was disabled with `IMAGE_GALLERY_DISABLE_TESSERACT=1`).
        case unavailable
        /// Tesseract failed; the end of its message.
        case failed(String)
        /// Tesseract took longer than allowed and was stopped.
        case timedOut
        /// The ``ProgramStopper`` was told to stop (the server is stopping).
        case stopped
    }

    /// The tesseract program, if there is one (looked up once).
    public static let program = ExternalProgram.find("tesseract", disabledBy: "IMAGE_GALLERY_DISABLE_TESSERACT")

    /// Whether images can be read.
    public static var isAvailable: Bool { program != nil }

    /// The formats Tesseract reads from a file (besides the WebP of thumbnails and display copies).
    public static let readableMIMETypes: Set<String> = ["image/png", "image/jpeg", "image/tiff", "image/webp"]

    /// The text Tesseract reads in English in the image file at `image`, as it prints it (at most `outputLimit`
    /// bytes; the caller tidies it); `stopper` can end it early. Blocks until Tesseract is done: call it away from the
    /// cooperative thread pool.
    public static func read(
        _ image: URL, timeLimit: TimeInterval = 60, outputLimit: Int = 256 * 1024,
        stopper: ProgramStopper = ProgramStopper()
    ) throws(ImageTextReader.Error) -> String {
        guard let program else { throw .unavailable }
        var environment = ProcessInfo.processInfo.environment
        environment["OMP_THREAD_LIMIT"] = "1"  // one core: the reader runs one image at a time, beside the server
        let outcome: ExternalProgram.Outcome
        do {
            outcome = try ExternalProgram.run(
                program, arguments(image), environment: environment, niceness: 19, timeLimit: timeLimit,
                outputLimit: outputLimit, stopper: stopper)
        } catch {
            throw .failed("tesseract could not start: \(error)")
        }
        if outcome.stopped { throw .stopped }
        if outcome.timedOut { throw .timedOut }
        guard outcome.status == 0 else {
            throw .failed(outcome.messages.isEmpty ? "tesseract exited with \(outcome.status)" : outcome.messages)
        }
        return String(decoding: outcome.output, as: UTF8.self)
    }

    static func arguments(_ image: URL) -> [String] {
        [image.path, "stdout", "-l", "eng"]
    }
}
