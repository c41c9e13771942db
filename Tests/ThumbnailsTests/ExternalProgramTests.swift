import Foundation
import Synchronization
import Testing

@testable import Thumbnails

/// Finding an optional program and running it bounded: the system's own `sh` stands in for ffmpeg and Tesseract.
@Suite("Optional programs: found on the PATH, run bounded")
struct ExternalProgramTests {
    private let shell = URL(fileURLWithPath: "/bin/sh")

    @Test func aProgramIsFoundOnThePathUnlessItIsDisabled() {
        let path = ["PATH": "/nonexistent:/bin:/usr/bin"]
        #expect(ExternalProgram.find("sh", disabledBy: "NO_SH", environment: path)?.path == "/bin/sh")
        #expect(
            ExternalProgram.find("sh", disabledBy: "NO_SH", environment: path.merging(["NO_SH": "1"]) { $1 }) == nil)
        #expect(ExternalProgram.find("no-such-program-here", disabledBy: "NO_SH", environment: path) == nil)
    }

    @Test func itsOutputIsKeptUpToTheCapAndItsMessagesAndStatusAreTold() throws {
        let outcome = try ExternalProgram.run(
            shell, ["-c", "head -c 300000 /dev/zero; echo 'went wrong' >&2; exit 3"], timeLimit: 30,
            outputLimit: 1000)
        #expect(outcome.output.count == 1000, "the rest is read and dropped, so the program never blocks")
        #expect(outcome.messages == "went wrong")
        #expect(outcome.status == 3)
        #expect(!outcome.timedOut)
    }

    @Test func itRunsAtTheNicenessAsked() throws {
        let outcome = try ExternalProgram.run(shell, ["-c", "sleep 0.2; nice"], niceness: 19, timeLimit: 30)
        #expect(String(decoding: outcome.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "19")
    }

    @Test func aProgramPastItsTimeLimitIsStopped() throws {
        let outcome = try ExternalProgram.run(shell, ["-c", "exec sleep 30"], timeLimit: 0.3)
        #expect(outcome.timedOut)
        #expect(outcome.status != 0)
    }

    @Test func aProgramRunForAStopperToldToStopIsEndedAsItStarts() throws {
        let stopper = ProgramStopper()
        stopper.stop()
        let outcome = try ExternalProgram.run(shell, ["-c", "exec sleep 30"], timeLimit: 60, stopper: stopper)
        #expect(outcome.stopped)
        #expect(!outcome.timedOut)
        #expect(outcome.status != 0)
    }

    @Test func itGetsNoDescriptorOfTheServersAndNoInputAndSignalsAtTheirDefault() throws {
        let inheritable = open("/bin/sh", O_RDONLY)  // without O_CLOEXEC
        defer { close(inheritable) }
        // `ls` alone, with no pipe: a shell running a pipeline holds the pipe's descriptors itself for a moment.
        let outcome = try ExternalProgram.run(shell, ["-c", "ls -1 /proc/$$/fd; cat; trap"], timeLimit: 30)
        #expect(
            String(decoding: outcome.output, as: UTF8.self) == "0\n1\n2\n",
            "only its input, output and messages; nothing to read; no signal ignored")
        #expect(outcome.status == 0)
    }

    @Test func aProgramThatCannotStartSaysWhy() {
        #expect(throws: ChildProcess.StartError.self) {
            try ExternalProgram.run(URL(fileURLWithPath: "/nonexistent/program"), [], timeLimit: 30)
        }
    }

    @Test func itsOutputIsHandedOverAsItComes() throws {
        let chunks = Mutex([String]())
        let outcome = try ExternalProgram.run(shell, ["-c", "echo one; sleep 0.1; echo two"], timeLimit: 30) {
            chunk in chunks.withLock { $0.append(String(decoding: chunk, as: UTF8.self)) }
        }
        #expect(chunks.withLock { $0.joined() } == "one\ntwo\n")
        #expect(outcome.output == Data("one\ntwo\n".utf8))
    }
}
