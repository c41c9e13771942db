import Foundation
import Synchronization

/// Stops an ``ExternalProgram`` run (ffmpeg making a copy, Tesseract reading an image) when the server stops: the
/// program running for it is ended, and any it would start is ended as it starts.
public final class ProgramStopper: Sendable {
    private let state = Mutex<(isStopped: Bool, process: ChildProcess?)>((false, nil))

    /// A stopper not told to stop yet.
    public init() {}

    /// Ends the program running for it, if one is, and any it would start.
    public func stop() {
        let running = state.withLock { state in
            state.isStopped = true
            return state.process
        }
        running?.kill()
    }

    /// Whether it was told to stop.
    public var isStopped: Bool { state.withLock { $0.isStopped } }

    /// Takes a started process to end on ``stop()``; false (and the process is ended) if it was told to already.
    func watch(_ process: ChildProcess) -> Bool {
        let stopped = state.withLock { state in
            state.process = process
            return state.isStopped
        }
        if stopped { process.kill() }
        return !stopped
    }
}
