import Foundation
import Thumbnails

/// Makes a `width`-wide thumbnail of every .jpg in a folder, in process, as the server does; prints seconds taken.
@main
enum ThumbnailBenchmark {
    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2 else {
            FileHandle.standardError.write(Data("usage: thumbnail-benchmark FOLDER [WIDTH]\n".utf8))
            exit(2)
        }
        let width = arguments.count > 2 ? Int(arguments[2]) ?? 512 : 512
        guard Thumbnailer.isAvailable else {
            FileHandle.standardError.write(Data("libvips is not installed\n".utf8))
            exit(3)
        }
        let folder = URL(fileURLWithPath: arguments[1], isDirectory: true)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".jpg") }.sorted()
        let clock = ContinuousClock()
        var bytes = 0
        let elapsed = try clock.measure {
            for name in files {
                let data = try Data(contentsOf: folder.appendingPathComponent(name))
                bytes += try Thumbnailer.makeThumbnail(of: data, width: width).data.count
            }
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("files=\(files.count) thumbnail_bytes=\(bytes) seconds=\(seconds)")
    }
}
