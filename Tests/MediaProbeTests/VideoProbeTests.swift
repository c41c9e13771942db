import Foundation
import MediaProbe
import TestSupport
import Testing

/// Probes bytes in memory, as the server probes a file.
func probeVideo(_ data: Data) throws -> VideoInfo {
    try VideoProbe.probe(fileSize: Int64(data.count)) { offset, count in
        let start = Int(offset)
        return data.subdata(in: start..<min(data.count, start + count))
    }
}

@Suite("Reading video headers")
struct VideoProbeTests {
    @Test(arguments: [
        ("faststart.mp4", "video/mp4", VideoContainer.isoBaseMedia),
        ("moov-at-end.mp4", "video/mp4", .isoBaseMedia),
        ("clip.mov", "video/quicktime", .isoBaseMedia),
        ("clip.webm", "video/webm", .matroska),
    ])
    func eachFixtureHasItsSizeAndDuration(name: String, mimeType: String, container: VideoContainer) throws {
        let info = try probeVideo(try Fixture.data(name))
        #expect(info.container == container)
        #expect(info.mimeType == mimeType)
        #expect(info.width == 64)
        #expect(info.height == 48)
        #expect(info.rotationDegrees == 0)
        let duration = try #require(info.durationSeconds)
        #expect(abs(duration - 1.5) < 0.1)
    }

    @Test func aRotatedVideoIsMeasuredAsItIsShown() throws {
        let info = try probeVideo(try Fixture.data("rotated-270.mp4"))
        #expect(info.rotationDegrees == 270)
        #expect(info.width == 48)
        #expect(info.height == 64)
    }

    @Test(arguments: [
        ([0, 1, -1, 0] as [Int32], 90), ([-1, 0, 0, -1], 180), ([0, -1, 1, 0], 270), ([1, 0, 0, 1], 0),
    ])
    func theMatrixGivesTheClockwiseRotation(matrix: [Int32], degrees: Int) throws {
        let data = ftyp("isom") + box("moov", videoTrack(width: 640, height: 480, matrix: matrix))
        let info = try probeVideo(Data(data))
        #expect(info.rotationDegrees == degrees)
        #expect(info.width == (degrees % 180 == 0 ? 640 : 480))
    }

    @Test func aTruncatedMP4IsSaidToBeCutOff() throws {
        // Cut before its header (the `ftyp` box is 32 bytes, the `moov` box follows); cut after the header, its frames
        // are kept (VideoCodecTests).
        let whole = try Fixture.data("faststart.mp4")
        #expect(throws: VideoProbe.Error.truncated) { try probeVideo(whole.prefix(32)) }
        let moovLast = try Fixture.data("moov-at-end.mp4")
        #expect(throws: VideoProbe.Error.truncated) { try probeVideo(moovLast.prefix(moovLast.count / 2)) }
    }

    @Test func aMoovBoxClaimingMoreThanTheFileIsDamaged() throws {
        let moov = box("moov", box("mvhd", [UInt8](repeating: 0, count: 100)))
        var lying = ftyp("isom") + moov
        let sizeAt = ftyp("isom").count
        lying.replaceSubrange(sizeAt..<sizeAt + 4, with: bigEndian32(UInt32(moov.count + 1_000_000)))
        #expect(throws: VideoProbe.Error.damaged("the 'moov' box claims more bytes than the file has")) {
            try probeVideo(Data(lying))
        }
    }

    @Test func aHugeDeclaredSizeIsReadAsDeclaredForTheCallerToRefuse() throws {
        // 16.16 fixed point holds at most 65,535: the largest size a `tkhd` can declare.
        let data = ftyp("isom") + box("moov", videoTrack(width: 65_535, height: 65_535)) + box("mdat", [1, 2, 3])
        let info = try probeVideo(Data(data))
        #expect(info.width == 65_535)
        #expect(info.height == 65_535)
        #expect(info.durationSeconds == nil)
    }

    @Test func webMGarbageAfterAValidMagicIsAnErrorNotACrash() throws {
        let garbage: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3] + (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        #expect(throws: VideoProbe.Error.self) { try probeVideo(Data(garbage)) }
        let webm = try Fixture.data("clip.webm")
        var broken = [UInt8](webm)
        for index in 40..<min(400, broken.count) { broken[index] = 0xFF }
        #expect(throws: (any Error).self) { try probeVideo(Data(broken)) }
    }

    @Test func aPNGIsNoVideoWhateverItsName() throws {
        let png = PNGBuilder.make(width: 2, height: 2)
        #expect(VideoProbe.container(ofHeader: png) == nil)
        #expect(throws: VideoProbe.Error.notAVideo) { try probeVideo(png) }
        #expect(throws: VideoProbe.Error.notAVideo) { try probeVideo(Data()) }
    }

    @Test func stillImagesInTheSameContainerAreNoVideos() {
        #expect(VideoProbe.container(ofHeader: Data(ftyp("heic"))) == nil)
        #expect(VideoProbe.container(ofHeader: Data(ftyp("avif"))) == nil)
        #expect(VideoProbe.container(ofHeader: Data(ftyp("mp42"))) == .isoBaseMedia)
    }

    @Test func randomBytesNeverCrashTheReader() throws {
        var generator = SeededGenerator(seed: 12)
        let starts: [[UInt8]] = [ftyp("isom"), [0x1A, 0x45, 0xDF, 0xA3], []]
        let webm = [UInt8](try Fixture.data("clip.webm"))
        let mp4 = [UInt8](try Fixture.data("faststart.mp4"))
        for round in 0..<3_000 {
            var bytes: [UInt8]
            switch round % 3 {
            case 0:
                bytes =
                    starts[Int(generator.next() % 3)]
                    + (0..<Int(generator.next() % 300)).map { _ in
                        UInt8(truncatingIfNeeded: generator.next())
                    }
            case 1:
                bytes = webm
                for _ in 0..<8 {
                    bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
                }
            default:
                bytes = mp4
                for _ in 0..<8 {
                    bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: generator.next())
                }
            }
            _ = try? probeVideo(Data(bytes))
        }
    }
}

// MARK: - Building ISO base media boxes

func bigEndian32(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
}

func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
    bigEndian32(UInt32(8 + payload.count)) + Array(type.utf8) + payload
}

func ftyp(_ brand: String) -> [UInt8] {
    box("ftyp", Array(brand.utf8) + [0, 0, 0, 0] + Array("isom".utf8))
}

/// A `trak` with a version 0 `tkhd` of this size and matrix (a, b, c, d), handled as video.
func videoTrack(width: UInt32, height: UInt32, matrix: [Int32] = [1, 0, 0, 1]) -> [UInt8] {
    let unit = { (value: Int32) in UInt32(bitPattern: value &* 65536) }
    let full: [UInt32] = [unit(matrix[0]), unit(matrix[1]), 0, unit(matrix[2]), unit(matrix[3]), 0, 0, 0, 0x4000_0000]
    let header =
        [UInt8](repeating: 0, count: 4 + 20 + 8 + 8) + full.flatMap(bigEndian32)
        + bigEndian32(width &* 65536) + bigEndian32(height &* 65536)
    let handler = [UInt8](repeating: 0, count: 8) + Array("vide".utf8) + [UInt8](repeating: 0, count: 12)
    return box("trak", box("tkhd", header) + box("mdia", box("hdlr", handler)))
}
