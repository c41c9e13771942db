import Foundation
import Thumbnails

/// An image decoded to 8-bit samples by the `vips` command (libvips-tools), for tests that look at the pixels of a
/// thumbnail or a display copy: it writes them as a PPM (or a PGM for a grey image), which is read here.
public struct DecodedImage: Sendable {
    /// Its width in pixels.
    public var width: Int
    /// Its height in pixels.
    public var height: Int
    /// 1 (grey) or 3 (red, green, blue).
    public var channels: Int
    /// The samples, row by row.
    public var samples: [UInt8]

    /// Why an image could not be decoded.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }

    /// The `vips` program, if it is on the `PATH`.
    public static let program: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("vips") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Whether images can be decoded here.
    public static var isAvailable: Bool { program != nil }

    /// Decodes an encoded image (WebP, PNG, JPEG …).
    public init(_ encoded: Data) throws {
        guard let program = Self.program else { throw Failure(description: "the vips command is not installed") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("decoded-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in")
        let output = folder.appendingPathComponent("out.ppm")
        try encoded.write(to: input)
        let outcome = try ExternalProgram.run(program, ["copy", input.path, output.path], niceness: 0, timeLimit: 60)
        guard outcome.status == 0 else {
            throw Failure(description: "vips could not decode the image (\(outcome.status)): \(outcome.messages)")
        }
        try self.init(netpbm: try Data(contentsOf: output))
    }

    /// Reads a binary PGM (`P5`) or PPM (`P6`) of 8-bit samples, with `#` comments in its header.
    init(netpbm data: Data) throws {
        let bytes = [UInt8](data)
        var offset = 0
        func token() throws -> String {
            while offset < bytes.count {
                if bytes[offset] == UInt8(ascii: "#") {
                    while offset < bytes.count, bytes[offset] != 0x0A { offset += 1 }
                } else if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) {
                    offset += 1
                } else {
                    break
                }
            }
            let start = offset
            while offset < bytes.count, ![0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
            guard offset > start else { throw Failure(description: "the PPM header ends early") }
            return String(decoding: bytes[start..<offset], as: UTF8.self)
        }
        let magic = try token()
        guard magic == "P5" || magic == "P6", let width = Int(try token()), let height = Int(try token()),
            try token() == "255"
        else { throw Failure(description: "not an 8-bit PGM or PPM") }
        offset += 1  // the one white-space byte before the samples
        self.width = width
        self.height = height
        channels = magic == "P5" ? 1 : 3
        samples = Array(bytes[min(offset, bytes.count)...])
        guard samples.count >= width * height * channels else { throw Failure(description: "the samples end early") }
    }

    /// The red, green and blue of the pixel at these fractions of the width and height (0 ≤ x, y < 1); a grey
    /// image's three are equal.
    public func color(atX x: Double, y: Double) -> [Int] {
        let column = min(width - 1, Int(Double(width) * x))
        let row = min(height - 1, Int(Double(height) * y))
        let start = (row * width + column) * channels
        return channels == 1
            ? Array(repeating: Int(samples[start]), count: 3) : samples[start..<start + 3].map(Int.init)
    }

    /// Whether the pixel at these fractions is within `tolerance` of `expected` in each of red, green and blue.
    public func looks(_ expected: [Int], atX x: Double, y: Double, tolerance: Int = 40) -> Bool {
        zip(color(atX: x, y: y), expected).allSatisfy { abs($0 - $1) <= tolerance }
    }

    /// The colours of `quadrants` in make-images.py, upright: red, green / blue, white.
    public static let quadrantColors = (
        topLeft: [220, 30, 30], topRight: [30, 200, 30], bottomLeft: [30, 30, 220], bottomRight: [255, 255, 255]
    )

    /// Whether this is the `quadrants` picture of make-images.py, upright (read at the middle of each quarter).
    public var showsUprightQuadrants: Bool {
        let colors = Self.quadrantColors
        return looks(colors.topLeft, atX: 0.25, y: 0.25) && looks(colors.topRight, atX: 0.75, y: 0.25)
            && looks(colors.bottomLeft, atX: 0.25, y: 0.75) && looks(colors.bottomRight, atX: 0.75, y: 0.75)
    }
}
