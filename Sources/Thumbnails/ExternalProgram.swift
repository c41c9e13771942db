import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A program the server runs when it is installed (ffmpeg, tesseract), found on the `PATH` at run time so that the
/// server builds and runs without it, and run as a subprocess with a fixed list of arguments, at a lower CPU priority
/// than the server, within a time limit.
public enum ExternalProgram {
    /// The executable named `name` in a folder of `PATH`, or nil when none is there or `disabledBy` (an environment
    /// variable's name) is set to `1`.
    public static func find(
        _ name: String, disabledBy variable: String,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL? {
        if environment[variable] == "1" { return nil }
        for folder in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// How a run ended.
    public struct Outcome: Sendable, Equatable {
        /// Its standard output, at most the bytes asked for (the rest is read and dropped).
        public var output: Data
        /// The end of its messages (standard error), trimmed.
        public var messages: String
        /// Its exit status; nonzero also when it was ended by a signal.
        public var status: Int32
        /// Whether it was stopped for taking longer than allowed.
        public var timedOut: Bool
        /// Whether its ``ProgramStopper`` ended it.
        public var stopped: Bool
    }

    /// Runs `program` with `arguments` and waits for it: keeps at most `outputLimit` bytes of its output (each chunk
    /// of it is also handed to `reading` as it comes) and the last few hundred of its messages (read as they come, so a
    /// chatty program never fills a pipe), sets its CPU `niceness` (0 to 19), and ends it after `timeLimit` seconds or
    /// when `stopper` is told to stop. Blocks: call it away from the cooperative thread pool.
    /// - Throws: the reason it could not start.
    public static func run(
        _ program: URL, _ arguments: [String], environment: [String: String]? = nil, niceness: Int32 = 10,
        timeLimit: TimeInterval, outputLimit: Int = 64 * 1024, stopper: ProgramStopper? = nil,
        reading: (Data) -> Void = { _ in }
    ) throws -> Outcome {
        let child = try ChildProcess(program, arguments, environment: environment)
        let state = RunState()
        // The messages are read on a thread of their own with blocking reads, as the output is here: a file handle's
        // readability handler (a dispatch source) crashed the server in libdispatch's event loop when it was let go.
        let messagesRead = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            ChildProcess.readAll(child.errors) { state.append($0) }
            messagesRead.signal()
        }
        _ = stopper?.watch(child)
        child.lowerPriority(to: niceness)
        let deadline = DispatchWorkItem {
            if child.kill() { state.timedOut.withLock { $0 = true } }
        }
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + timeLimit, execute: deadline)
        var kept = Data()
        ChildProcess.readAll(child.output) { chunk in
            if kept.count < outputLimit { kept.append(chunk.prefix(outputLimit - kept.count)) }
            reading(chunk)
        }
        let status = child.wait()
        deadline.cancel()
        messagesRead.wait()
        return Outcome(
            output: kept, messages: state.text, status: status, timedOut: state.timedOut.withLock { $0 },
            stopped: stopper?.isStopped ?? false)
    }
}

/// What a run learns as it goes: the last few hundred bytes of the subprocess's messages, and whether it was stopped
/// for taking too long.
final class RunState: Sendable {
    private let tail = Mutex(Data())
    let timedOut = Mutex(false)

    func append(_ data: Data) {
        tail.withLock { bytes in
            bytes.append(data)
            if bytes.count > 600 { bytes = bytes.suffix(300) }
        }
    }

    var text: String {
        tail.withLock { bytes in
            String(decoding: bytes.suffix(300), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
}
