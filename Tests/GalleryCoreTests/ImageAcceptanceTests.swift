import Foundation
import GalleryCore
import Testing

/// Builds valid PNG files: RGB, 8 bits, the image data in stored (uncompressed) deflate blocks.
private enum PNGBuilder {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A whole PNG file of the given size.
    static func make(width: Int, height: Int) -> Data {
        var scanlines: [UInt8] = []
        for y in 0..<height {
            scanlines.append(0)  // filter type: none
            for x in 0..<width {
                scanlines += [UInt8(truncatingIfNeeded: x * 40), UInt8(truncatingIfNeeded: y * 40), 0x80]
            }
        }
        return Data(
            signature + chunk("IHDR", imageHeader(width: width, height: height)) + chunk("IDAT", zlibStored(scanlines))
                + chunk("IEND", []))
    }

    /// Only the signature and the `IHDR` chunk: what a prober reads first.
    static func header(width: Int, height: Int) -> Data {
        Data(signature + chunk("IHDR", imageHeader(width: width, height: height)))
    }

    static func imageHeader(width: Int, height: Int) -> [UInt8] {
        bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0]
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(crc32(typeAndData))
    }

    /// A zlib stream of non-compressed deflate blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let isLast = offset + length == data.count
            let length16 = UInt16(length)
            out.append(isLast ? 1 : 0)
            out += [UInt8(length16 & 0xff), UInt8(length16 >> 8), UInt8(~length16 & 0xff), UInt8(~length16 >> 8)]
            out += data[offset..<offset + length]
            offset += length
        } while offset < data.count
        return out + bigEndian(adler32(data))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xff), UInt8((value >> 8) & 0xff), UInt8(value & 0xff)]
    }
}

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
        var bmp = [UInt8](repeating: 0, count: 54)
        bmp[0] = UInt8(ascii: "B")
        bmp[1] = UInt8(ascii: "M")
        bmp[14] = 40
        #expect(evaluate(Data(bmp)) == .failure(.unsupportedFormat("BMP")))
    }
}

@Suite("Item titles")
struct ItemTitleTests {
    @Test(arguments: [
        ("https://example.com/photos/cat.png", "cat.png"),
        ("https://example.com/photos/cat%20face.png?size=large", "cat face.png"),
        ("https://example.com/", "example.com"),
        ("https://example.com", "example.com"),
        ("data:image/png;base64,iVBORw0KGgo=", "Dropped image"),
    ])
    func aURLIsTitledByItsLastPartOrHost(url: String, title: String) {
        #expect(ItemTitle.make(fromURL: url) == title)
    }

    @Test func aLongURLTitleIsClipped() {
        let title = ItemTitle.make(fromURL: "https://example.com/" + String(repeating: "a", count: 300) + ".png")
        #expect(title.count == 200)
    }

    @Test(arguments: [
        ("a.png", "a.png"),
        ("folder/sub/b.jpg", "b.jpg"),
        ("C:\\Users\\me\\c.gif", "c.gif"),
        ("", "Dropped file"),
        ("/", "Dropped file"),
        ("bell\u{07}\nname.png", "bellname.png"),
    ])
    func aFileIsTitledByItsNameWithoutFolders(name: String, title: String) {
        #expect(ItemTitle.make(fromFileName: name) == title)
    }
}

@Suite("Failure reasons")
struct FailureReasonTests {
    static let everyReason: [FailureReason] = [
        .notAnImage, .unsupportedFormat("TIFF"), .damaged, .tooLarge(limitBytes: 50_000_000),
        .tooManyPixels(limitPixels: 50_000_000), .hostNotFound, .addressNotAllowed, .invalidURL("no host"), .timedOut,
        .httpStatus(404), .tooManyRedirects, .connectionFailed, .uploadInterrupted, .internalError,
    ]

    @Test(arguments: everyReason)
    func aReasonSurvivesJSON(reason: FailureReason) throws {
        let json = try JSONEncoder().encode(reason)
        #expect(try JSONDecoder().decode(FailureReason.self, from: json) == reason)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(object["code"] as? String == reason.code)
        #expect(object["message"] as? String == reason.message)
    }

    @Test func everyReasonHasItsOwnCode() {
        #expect(Set(Self.everyReason.map(\.code)).count == Self.everyReason.count)
    }

    @Test(arguments: [
        (FailureReason.notAnImage, "Not an image"),
        (.addressNotAllowed, "Address not allowed"),
        (.hostNotFound, "Host not found"),
        (.timedOut, "Timed out"),
        (.httpStatus(404), "The site answered 404 (not found)"),
        (.httpStatus(503), "The site answered 503 (server error)"),
        (.httpStatus(418), "The site answered 418"),
        (.tooLarge(limitBytes: 50_000_000), "Too large (the limit is 50 MB)"),
        (.tooLarge(limitBytes: 1234), "Too large (the limit is 1234 bytes)"),
        (.tooManyPixels(limitPixels: 50_000_000), "Too many pixels (the limit is 50 megapixels)"),
        (.unsupportedFormat("BMP"), "Unsupported image format (BMP)"),
    ])
    func aReasonReadsAsPlainWords(reason: FailureReason, message: String) {
        #expect(reason.message == message)
    }

    @Test func anUnknownCodeReadsAsAnInternalError() throws {
        let json = Data(#"{"code":"from-the-future","message":"?"}"#.utf8)
        #expect(try JSONDecoder().decode(FailureReason.self, from: json) == .internalError)
    }

    @Test func fetchErrorsBecomeTheReasonsAUserSees() {
        let limits = Fetcher.Limits(maximumBytes: 1_000_000)
        #expect(Fetcher.Error.blockedAddress.failureReason(limits: limits) == .addressNotAllowed)
        #expect(Fetcher.Error.hostNotFound.failureReason(limits: limits) == .hostNotFound)
        #expect(Fetcher.Error.tooLarge.failureReason(limits: limits) == .tooLarge(limitBytes: 1_000_000))
        #expect(Fetcher.Error.httpStatus(404).failureReason(limits: limits) == .httpStatus(404))
        #expect(Fetcher.Error.connectionFailed("reset").failureReason(limits: limits) == .connectionFailed)
    }
}
