import Foundation
import GalleryCore
import MediaProbe
import TestSupport
import Testing

private let someHash = String(repeating: "c", count: 64)

private func evaluate(_ bytes: Data, byteCount: Int64? = nil, limits: ImageLimits = ImageLimits())
    -> Result<StoredImage, FailureReason>
{
    ImageAcceptance.evaluate(
        header: bytes, byteCount: byteCount ?? Int64(bytes.count), hash: someHash, limits: limits)
}

@Suite("Image acceptance")
struct ImageAcceptanceTests {
    @Test func theTestPNGBuilderMakesChecksumsOfTheStandard() {
        #expect(PNGBuilder.crc32(Array("IEND".utf8)) == 0xAE42_6082)
        #expect(PNGBuilder.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
    }

    @Test func aValidPNGIsStoredWithItsSize() {
        let png = PNGBuilder.make(width: 3, height: 2)
        let expected = StoredImage(
            hash: someHash, mimeType: "image/png", width: 3, height: 2, byteCount: Int64(png.count))
        #expect(evaluate(png) == .success(expected))
    }

    @Test func aFileOverTheByteLimitIsTooLarge() {
        let png = PNGBuilder.make(width: 3, height: 2)
        let limits = ImageLimits(maximumBytes: 100)
        #expect(evaluate(png, byteCount: 101, limits: limits) == .failure(.tooLarge(limitBytes: 100)))
        #expect((try? evaluate(png, byteCount: 100, limits: limits).get()) != nil)
    }

    @Test func aHeaderDeclaringFiftyThousandSquaredPixelsHasTooManyPixels() {
        let header = PNGBuilder.header(width: 50_000, height: 50_000)
        #expect(evaluate(header) == .failure(.tooManyPixels(limitPixels: 50_000_000)))
    }

    @Test func pixelsUpToTheLimitAreAccepted() {
        let png = PNGBuilder.make(width: 3, height: 2)
        #expect((try? evaluate(png, limits: ImageLimits(maximumPixels: 6)).get())?.width == 3)
        #expect(evaluate(png, limits: ImageLimits(maximumPixels: 5)) == .failure(.tooManyPixels(limitPixels: 5)))
    }

    @Test func textIsNotAnImage() {
        #expect(evaluate(Data("Hello, this is not a picture.\n".utf8)) == .failure(.notAnImage))
    }

    @Test func nothingIsNotAnImage() {
        #expect(evaluate(Data()) == .failure(.notAnImage))
    }

    @Test func aCutOffPNGIsDamaged() {
        #expect(evaluate(Data(PNGBuilder.signature)) == .failure(.damaged))
    }

    @Test func aRecognisedButUnsupportedFormatIsNamed() {
        let svg = Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>"#.utf8)
        #expect(evaluate(svg) == .failure(.unsupportedFormat("SVG")))
    }

    @Test func aBitmapWithoutASizeIsDamaged() {
        var bmp = [UInt8](repeating: 0, count: 54)
        bmp[0] = UInt8(ascii: "B")
        bmp[1] = UInt8(ascii: "M")
        bmp[14] = 40
        #expect(evaluate(Data(bmp)) == .failure(.damaged))
    }
}

@Suite struct FormatsBrowsersCannotShowTests {
    @Test func aTIFFIsMeasuredButRefusedUntilItCanBeConverted() {
        // II*\0, IFD at 8 with ImageWidth 3 and ImageLength 2 (SHORT).
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00, 0x02, 0x00]
        tiff += [0x00, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00]
        tiff += [0x01, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00]
        tiff += [0x00, 0x00, 0x00, 0x00]
        let data = Data(tiff)
        #expect((try? ImageProbe.probe(data))?.width == 3)
        let result = ImageAcceptance.evaluate(
            header: data, byteCount: Int64(data.count), hash: String(repeating: "d", count: 64),
            limits: ImageLimits())
        #expect(result == .failure(.unsupportedFormat("TIFF")))
    }
}
