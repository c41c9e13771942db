import CSpawnShim
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A program started with `posix_spawn` (`gallery_spawn`): its output and messages on pipes, its input `/dev/null`.
/// Foundation's `Process.run()` is not used: in Swift 6.3.1 it over-reads a directory entry while listing
/// `/proc/self/fd` and crashes the server now and then (swift-corelibs-foundation#5472).
final class ChildProcess: Sendable {
    /// Why a program could not be started.
    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    let pid: pid_t
    /// The read ends of its standard output and standard error, each closed by ``readAll(_:_:)`` at its end.
    let output: Int32
    let errors: Int32
    /// Set once it was waited for: its pid may then belong to another process, which must never be signalled.
    private let ended = Mutex(false)

    /// Starts `program` with `arguments` and `environment` (the server's own when nil).
    init(_ program: URL, _ arguments: [String], environment: [String: String]?) throws(StartError) {
        let argv = ([program.path] + arguments).map { strdup($0) }
        let environmentLines =
            environment.map { $0.map { "\($0.key)=\($0.value)" } }
            ?? ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        let envp = environmentLines.map { strdup($0) }
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var started = pid_t()
        var outputEnd: Int32 = -1
        var errorsEnd: Int32 = -1
        let code = gallery_spawn(program.path, argv + [nil], envp + [nil], &started, &outputEnd, &errorsEnd)
        guard code == 0 else {
            throw StartError(description: "\(program.lastPathComponent): \(String(cString: strerror(code)))")
        }
        pid = started
        output = outputEnd
        errors = errorsEnd
    }

    /// Reads `descriptor` until its end, handing each chunk to `take`, then closes it.
    static func readAll(_ descriptor: Int32, _ take: (Data) -> Void) {
        defer { _ = close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                take(Data(buffer[0..<count]))
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return
            }
        }
    }

    /// Ends it at once with SIGKILL, which nothing can block or catch; false when it had ended already.
    @discardableResult func kill() -> Bool {
        ended.withLock { ended in !ended && Glibc.kill(pid, SIGKILL) == 0 }
    }

    /// Sets its CPU priority (`niceness`, 0 to 19: higher is kinder to the rest of the machine).
    func lowerPriority(to niceness: Int32) {
        ended.withLock { ended in
            if !ended { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(pid), niceness) }
        }
    }

    /// Waits for it to end: its exit status, or minus the signal that ended it. It is marked ended before it is reaped,
    /// so that ``kill()`` never reaches a process that took its pid.
    func wait() -> Int32 {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) == -1, errno == EINTR {}
        ended.withLock { $0 = true }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : -signal
    }
}
