import Dispatch
import Foundation
import Synchronization
import Thumbnails

/// Makes the thumbnails of every .jpg in a folder in the given widths, in process, as the server does (each image
/// decoded once for all its widths, one image at a time per core); prints the seconds taken. With
/// `--one-lane-one-decode-per-width`, as it did before: each width decoded on its own, one image at a time.
@main
enum ThumbnailBenchmark {
    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2 else {
            FileHandle.standardError.write(Data("usage: thumbnail-benchmark FOLDER [WIDTH,WIDTH…]\n".utf8))
            exit(2)
        }
        let widths =
            arguments.count > 2 ? arguments[2].split(separator: ",").compactMap { Int($0) } : Thumbnailer.widths
        guard Thumbnailer.isAvailable else {
            FileHandle.standardError.write(Data("libvips is not installed\n".utf8))
            exit(3)
        }
        let folder = URL(fileURLWithPath: arguments[1], isDirectory: true)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".jpg") }.sorted()
        let asBefore = arguments.contains("--one-lane-one-decode-per-width")
        let lanes = asBefore ? 1 : max(1, ProcessInfo.processInfo.activeProcessorCount)
        let bytes = Atomic<Int>(0)
        let failures = Atomic<Int>(0)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            DispatchQueue.concurrentPerform(iterations: lanes) { lane in
                for name in files.enumerated().filter({ $0.offset % lanes == lane }).map(\.element) {
                    do {
                        let data = try Data(contentsOf: folder.appendingPathComponent(name))
                        let made =
                            asBefore
                            ? try widths.map { try Thumbnailer.makeThumbnail(of: data, width: $0) }
                            : try Thumbnailer.makeThumbnails(of: data, widths: widths)
                        bytes.add(made.reduce(0) { $0 + $1.data.count }, ordering: .relaxed)
                    } catch {
                        failures.add(1, ordering: .relaxed)
                    }
                }
            }
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print(
            "files=\(files.count) lanes=\(lanes) failures=\(failures.load(ordering: .relaxed)) "
                + "thumbnail_bytes=\(bytes.load(ordering: .relaxed)) seconds=\(seconds)")
    }
}
