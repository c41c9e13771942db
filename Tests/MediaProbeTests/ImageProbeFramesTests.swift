import Foundation
import GalleryCore
import TestSupport
import Testing

@testable import MediaProbe

/// What the header says about every frame, and headers that show no decoder can draw the image: the check before
/// "ready" when there is no decoder to try (issue 30).
@Suite struct ImageProbeFramesTests {
    typealias F = ProbeFixture

    private static func accepted(_ data: Data) -> Result<StoredImage, FailureReason> {
        ImageAcceptance.evaluate(
            header: data, byteCount: Int64(data.count), hash: String(repeating: "e", count: 64), limits: ImageLimits())
    }

    @Test func aGIFFrameFarLargerThanItsScreenIsTooManyPixels() throws {
        let bomb = try Fixture.data("gif-frame-larger-than-screen.gif")
        let info = try ImageProbe.probe(bomb)
        #expect(info.width == 32 && info.height == 32)
        #expect(info.largestFramePixels == 65_535 * 1_321)
        #expect(Self.accepted(bomb) == .failure(.tooManyPixels(limitPixels: 50_000_000)))
    }

    @Test func aGIFFrameSeenAfterTheFirstFourMegabytesCounts() throws {
        // A 100 × 100 GIF whose first frame holds 5 MB of data, then a second frame declaring 60,000 × 1,000.
        var bytes = F.ascii("GIF89a") + F.le16(100) + F.le16(100) + [0x80, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF]
        bytes += [0x2C] + F.le16(0) + F.le16(0) + F.le16(100) + F.le16(100) + [0x00, 0x02]
        for _ in 0..<(5_000_000 / 256) { bytes += [0xFF] + [UInt8](repeating: 0, count: 255) }
        bytes += [0x00]
        bytes += [0x2C] + F.le16(0) + F.le16(0) + F.le16(60_000) + F.le16(1_000) + [0x00, 0x02, 0x01, 0x00, 0x00, 0x3B]
        let whole = Data(bytes)
        #expect(try ImageProbe.probe(whole).largestFramePixels == 60_000_000)
        #expect(try ImageProbe.probe(whole).frameCount == 2)
        #expect(Self.accepted(whole) == .failure(.tooManyPixels(limitPixels: 50_000_000)))
        // The first 4 MB alone do not reach it: why ingestion reads the whole file.
        #expect(try ImageProbe.probe(whole.prefix(4 * 1024 * 1024)).largestFramePixels == 10_000)
    }

    @Test func aGIFWhoseTrailerComesBeforeAnyFrameHoldsNoPicture() {
        let gif = Data(F.ascii("GIF89a") + F.le16(10) + F.le16(10) + [0, 0, 0] + [0x3B])
        #expect(throws: ImageProbe.Error.undecodable("the GIF holds no picture")) { try ImageProbe.probe(gif) }
    }

    @Test func aPNGWithoutImageDataCannotBeDecoded() throws {
        let png = try Fixture.data("apng-no-image-data.png")
        #expect(throws: ImageProbe.Error.undecodable("the PNG has no image data")) { try ImageProbe.probe(png) }
        #expect(Self.accepted(png) == .failure(.undecodable("the PNG has no image data")))
        #expect(
            FailureReason.undecodable("the PNG has no image data").message
                == "The image cannot be decoded: the PNG has no image data")
    }

    @Test func anAPNGDeclaringMoreThanTwoToThe31FramesIsAStillImage() throws {
        let png = try Fixture.data("apng-invalid-frame-count.png")
        let info = try ImageProbe.probe(png)
        #expect(info == ImageInfo(format: .png, width: 32, height: 16))
        #expect((try? Self.accepted(png).get())?.width == 32)
    }

    @Test func anAPNGDeclaringNoFramesIsAStillImage() throws {
        var bytes: [UInt8] = ImageProbe.pngSignature + F.pngChunk("IHDR", F.be32(20) + F.be32(10) + [8, 6, 0, 0, 0])
        bytes += F.pngChunk("acTL", F.be32(0) + F.be32(0)) + F.pngChunk("IDAT", [0x78, 0x9C]) + F.pngChunk("IEND", [])
        #expect(try ImageProbe.probe(Data(bytes)) == ImageInfo(format: .png, width: 20, height: 10))
    }

    @Test func everyAPNGFrameSizeCounts() throws {
        func fcTL(_ sequence: Int, _ width: Int, _ height: Int) -> [UInt8] {
            F.pngChunk("fcTL", F.be32(sequence) + F.be32(width) + F.be32(height) + [UInt8](repeating: 0, count: 14))
        }
        var bytes: [UInt8] = ImageProbe.pngSignature + F.pngChunk("IHDR", F.be32(20) + F.be32(10) + [8, 6, 0, 0, 0])
        bytes += F.pngChunk("acTL", F.be32(2) + F.be32(0)) + fcTL(0, 20, 10) + F.pngChunk("IDAT", [0x78, 0x9C])
        bytes += fcTL(1, 10_000, 6_000) + F.pngChunk("fdAT", F.be32(2)) + F.pngChunk("IEND", [])
        let info = try ImageProbe.probe(Data(bytes))
        #expect(info.isAnimated && info.frameCount == 2)
        #expect(info.largestFramePixels == 60_000_000)
        #expect(Self.accepted(Data(bytes)) == .failure(.tooManyPixels(limitPixels: 50_000_000)))
    }

    @Test func everyAnimatedWebPFrameSizeCounts() throws {
        func anmf(width: Int, height: Int) -> [UInt8] {
            let payload = F.le24(0) + F.le24(0) + F.le24(width - 1) + F.le24(height - 1) + F.le24(100) + [0]
            return F.ascii("ANMF") + F.le32(payload.count) + payload
        }
        var chunks = F.ascii("VP8X") + F.le32(10) + [0x12, 0, 0, 0] + F.le24(99) + F.le24(99)
        chunks += F.ascii("ANIM") + F.le32(6) + [0, 0, 0, 0, 0, 0]
        chunks += anmf(width: 100, height: 100) + anmf(width: 9_000, height: 9_000)
        let info = try ImageProbe.probe(F.riff(chunks))
        #expect(info.frameCount == 2 && info.largestFramePixels == 81_000_000)
    }

    @Test(arguments: [
        ("bmp-bad-bit-count.bmp", "the BMP declares 30000 bits per pixel"),
        ("bmp-holding-jpeg.bmp", "a BMP holding a JPEG image, which browsers do not show"),
        ("bmp-holding-png.bmp", "a BMP holding a PNG image, which browsers do not show"),
    ])
    func aBMPBrowsersCannotDecodeIsRefusedSayingWhy(name: String, why: String) throws {
        let bmp = try Fixture.data(name)
        #expect(throws: ImageProbe.Error.undecodable(why)) { try ImageProbe.probe(bmp) }
        #expect(Self.accepted(bmp) == .failure(.undecodable(why)))
    }

    /// A BMP with a BITMAPINFOHEADER, `bits` per pixel and `compression`.
    private static func bmp(bits: Int, compression: Int) -> Data {
        var dib = F.le32(40) + F.le32(4) + F.le32(4) + F.le16(1) + F.le16(bits) + F.le32(compression)
        dib += [UInt8](repeating: 0, count: 40 - dib.count)
        return Data(
            F.ascii("BM") + F.le32(14 + 40 + 64) + [0, 0, 0, 0] + F.le32(54) + dib + [UInt8](repeating: 0, count: 64))
    }

    @Test(arguments: [
        (1, 0), (2, 0), (4, 0), (4, 2), (8, 0), (8, 1), (16, 0), (16, 3), (24, 0), (32, 0), (32, 3), (32, 6),
    ])
    func aBMPEncodingBrowsersDecodeIsRead(bits: Int, compression: Int) throws {
        #expect(try ImageProbe.probe(Self.bmp(bits: bits, compression: compression)).width == 4)
    }

    @Test(arguments: [(24, 1), (8, 2), (24, 3), (64, 0), (0, 0), (8, 7)])
    func aBMPEncodingBrowsersDoNotDecodeIsUndecodable(bits: Int, compression: Int) {
        #expect {
            try ImageProbe.probe(Self.bmp(bits: bits, compression: compression))
        } throws: { error in
            guard case .undecodable(let why) = error as? ImageProbe.Error else { return false }
            return why.contains("\(bits) bits")
        }
    }
}
