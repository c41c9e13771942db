import Foundation
import TestSupport
import Testing

@testable import MediaProbe

/// EXIF orientation beyond JPEG: a WebP's `EXIF` chunk, a PNG's `eXIf`, a TIFF's tag, a HEIC's `irot` (issue 30). The
/// fixtures store a 400 × 600 picture turned a quarter anticlockwise (600 × 400) with orientation 6.
@Suite struct ImageProbeOrientationTests {
    typealias F = ProbeFixture

    @Test(arguments: [
        "webp-orientation-6.webp", "webp-orientation-6-exif-prefix.webp", "png-orientation-6.png",
        "jpeg-orientation-6.jpg", "tiff-orientation-6.tif",
    ])
    func aPictureStoredSidewaysIsToldUpright(name: String) throws {
        let info = try ImageProbe.probe(try Fixture.data(name))
        #expect(info.orientation == 6)
        #expect(info.width == 400 && info.height == 600)
    }

    @Test func aHEICTurnedByIrotIsToldUpright() throws {
        let info = try ImageProbe.probe(try Fixture.data("heic-irot-90.heic"))
        #expect(info.format == .heic)
        #expect(info.orientation == 8)
        #expect(info.width == 40 && info.height == 60)
    }

    /// A still extended WebP (VP8X with the EXIF flag), its image data, then an `EXIF` chunk holding `exif`.
    private static func webp(exif: [UInt8], animated: Bool = false) -> Data {
        let flags: UInt8 = 0x08 | (animated ? 0x02 : 0)
        var chunks = F.ascii("VP8X") + F.le32(10) + [flags, 0, 0, 0] + F.le24(599) + F.le24(399)
        chunks += F.ascii("VP8L") + F.le32(5) + [0x2F, 0, 0, 0, 0] + [0]
        chunks += F.ascii("EXIF") + F.le32(exif.count) + exif + (exif.count % 2 == 1 ? [0] : [])
        return F.riff(chunks)
    }

    /// A TIFF header whose IFD0 holds only Orientation, as an EXIF block carries it.
    private static func tiffHeader(_ orientation: Int, _ order: F.ExifByteOrder, type: Int = 3) -> [UInt8] {
        let u16: (Int) -> [UInt8] = { order == .intel ? F.le16($0) : F.be16($0) }
        let u32: (Int) -> [UInt8] = { order == .intel ? F.le32($0) : F.be32($0) }
        let value = type == 3 ? u16(orientation) + [0, 0] : u32(orientation)
        return F.ascii(order.rawValue) + u16(42) + u32(8) + u16(1) + u16(0x0112) + u16(type) + u32(1) + value + u32(0)
    }

    @Test(arguments: F.ExifByteOrder.allCases, [false, true])
    func aWebPsOrientationIsReadHoweverItsEXIFIsWritten(order: F.ExifByteOrder, withPrefix: Bool) throws {
        for orientation in 1...8 {
            for type in [3, 4] {
                let exif =
                    (withPrefix ? F.ascii("Exif") + [0, 0] : []) + Self.tiffHeader(orientation, order, type: type)
                let info = try ImageProbe.probe(Self.webp(exif: exif))
                #expect(info.orientation == orientation)
                let turned = orientation >= 5
                #expect(info.width == (turned ? 400 : 600) && info.height == (turned ? 600 : 400))
            }
        }
    }

    @Test func anAnimatedWebPKeepsItsSizeAsStored() throws {
        // Browsers play an animation as stored; there is no upright copy of it to show instead.
        let info = try ImageProbe.probe(Self.webp(exif: Self.tiffHeader(6, .intel), animated: true))
        #expect(info.orientation == 1 && info.width == 600)
    }

    @Test func aPNGsEXIfChunkAfterItsImageDataIsRead() throws {
        var bytes: [UInt8] = ImageProbe.pngSignature + F.pngChunk("IHDR", F.be32(600) + F.be32(400) + [8, 2, 0, 0, 0])
        bytes += F.pngChunk("IDAT", [0x78, 0x9C]) + F.pngChunk("eXIf", Self.tiffHeader(8, .motorola))
        bytes += F.pngChunk("IEND", [])
        let info = try ImageProbe.probe(Data(bytes))
        #expect(info.orientation == 8 && info.width == 400 && info.height == 600)
    }

    @Test func anEXIFChunkWithAnOrientationOutOfRangeLeavesTheImageAsStored() throws {
        let info = try ImageProbe.probe(Self.webp(exif: Self.tiffHeader(9, .intel)))
        #expect(info.orientation == 1 && info.width == 600)
    }

    @Test func aTurnedStillWebPOrPNGIsShownThroughAnUprightCopy() throws {
        #expect(ImageAcceptance.needsDisplayCopy(try ImageProbe.probe(try Fixture.data("webp-orientation-6.webp"))))
        #expect(ImageAcceptance.needsDisplayCopy(try ImageProbe.probe(try Fixture.data("png-orientation-6.png"))))
        #expect(ImageAcceptance.needsDisplayCopy(try ImageProbe.probe(try Fixture.data("tiff-orientation-6.tif"))))
        // Every browser turns a JPEG itself; an unturned image is shown as it is.
        #expect(!ImageAcceptance.needsDisplayCopy(try ImageProbe.probe(try Fixture.data("jpeg-orientation-6.jpg"))))
        #expect(!ImageAcceptance.needsDisplayCopy(try ImageProbe.probe(Self.webp(exif: Self.tiffHeader(1, .intel)))))
    }
}
