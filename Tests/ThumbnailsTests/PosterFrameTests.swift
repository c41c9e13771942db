import Foundation
import Testing

@testable import Thumbnails

@Suite("Poster frames of videos")
struct PosterFrameTests {
    @Test func theFrameIsTakenAboutOneSecondInUprightAndNoWiderThanFullHD() {
        let arguments = PosterFrame.arguments(
            URL(fileURLWithPath: "/v/in.mp4"), 1, URL(fileURLWithPath: "/v/out.jpg"))
        #expect(arguments.contains("-ss"))
        #expect(arguments[arguments.firstIndex(of: "-ss")! + 1] == "1.000")
        #expect(arguments[arguments.firstIndex(of: "-frames:v")! + 1] == "1")
        #expect(!arguments.contains("-noautorotate"))
        #expect(arguments.last == "/v/out.jpg")
    }

    @Test(.enabled(if: PosterFrame.isAvailable)) func aShortVideosPosterIsItsFirstFrame() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let video = folder.appendingPathComponent("short.mp4")
        let made = try ExternalProgram.run(
            try #require(PosterFrame.program),
            [
                "-nostdin", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=64x48:rate=10", "-t", "0.5",
                "-pix_fmt", "yuv420p", video.path,
            ], timeLimit: 60)
        try #require(made.status == 0, "ffmpeg said: \(made.messages)")
        let poster = folder.appendingPathComponent("poster.jpg")
        try PosterFrame.make(of: video, to: poster)
        let bytes = try Data(contentsOf: poster)
        #expect(bytes.starts(with: [0xFF, 0xD8, 0xFF]))
    }

    @Test(.enabled(if: PosterFrame.isAvailable)) func somethingThatIsNoVideoFailsWithFfmpegsMessage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let junk = folder.appendingPathComponent("junk.mp4")
        try Data("not a video".utf8).write(to: junk)
        #expect(throws: PosterFrame.Error.self) {
            try PosterFrame.make(of: junk, to: folder.appendingPathComponent("poster.jpg"))
        }
    }
}
