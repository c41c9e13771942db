import Foundation
import TestSupport
import Testing
import Thumbnails

/// The decode check before "ready" (issue 30): an image that makes no thumbnail is decoded all the same.
@Suite("Decoding with libvips")
struct ThumbnailerDecodeTests {
    @Test(
        "A small PNG whose compressed data is garbage does not decode, and says why",
        .enabled(if: Thumbnailer.isAvailable, "libvips is not installed (apt install libvips42)"))
    func brokenDataDoesNotDecode() throws {
        let png = try Fixture.data("png-broken-data.png")
        #expect {
            try Thumbnailer.checkDecodes(png)
        } throws: { error in
            guard case .failed(let message) = error as? Thumbnailer.Error else { return false }
            return !DecoderMessage.plainWords(message).isEmpty
        }
    }

    @Test(
        "Whole images decode: a still PNG, every frame of an animated GIF",
        .enabled(if: Thumbnailer.isAvailable, "libvips is not installed (apt install libvips42)"))
    func wholeImagesDecode() throws {
        try Thumbnailer.checkDecodes(PNGBuilder.make(width: 40, height: 30))
        // Two 2 × 2 frames, each a one-colour LZW stream.
        var gif = Array("GIF89a".utf8) + [2, 0, 2, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255]
        gif += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
        for _ in 0..<2 {
            gif += [0x21, 0xF9, 4, 4, 10, 0, 0, 0]
            gif += [0x2C, 0, 0, 0, 0, 2, 0, 2, 0, 0, 2, 2, 0x84, 0x51, 0]
        }
        gif += [0x3B]
        try Thumbnailer.checkDecodes(Data(gif), allFrames: true)
    }

    @Test(
        "A wide PNG with broken data makes no thumbnail",
        .enabled(if: Thumbnailer.isAvailable, "libvips is not installed (apt install libvips42)"))
    func brokenDataMakesNoThumbnail() throws {
        let png = try Fixture.data("png-broken-data-wide.png")
        #expect(throws: Thumbnailer.Error.self) { try Thumbnailer.makeThumbnails(of: png, widths: [256]) }
    }

    @Test func theDecodersMessageIsPutInPlainWords() {
        #expect(
            DecoderMessage.plainWords("tiff2vips: tiled separate planes not supported\n")
                == "tiled separate planes not supported")
        #expect(
            DecoderMessage.plainWords("TIFFFillStrip: Invalid strip byte count 0, strip 1\ntiff2vips: read error\n")
                == "Invalid strip byte count 0, strip 1")
        #expect(DecoderMessage.plainWords("gifload: no frames in GIF") == "the GIF holds no picture that can be drawn")
        #expect(DecoderMessage.plainWords("magickload: operation is blocked").contains("does not use"))
        #expect(DecoderMessage.plainWords("") == "the decoder could not read it")
        #expect(
            DecoderMessage.plainWords("bad seek to 769\nvipspng: libpng read error")
                == "its compressed image data is damaged")
        #expect(DecoderMessage.plainWords(String(repeating: "x", count: 500)).count == 200)
        #expect(DecoderMessage.meansUnknownFormat("VipsForeignLoad: buffer is not in a known format"))
    }
}
