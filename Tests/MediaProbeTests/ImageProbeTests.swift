import Foundation
import TestSupport
import Testing

@testable import MediaProbe

/// Builders for minimal, valid image headers, as bytes.
enum ProbeFixture {

    static func be16(_ value: Int) -> [UInt8] { [UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)] }
    static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)] }
    static func le24(_ value: Int) -> [UInt8] { le16(value) + [UInt8((value >> 16) & 0xFF)] }
    static func be32(_ value: Int) -> [UInt8] { be16(value >> 16) + be16(value & 0xFFFF) }
    static func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16) }
    static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

    static func pngChunk(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        be32(payload.count) + ascii(type) + payload + [0, 0, 0, 0]  // CRC is not checked by the probe.
    }

    /// A PNG with IHDR, optional `acTL` before or after the first IDAT, and IEND.
    static func makePNG(width: Int, height: Int, acTLBeforeIDAT: Bool = false, acTLAfterIDAT: Bool = false) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += pngChunk("IHDR", be32(width) + be32(height) + [8, 6, 0, 0, 0])
        bytes += pngChunk("sRGB", [0])
        let acTL = pngChunk("acTL", be32(2) + be32(0))
        if acTLBeforeIDAT { bytes += acTL }
        bytes += pngChunk("IDAT", [0x78, 0x9C, 0x63, 0x00, 0x00])
        if acTLAfterIDAT { bytes += acTL }
        bytes += pngChunk("IEND", [])
        return Data(bytes)
    }

    enum ExifByteOrder: String, CaseIterable, Sendable { case intel = "II", motorola = "MM" }

    /// An APP1 segment carrying an EXIF TIFF header with IFD0 holding ImageWidth and Orientation.
    static func exifSegment(orientation: Int, order: ExifByteOrder, orientationType: Int = 3) -> [UInt8] {
        let u16: (Int) -> [UInt8] = { order == .intel ? le16($0) : be16($0) }
        let u32: (Int) -> [UInt8] = { order == .intel ? le32($0) : be32($0) }
        var tiff = ascii(order.rawValue) + u16(42) + u32(8)
        tiff += u16(2)
        tiff += u16(0x0100) + u16(4) + u32(1) + u32(640)  // ImageWidth LONG
        let value = orientationType == 3 ? u16(orientation) + [0, 0] : u32(orientation)
        tiff += u16(0x0112) + u16(orientationType) + u32(1) + value
        tiff += u32(0)  // no next IFD
        let payload = ascii("Exif") + [0, 0] + tiff
        return [0xFF, 0xE1] + be16(payload.count + 2) + payload
    }

    /// A JPEG: SOI, APP0 JFIF, optional APP1 EXIF, optional fill/standalone markers, SOFn, DHT, SOS, data, EOI.
    static func makeJPEG(
        width: Int, height: Int, sof: UInt8 = 0xC0, components: Int = 3,
        exif: [UInt8]? = nil, withPadding: Bool = false
    ) -> Data {
        var bytes: [UInt8] = [0xFF, 0xD8]
        let jfif = ascii("JFIF") + [0, 1, 1, 0] + be16(72) + be16(72) + [0, 0]
        bytes += [0xFF, 0xE0] + be16(jfif.count + 2) + jfif
        if let exif { bytes += exif }
        if components == 4 {  // Adobe APP14, as found in CMYK JPEGs.
            let adobe = ascii("Adobe") + be16(100) + be16(0) + be16(0) + [2]
            bytes += [0xFF, 0xEE] + be16(adobe.count + 2) + adobe
        }
        if withPadding {
            bytes += [0xFF, 0xFF, 0xFF]  // fill bytes before the next marker
            bytes += [0xFF, 0x01]  // TEM
            bytes += [0xFF, 0xD3]  // RST3
            bytes += [0xFF, 0xFF, 0xFE] + be16(7) + ascii("hello")  // padded COM segment
        }
        var frame: [UInt8] = [8] + be16(height) + be16(width) + [UInt8(components)]
        for id in 1...components { frame += [UInt8(id), 0x11, 0] }
        bytes += [0xFF, sof] + be16(frame.count + 2) + frame
        bytes += [0xFF, 0xC4] + be16(2 + 17) + [0x00] + [UInt8](repeating: 0, count: 16)
        var scan: [UInt8] = [UInt8(components)]
        for id in 1...components { scan += [UInt8(id), 0x00] }
        scan += [0, 63, 0]
        bytes += [0xFF, 0xDA] + be16(scan.count + 2) + scan
        bytes += [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56]  // entropy data with a stuffed byte and RST0
        bytes += [0xFF, 0xD9]
        return Data(bytes)
    }

    /// A GIF89a with a global colour table and `frames` frames (a NETSCAPE loop when more than one).
    static func makeGIF(width: Int, height: Int, frames: Int, version: String = "GIF89a") -> Data {
        var bytes = ascii(version) + le16(width) + le16(height) + [0x80, 0, 0]
        bytes += [0, 0, 0, 0xFF, 0xFF, 0xFF]  // 2-entry global colour table
        if frames > 1 {
            bytes += [0x21, 0xFF, 0x0B] + ascii("NETSCAPE2.0") + [0x03, 0x01, 0x00, 0x00, 0x00]
        }
        for _ in 0..<frames {
            bytes += [0x21, 0xF9, 0x04, 0x04, 0x0A, 0x00, 0x00, 0x00]  // graphic control extension
            bytes += [0x2C] + le16(0) + le16(0) + le16(width) + le16(height) + [0x00]
            bytes += [0x02, 0x02, 0x4C, 0x01, 0x00]  // LZW min code size, one sub-block, terminator
        }
        bytes += [0x3B]
        return Data(bytes)
    }

    static func riff(_ chunks: [UInt8]) -> Data {
        Data(ascii("RIFF") + le32(4 + chunks.count) + ascii("WEBP") + chunks)
    }

    /// Lossy WebP: `VP8 ` chunk with frame tag, start code and 14-bit dimensions (scale bits set to check masking).
    static func makeWebPLossy(width: Int, height: Int) -> Data {
        var payload: [UInt8] = [0x50, 0x02, 0x00, 0x9D, 0x01, 0x2A]
        payload += le16(width | 0x4000) + le16(height | 0x8000)
        payload += [UInt8](repeating: 0x11, count: 10)
        return riff(ascii("VP8 ") + le32(payload.count) + payload)
    }

    /// Lossless WebP: `VP8L` chunk with signature 0x2f and packed 14-bit width-1 / height-1.
    static func makeWebPLossless(width: Int, height: Int) -> Data {
        let bits = (width - 1) | ((height - 1) << 14) | (1 << 28)
        let payload: [UInt8] = [0x2F] + le32(bits) + [0x00, 0x00, 0x00]
        return riff(ascii("VP8L") + le32(payload.count) + payload)
    }

    /// Extended WebP: `VP8X` with 24-bit canvas width-1 / height-1 and an optional animation flag.
    static func makeWebPExtended(width: Int, height: Int, animated: Bool) -> Data {
        let flags: UInt8 = animated ? 0x12 : 0x10
        var chunks = ascii("VP8X") + le32(10) + [flags, 0, 0, 0] + le24(width - 1) + le24(height - 1)
        if animated {
            chunks += ascii("ANIM") + le32(6) + [0, 0, 0, 0, 0, 0]
        } else {
            chunks += ascii("ALPH") + le32(2) + [0, 0]
        }
        return riff(chunks)
    }

    struct Sample: Sendable, CustomTestStringConvertible {
        let name: String
        let data: Data
        let expected: ImageInfo
        var testDescription: String { name }
    }

    static let samples: [Sample] = [
        Sample(
            name: "png", data: makePNG(width: 640, height: 480),
            expected: ImageInfo(format: .png, width: 640, height: 480, orientation: 1, isAnimated: false)),
        Sample(
            name: "apng", data: makePNG(width: 10, height: 20, acTLBeforeIDAT: true),
            expected: ImageInfo(format: .png, width: 10, height: 20, orientation: 1, isAnimated: true, frameCount: 2)),
        Sample(
            name: "jpeg-exif-II-6",
            data: makeJPEG(width: 400, height: 300, exif: exifSegment(orientation: 6, order: .intel)),
            expected: ImageInfo(format: .jpeg, width: 300, height: 400, orientation: 6, isAnimated: false)),
        Sample(
            name: "jpeg-exif-MM-3-progressive",
            data: makeJPEG(width: 400, height: 300, sof: 0xC2, exif: exifSegment(orientation: 3, order: .motorola)),
            expected: ImageInfo(format: .jpeg, width: 400, height: 300, orientation: 3, isAnimated: false)),
        Sample(
            name: "jpeg-cmyk-padded", data: makeJPEG(width: 33, height: 17, components: 4, withPadding: true),
            expected: ImageInfo(format: .jpeg, width: 33, height: 17, orientation: 1, isAnimated: false)),
        Sample(
            name: "gif-1", data: makeGIF(width: 16, height: 9, frames: 1),
            expected: ImageInfo(format: .gif, width: 16, height: 9, orientation: 1, isAnimated: false)),
        Sample(
            name: "gif-2", data: makeGIF(width: 300, height: 200, frames: 2),
            expected: ImageInfo(format: .gif, width: 300, height: 200, orientation: 1, isAnimated: true, frameCount: 2)),
        Sample(
            name: "webp-vp8", data: makeWebPLossy(width: 1024, height: 768),
            expected: ImageInfo(format: .webp, width: 1024, height: 768, orientation: 1, isAnimated: false)),
        Sample(
            name: "webp-vp8l", data: makeWebPLossless(width: 16383, height: 1),
            expected: ImageInfo(format: .webp, width: 16383, height: 1, orientation: 1, isAnimated: false)),
        Sample(
            name: "webp-vp8x-animated", data: makeWebPExtended(width: 70000, height: 3, animated: true),
            expected: ImageInfo(format: .webp, width: 70000, height: 3, orientation: 1, isAnimated: true)),
    ]

    /// Calls `probe` and checks the invariants any successful result must satisfy.
    static func probeChecked(_ data: Data) -> Result<ImageInfo, ImageProbe.Error> {
        let result = Result { () throws(ImageProbe.Error) -> ImageInfo in try ImageProbe.probe(data) }
        if case .success(let info) = result {
            #expect(info.width > 0 && info.height > 0)
            #expect((1...8).contains(info.orientation))
            #expect(ImageProbe.format(of: data) == info.format)
        }
        return result
    }
}

// MARK: - Tests

@Suite struct ImageProbeTests {
    // MARK: Valid samples

    @Test(arguments: ProbeFixture.samples)
    func validSampleReportsExpectedInfo(sample: ProbeFixture.Sample) throws {
        #expect(try ImageProbe.probe(sample.data) == sample.expected)
        #expect(ImageProbe.format(of: sample.data) == sample.expected.format)
    }

    @Test func pngReportsSizeFromIHDR() throws {
        let info = try ImageProbe.probe(ProbeFixture.makePNG(width: 1, height: 65_536))
        #expect(info == ImageInfo(format: .png, width: 1, height: 65_536, orientation: 1, isAnimated: false))
    }

    @Test func pngDeclaring50000SquareReportsThoseNumbersWithoutAllocating() throws {
        let data = ProbeFixture.makePNG(width: 50_000, height: 50_000)
        #expect(data.count < 100)
        let info = try ImageProbe.probe(data)
        #expect(info.width == 50_000)
        #expect(info.height == 50_000)
    }

    @Test func pngWithAcTLBeforeIDATIsAnimated() throws {
        #expect(try ImageProbe.probe(ProbeFixture.makePNG(width: 5, height: 5, acTLBeforeIDAT: true)).isAnimated)
    }

    @Test func pngWithAcTLOnlyAfterIDATIsNotAnimated() throws {
        #expect(
            try ImageProbe.probe(ProbeFixture.makePNG(width: 5, height: 5, acTLAfterIDAT: true)).isAnimated == false)
    }

    @Test func pngWithZeroWidthHasNoSize() {
        #expect(throws: ImageProbe.Error.invalidDimensions) {
            try ImageProbe.probe(ProbeFixture.makePNG(width: 0, height: 5))
        }
    }

    @Test func pngWhoseFirstChunkIsNotIHDRIsDamaged() {
        var bytes = [UInt8](ProbeFixture.makePNG(width: 5, height: 5))
        bytes.replaceSubrange(12..<16, with: ProbeFixture.ascii("IDAT"))
        #expect(throws: ImageProbe.Error.truncated) { try ImageProbe.probe(Data(bytes)) }
    }

    @Test func pngWithHugeChunkLengthAfterIHDRStopsSafely() throws {
        var bytes = [UInt8](ProbeFixture.makePNG(width: 7, height: 8)).prefix(33)
        bytes += [0xFF, 0xFF, 0xFF, 0xFF] + ProbeFixture.ascii("tEXt") + [1, 2, 3]
        let info = try ImageProbe.probe(Data(bytes))
        #expect(info == ImageInfo(format: .png, width: 7, height: 8, orientation: 1, isAnimated: false))
    }

    @Test func jpegWithoutExifReportsOrientation1() throws {
        let info = try ImageProbe.probe(ProbeFixture.makeJPEG(width: 800, height: 600))
        #expect(info == ImageInfo(format: .jpeg, width: 800, height: 600, orientation: 1, isAnimated: false))
    }

    @Test func jpegWithOrientation6ReportsSwappedSize() throws {
        let info = try ImageProbe.probe(
            ProbeFixture.makeJPEG(
                width: 4032, height: 3024, exif: ProbeFixture.exifSegment(orientation: 6, order: .intel)))
        #expect(info.orientation == 6)
        #expect(info.width == 3024)
        #expect(info.height == 4032)
    }

    @Test(arguments: ProbeFixture.ExifByteOrder.allCases, 1...8)
    func jpegExifOrientationIsReadInBothByteOrders(order: ProbeFixture.ExifByteOrder, orientation: Int) throws {
        let info = try ImageProbe.probe(
            ProbeFixture.makeJPEG(
                width: 200, height: 100, exif: ProbeFixture.exifSegment(orientation: orientation, order: order)))
        #expect(info.orientation == orientation)
        let swapped = orientation >= 5
        #expect(info.width == (swapped ? 100 : 200))
        #expect(info.height == (swapped ? 200 : 100))
    }

    @Test func jpegWithBigEndianOrientation8ReportsSwappedSize() throws {
        let info = try ImageProbe.probe(
            ProbeFixture.makeJPEG(
                width: 10, height: 20, exif: ProbeFixture.exifSegment(orientation: 8, order: .motorola)))
        #expect(info == ImageInfo(format: .jpeg, width: 20, height: 10, orientation: 8, isAnimated: false))
    }

    @Test func jpegWithOutOfRangeOrientationFallsBackTo1() throws {
        let info = try ImageProbe.probe(
            ProbeFixture.makeJPEG(width: 10, height: 20, exif: ProbeFixture.exifSegment(orientation: 9, order: .intel)))
        #expect(info.orientation == 1)
        #expect(info.width == 10)
    }

    @Test func jpegWithLongOrientationIsTolerated() throws {
        let exif = ProbeFixture.exifSegment(orientation: 6, order: .motorola, orientationType: 4)
        #expect(try ImageProbe.probe(ProbeFixture.makeJPEG(width: 10, height: 20, exif: exif)).orientation == 6)
    }

    @Test func progressiveJpegReportsSize() throws {
        let info = try ImageProbe.probe(ProbeFixture.makeJPEG(width: 1920, height: 1080, sof: 0xC2))
        #expect(info == ImageInfo(format: .jpeg, width: 1920, height: 1080, orientation: 1, isAnimated: false))
    }

    @Test(arguments: [UInt8(0xC1), 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF])
    func jpegSizeComesFromEverySOFVariant(marker: UInt8) throws {
        #expect(try ImageProbe.probe(ProbeFixture.makeJPEG(width: 12, height: 34, sof: marker)).width == 12)
    }

    @Test func cmykJpegReportsSize() throws {
        let info = try ImageProbe.probe(ProbeFixture.makeJPEG(width: 500, height: 250, components: 4))
        #expect(info.width == 500)
        #expect(info.height == 250)
    }

    @Test func jpegWithFillBytesAndStandaloneMarkersReportsSize() throws {
        let info = try ImageProbe.probe(ProbeFixture.makeJPEG(width: 3, height: 4, withPadding: true))
        #expect(info.width == 3)
        #expect(info.height == 4)
    }

    @Test func jpegReachingScanWithoutFrameHeaderIsDamaged() {
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x08, 1, 1, 0, 0, 63, 0, 0x12, 0xFF, 0xD9]
        #expect(throws: ImageProbe.Error.truncated) { try ImageProbe.probe(Data(bytes)) }
    }

    @Test func jpegWithZeroHeightHasNoSize() {
        #expect(throws: ImageProbe.Error.invalidDimensions) {
            try ImageProbe.probe(ProbeFixture.makeJPEG(width: 10, height: 0))
        }
    }

    @Test func jpegSegmentLengthPastTheEndIsTruncated() {
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF] + ProbeFixture.ascii("Exif") + [0, 0, 0x49, 0x49]
        #expect(throws: ImageProbe.Error.truncated) { try ImageProbe.probe(Data(bytes)) }
    }

    @Test func jpegSegmentLengthBelowTwoIsTruncated() {
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01, 0xFF, 0xC0, 0x00, 0x11, 8, 0, 1, 0, 1, 3]
        #expect(throws: ImageProbe.Error.truncated) { try ImageProbe.probe(Data(bytes)) }
    }

    @Test func jpegWithHostileExifOffsetsKeepsOrientation1() throws {
        // IFD offset far outside the segment, then a huge entry count with no entries.
        let badOffset =
            ProbeFixture.ascii("Exif") + [0, 0] + ProbeFixture.ascii("II") + ProbeFixture.le16(42)
            + ProbeFixture.le32(0xFFFF_FFF0)
        let badCount =
            ProbeFixture.ascii("Exif") + [0, 0] + ProbeFixture.ascii("MM") + ProbeFixture.be16(42)
            + ProbeFixture.be32(8) + ProbeFixture.be16(0xFFFF) + ProbeFixture.be16(0x0112)
        for payload in [badOffset, badCount] {
            let segment = [0xFF, 0xE1] + ProbeFixture.be16(payload.count + 2) + payload
            let info = try ImageProbe.probe(ProbeFixture.makeJPEG(width: 9, height: 8, exif: segment))
            #expect(info == ImageInfo(format: .jpeg, width: 9, height: 8, orientation: 1, isAnimated: false))
        }
    }

    @Test func gifWithOneFrameIsNotAnimated() throws {
        let info = try ImageProbe.probe(ProbeFixture.makeGIF(width: 640, height: 480, frames: 1))
        #expect(info == ImageInfo(format: .gif, width: 640, height: 480, orientation: 1, isAnimated: false))
    }

    @Test func gifWithTwoFramesIsAnimated() throws {
        #expect(try ImageProbe.probe(ProbeFixture.makeGIF(width: 640, height: 480, frames: 2)).isAnimated)
    }

    @Test func gif87aReportsLittleEndianSize() throws {
        let info = try ImageProbe.probe(
            ProbeFixture.makeGIF(width: 0x0102, height: 0x0304, frames: 1, version: "GIF87a"))
        #expect(info.width == 258)
        #expect(info.height == 772)
    }

    @Test func gifCutAfterFirstFrameStillReportsSize() throws {
        let full = ProbeFixture.makeGIF(width: 40, height: 30, frames: 3)
        let cut = full.prefix(full.count / 2)
        let info = try ImageProbe.probe(cut)
        #expect(info.width == 40)
        #expect(info.height == 30)
    }

    @Test func gifWithZeroSizeHasNoSize() {
        #expect(throws: ImageProbe.Error.invalidDimensions) {
            try ImageProbe.probe(ProbeFixture.makeGIF(width: 0, height: 0, frames: 1))
        }
    }

    @Test func lossyWebPReportsMaskedSize() throws {
        let info = try ImageProbe.probe(ProbeFixture.makeWebPLossy(width: 16383, height: 2))
        #expect(info == ImageInfo(format: .webp, width: 16383, height: 2, orientation: 1, isAnimated: false))
    }

    @Test func lossyWebPWithoutStartCodeIsDamaged() {
        var bytes = [UInt8](ProbeFixture.makeWebPLossy(width: 4, height: 4))
        bytes[23] = 0x00
        #expect(throws: ImageProbe.Error.truncated) { try ImageProbe.probe(Data(bytes)) }
    }

    @Test func losslessWebPReportsSize() throws {
        let info = try ImageProbe.probe(ProbeFixture.makeWebPLossless(width: 123, height: 4567))
        #expect(info == ImageInfo(format: .webp, width: 123, height: 4567, orientation: 1, isAnimated: false))
    }

    @Test func extendedWebPWithAnimationFlagIsAnimated() throws {
        let info = try ImageProbe.probe(ProbeFixture.makeWebPExtended(width: 500, height: 400, animated: true))
        #expect(info == ImageInfo(format: .webp, width: 500, height: 400, orientation: 1, isAnimated: true))
    }

    @Test func extendedWebPWithoutAnimationFlagIsStill() throws {
        let info = try ImageProbe.probe(ProbeFixture.makeWebPExtended(width: 1 << 24, height: 1, animated: false))
        #expect(info == ImageInfo(format: .webp, width: 16_777_216, height: 1, orientation: 1, isAnimated: false))
    }

    @Test func webPWithUnknownFirstChunkIsDamaged() {
        #expect(throws: ImageProbe.Error.truncated) {
            try ImageProbe.probe(ProbeFixture.riff(ProbeFixture.ascii("XXXX") + ProbeFixture.le32(0)))
        }
    }

    @Test func probeWorksOnDataSlices() throws {
        let padded =
            Data([1, 2, 3])
            + ProbeFixture.makeJPEG(
                width: 64, height: 32, exif: ProbeFixture.exifSegment(orientation: 5, order: .intel))
        let slice = padded[3...]
        #expect(slice.startIndex == 3)
        let info = try ImageProbe.probe(slice)
        #expect(info == ImageInfo(format: .jpeg, width: 32, height: 64, orientation: 5, isAnimated: false))
    }

    // MARK: Format recognition

    @Test func formatIsRecognisedFromFirstBytesOnly() {
        #expect(ImageProbe.format(of: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])) == .png)
        #expect(ImageProbe.format(of: Data([0xFF, 0xD8, 0xFF])) == .jpeg)
        #expect(ImageProbe.format(of: Data(ProbeFixture.ascii("GIF87a"))) == .gif)
        #expect(ImageProbe.format(of: Data(ProbeFixture.ascii("GIF89a"))) == .gif)
        #expect(
            ImageProbe.format(of: Data(ProbeFixture.ascii("RIFF") + [0, 0, 0, 0] + ProbeFixture.ascii("WEBP"))) == .webp
        )
        #expect(
            ImageProbe.format(of: Data(ProbeFixture.ascii("RIFF") + [0, 0, 0, 0] + ProbeFixture.ascii("WAVE"))) == nil)
        #expect(ImageProbe.format(of: Data(ProbeFixture.ascii("GIF90a"))) == nil)
        #expect(ImageProbe.format(of: Data()) == nil)
    }

    @Test func formatsHaveMimeTypesAndExtensions() {
        #expect(
            ImageFormat.allCases.map(\.mimeType) == [
                "image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/heic", "image/bmp",
                "image/tiff",
            ])
        #expect(
            ImageFormat.allCases.map(\.fileExtension) == ["png", "jpg", "gif", "webp", "avif", "heic", "bmp", "tif"])
        #expect(ImageFormat(rawValue: "jpeg") == .jpeg)
    }

    @Test func formatRoundTripsThroughCodable() throws {
        let encoded = try JSONEncoder().encode([ImageFormat.webp])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["webp"]"#)
        #expect(try JSONDecoder().decode([ImageFormat].self, from: encoded) == [.webp])
    }

    static let unsupported: [(String, [UInt8])] = [
        ("ico", [0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x10, 0x10, 0, 0]),
        ("svg", ProbeFixture.ascii("<svg xmlns=\"http://www.w3.org/2000/svg\"/>")),
        ("svg", [0xEF, 0xBB, 0xBF] + ProbeFixture.ascii("\n  <?xml version=\"1.0\"?><svg/>")),
        ("svg", ProbeFixture.ascii("\t\r\n<SVG></SVG>")),
        ("jpeg 2000", [0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A, 0, 0, 0, 0x14]),
        ("jpeg 2000", [0xFF, 0x4F, 0xFF, 0x51, 0x00, 0x2F]),
        ("dds", ProbeFixture.ascii("DDS ") + [0x7C, 0, 0, 0]),
        ("qoi", ProbeFixture.ascii("qoif") + [0, 0, 0, 4, 0, 0, 0, 4, 4, 0]),
        ("ppm", ProbeFixture.ascii("P6\n4 4\n255\n")),
        ("pgm", ProbeFixture.ascii("P2 4 4 255 ")),
        ("pbm", ProbeFixture.ascii("P4\n8 8\n")),
        ("pcx", [0x0A, 0x05, 0x01, 0x08] + [UInt8](repeating: 0, count: 12)),
        ("icns", ProbeFixture.ascii("icns") + [0, 0, 0, 8]),
        ("sun raster", [0x59, 0xA6, 0x6A, 0x95, 0, 0, 0, 4]),
        ("xpm", ProbeFixture.ascii("/* XPM */\nstatic char *x[] = {")),
        ("fli", [0x24, 0x8F, 0x01, 0x00, 0x11, 0xAF, 0x80, 0x01, 0x40, 0x01, 0xC8, 0x00, 0x08, 0x00, 0x00, 0x00]),
        ("flc", [0xEC, 0x38, 0x00, 0x00, 0x12, 0xAF, 0x1B, 0x00, 0x40, 0x01, 0xC8, 0x00, 0x08, 0x00, 0x03, 0x00]),
        ("wmf", [0xD7, 0xCD, 0xC6, 0x9A, 0, 0, 0, 0]),
        ("wmf", [0x01, 0x00, 0x09, 0x00, 0x00, 0x03, 0x31, 0x01]),
        ("emf", [1, 0, 0, 0] + [UInt8](repeating: 0, count: 36) + ProbeFixture.ascii(" EMF") + [0, 0, 1, 0]),
        ("xbm", ProbeFixture.ascii("#define hopper_width 128\n#define hopper_height 128\nstatic char bits[] = {")),
        ("pixar", [0x80, 0xE8, 0x00, 0x00, 0x01, 0x00]),
        ("msp", ProbeFixture.ascii("DanM") + [0x80, 0x00, 0x80, 0x00]),
        ("ftex", ProbeFixture.ascii("FTEX") + [1, 0, 0, 0]),
        ("im", ProbeFixture.ascii("Image type: RGB image\r\nName: hopper\r\n")),
        ("hdf5", [0x89, 0x48, 0x44, 0x46, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]),
        ("grib", ProbeFixture.ascii("GRIB") + [0, 0, 0xAE, 0x01]),
        ("bufr", ProbeFixture.ascii("BUFR") + [0, 0x26, 0xDE, 0x03]),
        (
            "gimp brush",
            ProbeFixture.be32(39) + ProbeFixture.be32(2) + [UInt8](repeating: 0, count: 12) + ProbeFixture.ascii("GIMP")
        ),
        ("photo cd", [UInt8](repeating: 0xFF, count: 2048) + ProbeFixture.ascii("PCD_IPI") + [6]),
        // A TGA has no signature: a header whose every field is one the format allows (true colour, 4 × 2, 24 bits).
        ("tga", [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0, 2, 0, 24, 0] + [UInt8](repeating: 0x80, count: 24)),
    ]

    @Test(arguments: unsupported)
    func recognisedButUnsupportedFormatIsNamed(name: String, bytes: [UInt8]) {
        #expect(ImageProbe.format(of: Data(bytes)) == nil)
        #expect(throws: ImageProbe.Error.unsupportedFormat(name)) { try ImageProbe.probe(Data(bytes)) }
    }

    static let notImages: [String] = [
        "hello, this is a plain text file\n",
        "<!DOCTYPE html><html><body>hi</body></html>",
        "%PDF-1.7\n%\u{e2}\u{e3}\n1 0 obj",
        "PK\u{3}\u{4}\u{14}\0\0\0\u{8}\0",
        "BMW is a car, not a bitmap",
        "<?xml version=\"1.0\"?>\n<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><body/></html>",
        "{\"json\": true}",
    ]

    @Test(arguments: notImages)
    func nonImageTextIsNotAnImage(text: String) {
        #expect(throws: ImageProbe.Error.notAnImage) { try ImageProbe.probe(Data(text.utf8)) }
    }

    @Test func mp4FileTypeBoxIsNotAnImage() {
        let mp4 =
            ProbeFixture.be32(24) + ProbeFixture.ascii("ftypisom") + ProbeFixture.be32(0)
            + ProbeFixture.ascii("isomavc1")
        #expect(throws: ImageProbe.Error.notAnImage) { try ImageProbe.probe(Data(mp4)) }
    }

    @Test func emptyDataIsNotAnImage() {
        #expect(throws: ImageProbe.Error.notAnImage) { try ImageProbe.probe(Data()) }
    }

    @Test func errorMessagesArePlainWords() {
        #expect(ImageProbe.Error.notAnImage.message == "not an image")
        #expect(ImageProbe.Error.unsupportedFormat("bmp").message == "unsupported image format (BMP)")
        #expect(ImageProbe.Error.truncated.message == "the image is truncated or damaged")
        #expect(ImageProbe.Error.invalidDimensions.message == "the image has no size")
    }

    // MARK: Robustness

    @Test(arguments: ProbeFixture.samples)
    func everyPrefixIsTruncatedOrConsistent(sample: ProbeFixture.Sample) {
        for length in 0...sample.data.count {
            let prefix = sample.data.prefix(length)
            switch ProbeFixture.probeChecked(prefix) {
            case .success(let info):
                #expect(info.format == sample.expected.format, "prefix \(length)")
                #expect(info.width == sample.expected.width, "prefix \(length)")
                #expect(info.height == sample.expected.height, "prefix \(length)")
                #expect(info.orientation == sample.expected.orientation, "prefix \(length)")
            case .failure(let error):
                let expected: ImageProbe.Error = ImageProbe.format(of: prefix) == nil ? .notAnImage : .truncated
                #expect(error == expected, "prefix \(length)")
            }
        }
    }

    @Test func randomBytesNeverCrash() {
        var generator = SeededGenerator(seed: 0x5EED_1234)
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...512, using: &generator)
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = ProbeFixture.probeChecked(Data(bytes))
        }
    }

    @Test(arguments: ProbeFixture.samples)
    func mutatedSamplesNeverCrash(sample: ProbeFixture.Sample) {
        var generator = SeededGenerator(seed: UInt64(sample.data.count) &* 7919)
        for _ in 0..<400 {
            var bytes = [UInt8](sample.data)
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                // Favour extreme values, which stress length and offset fields.
                bytes[index] =
                    [0x00, 0xFF, 0x7F, 0x80, UInt8.random(in: 0...255, using: &generator)]
                    .randomElement(using: &generator) ?? 0
            }
            _ = ProbeFixture.probeChecked(Data(bytes))
            // Also with random trailing bytes instead of the original tail.
            let cut = Int.random(in: 0...bytes.count, using: &generator)
            let tail = (0..<Int.random(in: 0...64, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            _ = ProbeFixture.probeChecked(Data(bytes.prefix(cut) + tail))
        }
    }

    @Test(arguments: ProbeFixture.samples)
    func randomBytesAfterEachMagicNeverCrash(sample: ProbeFixture.Sample) {
        var generator = SeededGenerator(seed: 42 &+ UInt64(sample.name.utf8.count))
        let magic = [UInt8](sample.data.prefix(sample.expected.format == .webp ? 16 : 8))
        for _ in 0..<300 {
            let body = (0..<Int.random(in: 0...256, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            _ = ProbeFixture.probeChecked(Data(magic + body))
        }
    }
}
