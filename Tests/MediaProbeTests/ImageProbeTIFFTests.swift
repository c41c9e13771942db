import Foundation
import TestSupport
import Testing

@testable import MediaProbe

/// TIFFs as libvips and Pillow read them: BigTIFF, and a first directory that lies after the image data (issue 30).
@Suite struct ImageProbeTIFFTests {
    typealias F = ProbeFixture

    @Test func aBigTIFFIsATIFF() throws {
        let bigTIFF = try Fixture.data("bigtiff.tif")
        #expect(ImageProbe.format(of: bigTIFF) == .tiff)
        #expect(try ImageProbe.probe(bigTIFF) == ImageInfo(format: .tiff, width: 16, height: 16))
    }

    /// A big-endian BigTIFF whose IFD0 holds ImageWidth and ImageLength as LONG8 and an Orientation.
    @Test func aBigTIFFsLong8SizesAndOrientationAreRead() throws {
        func u64(_ value: Int) -> [UInt8] { F.be32(value >> 32) + F.be32(value & 0xFFFF_FFFF) }
        func entry(_ tag: Int, _ type: Int, _ value: [UInt8]) -> [UInt8] {
            F.be16(tag) + F.be16(type) + u64(1) + value + [UInt8](repeating: 0, count: 8 - value.count)
        }
        var bytes = F.ascii("MM") + F.be16(43) + F.be16(8) + F.be16(0) + u64(16)
        bytes += u64(3) + entry(256, 16, u64(70_000)) + entry(257, 16, u64(3)) + entry(274, 3, F.be16(8)) + u64(0)
        let info = try ImageProbe.probe(Data(bytes))
        #expect(info == ImageInfo(format: .tiff, width: 3, height: 70_000, orientation: 8))
    }

    @Test func aTIFFWhoseDirectoryFollowsFiveMegabytesOfImageDataIsRead() throws {
        let pixels = 5 * 1024 * 1024
        var bytes = F.ascii("II") + F.le16(42) + F.le32(8 + pixels) + [UInt8](repeating: 0x7F, count: pixels)
        bytes += F.le16(2) + F.le16(256) + F.le16(4) + F.le32(1) + F.le32(2_048)
        bytes += F.le16(257) + F.le16(4) + F.le32(1) + F.le32(2_560) + F.le32(0)
        let whole = Data(bytes)
        #expect(try ImageProbe.probe(whole).width == 2_048)
        // Within the first 4 MB the directory is out of reach: why ingestion reads the whole file.
        #expect(throws: ImageProbe.Error.truncated) { try ImageProbe.probe(whole.prefix(4 * 1024 * 1024)) }
    }
}
