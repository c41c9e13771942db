import Foundation
import GalleryCore
import TestSupport
import Testing

@testable import MediaProbe

/// Builders for BMP, TIFF and HEIF (HEIC / AVIF) headers, and animations, as bytes.
enum FormatFixture {
    typealias F = ProbeFixture

    // MARK: BMP

    /// A BMP with a BITMAPINFOHEADER (or a longer header padded with zeros) and 24-bit pixels.
    static func makeBMP(width: Int, height: Int, headerSize: Int = 40) -> Data {
        var dib = F.le32(headerSize) + F.le32(width) + F.le32(height) + F.le16(1) + F.le16(24)
        dib += F.le32(0) + F.le32(0) + F.le32(2835) + F.le32(2835) + F.le32(0) + F.le32(0)
        dib += [UInt8](repeating: 0, count: max(0, headerSize - dib.count))
        let pixels = [UInt8](repeating: 0x7F, count: 16)
        let offset = 14 + dib.count
        return Data(F.ascii("BM") + F.le32(offset + pixels.count) + [0, 0, 0, 0] + F.le32(offset) + dib + pixels)
    }

    /// A BMP with the OS/2 1.x core header: 16-bit unsigned width and height.
    static func makeOS2BMP(width: Int, height: Int) -> Data {
        let dib = F.le32(12) + F.le16(width) + F.le16(height) + F.le16(1) + F.le16(24)
        let pixels = [UInt8](repeating: 0x10, count: 8)
        let offset = 14 + dib.count
        return Data(F.ascii("BM") + F.le32(offset + pixels.count) + [0, 0, 0, 0] + F.le32(offset) + dib + pixels)
    }

    // MARK: TIFF

    /// A baseline TIFF: header, IFD0 (sorted tags, width/height as SHORT or LONG, optional
    /// Orientation), next-IFD 0, then a tiny strip.
    static func makeTIFF(
        width: Int, height: Int, order: ProbeFixture.ExifByteOrder, orientation: Int? = nil, longSize: Bool = true
    ) -> Data {
        let u16: (Int) -> [UInt8] = { order == .intel ? F.le16($0) : F.be16($0) }
        let u32: (Int) -> [UInt8] = { order == .intel ? F.le32($0) : F.be32($0) }
        func short(_ tag: Int, _ value: Int) -> [UInt8] { u16(tag) + u16(3) + u32(1) + u16(value) + [0, 0] }
        func long(_ tag: Int, _ value: Int) -> [UInt8] { u16(tag) + u16(4) + u32(1) + u32(value) }
        var entries: [[UInt8]] = [
            longSize ? long(256, width) : short(256, width),
            longSize ? long(257, height) : short(257, height),
            short(258, 8), short(259, 1), short(262, 1),
        ]
        let entryCount = 9 + (orientation == nil ? 0 : 1)
        let stripOffset = 8 + 2 + entryCount * 12 + 4
        entries.append(long(273, stripOffset))
        if let orientation { entries.append(short(274, orientation)) }
        entries += [short(277, 1), long(278, height), long(279, 4)]
        var bytes = F.ascii(order.rawValue) + u16(42) + u32(8) + u16(entries.count)
        for entry in entries { bytes += entry }
        bytes += u32(0) + [1, 2, 3, 4]
        return Data(bytes)
    }

    // MARK: HEIF

    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        F.be32(8 + payload.count) + F.ascii(type) + payload
    }
    static func fullBox(_ type: String, version: UInt8 = 0, flags: UInt8 = 0, _ payload: [UInt8]) -> [UInt8] {
        box(type, [version, 0, 0, flags] + payload)
    }
    static func ispe(_ width: Int, _ height: Int) -> [UInt8] { fullBox("ispe", F.be32(width) + F.be32(height)) }

    /// A HEIF file: `ftyp`, then `meta` with `hdlr`, `pitm` (item 1), `iinf`, and `iprp` holding an
    /// `ipco` whose first `ispe` belongs to a thumbnail (item 2), then the primary item's `ispe`,
    /// optional `irot` and an `imir`; `ipma` in the compact (v0) or wide (v1, flags 1) layout; then `mdat`.
    static func makeHEIF(
        brand: String, width: Int, height: Int, rotation: Int? = nil, wideAssociations: Bool = false
    ) -> Data {
        let compatible = brand == "avif" ? "avifmif1miaf" : "mif1heic"
        var bytes = box("ftyp", F.ascii(brand) + F.be32(0) + F.ascii(compatible))
        let codecConfig = brand == "avif" ? box("av1C", [0x81, 0x00, 0x0C, 0x00]) : box("hvcC", [1, 2, 3, 4])
        var properties = codecConfig + ispe(320, 240) + ispe(width, height)  // indices 1, 2, 3
        var primary = [1, 3]
        if let rotation {
            properties += box("irot", [UInt8(rotation)])  // index 4
            primary.append(4)
        }
        properties += box("imir", [1])
        primary.append(rotation == nil ? 4 : 5)  // imir
        let ipma: [UInt8]
        if wideAssociations {
            var entries = F.be32(2)
            entries += F.be32(2) + [2] + F.be16(0x8001) + F.be16(2)
            entries += F.be32(1) + [UInt8(primary.count)]
            for index in primary { entries += F.be16(index | (index == 1 ? 0x8000 : 0)) }
            ipma = fullBox("ipma", version: 1, flags: 1, entries)
        } else {
            var entries = F.be32(2)
            entries += F.be16(2) + [2, 0x81, 2]
            entries += F.be16(1) + [UInt8(primary.count)]
            for index in primary { entries += [UInt8(index | (index == 1 ? 0x80 : 0))] }
            ipma = fullBox("ipma", entries)
        }
        let handler = fullBox("hdlr", F.be32(0) + F.ascii("pict") + [UInt8](repeating: 0, count: 13))
        let infe1 = fullBox(
            "infe", version: 2, F.be16(1) + F.be16(0) + F.ascii(brand == "avif" ? "av01" : "hvc1") + [0])
        let infe2 = fullBox(
            "infe", version: 2, F.be16(2) + F.be16(0) + F.ascii(brand == "avif" ? "av01" : "hvc1") + [0])
        let meta = fullBox(
            "meta",
            handler + fullBox("pitm", F.be16(1)) + fullBox("iinf", F.be16(2) + infe1 + infe2)
                + box("iprp", box("ipco", properties) + ipma))
        bytes += meta
        bytes += box("mdat", [UInt8](repeating: 0xAB, count: 24))
        return Data(bytes)
    }

    // MARK: Animations

    /// An APNG header: IHDR, acTL declaring `frames`, one fcTL and an IDAT.
    static func makeAPNG(width: Int, height: Int, frames: Int) -> Data {
        var bytes: [UInt8] = ProbeFixture.makePNG(width: width, height: height).prefix(33).map { $0 }
        bytes += F.pngChunk("acTL", F.be32(frames) + F.be32(0))
        bytes += F.pngChunk("fcTL", F.be32(0) + F.be32(width) + F.be32(height) + [UInt8](repeating: 0, count: 14))
        bytes += F.pngChunk("IDAT", [0x78, 0x9C, 0x63, 0x00, 0x00])
        bytes += F.pngChunk("IEND", [])
        return Data(bytes)
    }

    /// An animated WebP: VP8X with the animation flag, ANIM, then `frames` ANMF chunks (odd-sized, padded).
    static func makeAnimatedWebP(width: Int, height: Int, frames: Int) -> Data {
        var chunks = F.ascii("VP8X") + F.le32(10) + [0x02, 0, 0, 0] + F.le24(width - 1) + F.le24(height - 1)
        chunks += F.ascii("ANIM") + F.le32(6) + [0, 0, 0, 0, 0, 0]
        for _ in 0..<frames {
            let frame = F.le24(0) + F.le24(0) + F.le24(width - 1) + F.le24(height - 1) + F.le24(100) + [0, 0x55]
            chunks += F.ascii("ANMF") + F.le32(frame.count) + frame + [0]
        }
        return ProbeFixture.riff(chunks)
    }

    static let samples: [ProbeFixture.Sample] = [
        .init(
            name: "bmp-info", data: makeBMP(width: 640, height: 480),
            expected: ImageInfo(format: .bmp, width: 640, height: 480)),
        .init(
            name: "bmp-top-down", data: makeBMP(width: 33, height: -17),
            expected: ImageInfo(format: .bmp, width: 33, height: 17)),
        .init(
            name: "bmp-v5", data: makeBMP(width: 4000, height: 3000, headerSize: 124),
            expected: ImageInfo(format: .bmp, width: 4000, height: 3000)),
        .init(
            name: "bmp-os2-core", data: makeOS2BMP(width: 65_535, height: 2),
            expected: ImageInfo(format: .bmp, width: 65_535, height: 2)),
        .init(
            name: "tiff-II-6", data: makeTIFF(width: 400, height: 300, order: .intel, orientation: 6),
            expected: ImageInfo(format: .tiff, width: 300, height: 400, orientation: 6)),
        .init(
            name: "tiff-MM-6-short",
            data: makeTIFF(width: 400, height: 300, order: .motorola, orientation: 6, longSize: false),
            expected: ImageInfo(format: .tiff, width: 300, height: 400, orientation: 6)),
        .init(
            name: "tiff-MM-no-orientation", data: makeTIFF(width: 100_000, height: 7, order: .motorola),
            expected: ImageInfo(format: .tiff, width: 100_000, height: 7)),
        .init(
            name: "tiff-II-3-short",
            data: makeTIFF(width: 640, height: 480, order: .intel, orientation: 3, longSize: false),
            expected: ImageInfo(format: .tiff, width: 640, height: 480, orientation: 3)),
        .init(
            name: "heic-irot1", data: makeHEIF(brand: "heic", width: 4032, height: 3024, rotation: 1),
            expected: ImageInfo(format: .heic, width: 3024, height: 4032, orientation: 8)),
        .init(
            name: "heic-wide-ipma",
            data: makeHEIF(brand: "heic", width: 4032, height: 3024, rotation: 2, wideAssociations: true),
            expected: ImageInfo(format: .heic, width: 4032, height: 3024, orientation: 3)),
        .init(
            name: "avif", data: makeHEIF(brand: "avif", width: 1920, height: 1080),
            expected: ImageInfo(format: .avif, width: 1920, height: 1080)),
        .init(
            name: "avif-irot3-wide",
            data: makeHEIF(brand: "avif", width: 1920, height: 1080, rotation: 3, wideAssociations: true),
            expected: ImageInfo(format: .avif, width: 1080, height: 1920, orientation: 6)),
        .init(
            name: "apng-24", data: makeAPNG(width: 64, height: 48, frames: 24),
            expected: ImageInfo(format: .png, width: 64, height: 48, isAnimated: true, frameCount: 24)),
        .init(
            name: "gif-3", data: ProbeFixture.makeGIF(width: 30, height: 20, frames: 3),
            expected: ImageInfo(format: .gif, width: 30, height: 20, isAnimated: true, frameCount: 3)),
        .init(
            name: "webp-anmf-4", data: makeAnimatedWebP(width: 50, height: 40, frames: 4),
            expected: ImageInfo(format: .webp, width: 50, height: 40, isAnimated: true, frameCount: 4)),
    ]
}

@Suite struct ImageProbeFormatsTests {
    typealias F = ProbeFixture

    @Test(arguments: FormatFixture.samples)
    func sampleReportsExpectedInfo(sample: ProbeFixture.Sample) throws {
        #expect(try ImageProbe.probe(sample.data) == sample.expected)
        #expect(ImageProbe.format(of: sample.data) == sample.expected.format)
    }

    // MARK: HEIC / AVIF

    @Test func heicWithIrot90ReportsSwappedSizeOfThePrimaryItem() throws {
        let info = try ImageProbe.probe(FormatFixture.makeHEIF(brand: "heic", width: 4032, height: 3024, rotation: 1))
        #expect(info.format == .heic)
        #expect(info.width == 3024)
        #expect(info.height == 4032)
        #expect(info.orientation == 8)
    }

    @Test func heicWithoutIrotKeepsSizeAndIgnoresImir() throws {
        let info = try ImageProbe.probe(FormatFixture.makeHEIF(brand: "heic", width: 4032, height: 3024))
        #expect(info == ImageInfo(format: .heic, width: 4032, height: 3024, orientation: 1))
    }

    @Test func avifReportsSizeFromIspe() throws {
        let info = try ImageProbe.probe(FormatFixture.makeHEIF(brand: "avif", width: 2048, height: 858))
        #expect(info == ImageInfo(format: .avif, width: 2048, height: 858))
    }

    @Test func heifWithoutPrimaryItemTakesTheLargestIspe() throws {
        let properties = FormatFixture.ispe(320, 240) + FormatFixture.ispe(5000, 4000) + FormatFixture.ispe(10, 10)
        let bytes =
            FormatFixture.box("ftyp", F.ascii("avif") + F.be32(0) + F.ascii("mif1"))
            + FormatFixture.fullBox("meta", FormatFixture.box("iprp", FormatFixture.box("ipco", properties)))
        #expect(try ImageProbe.probe(Data(bytes)) == ImageInfo(format: .avif, width: 5000, height: 4000))
    }

    @Test func heifFileTypeBoxAloneIsTruncated() {
        let headers: [(ImageFormat, [UInt8])] = [
            (.heic, F.be32(24) + F.ascii("ftypheic") + F.be32(0) + F.ascii("mif1heic")),
            (.heic, F.be32(24) + F.ascii("ftypheix") + F.be32(0) + F.ascii("mif1heix")),
            (.heic, F.be32(20) + F.ascii("ftypmif1") + F.be32(0) + F.ascii("mif1")),
            (.avif, F.be32(28) + F.ascii("ftypavif") + F.be32(0) + F.ascii("avifmif1miaf")),
            (.avif, F.be32(24) + F.ascii("ftypmif1") + F.be32(0) + F.ascii("mif1avif")),
        ]
        for (format, bytes) in headers {
            #expect(ImageProbe.format(of: Data(bytes)) == format)
            #expect(throws: ImageProbe.Error.truncated) { try ImageProbe.probe(Data(bytes)) }
        }
    }

    @Test func heifWithHostileBoxSizesFailsSafely() {
        let ftyp = FormatFixture.box("ftyp", F.ascii("heic") + F.be32(0) + F.ascii("mif1"))
        let hostile: [[UInt8]] = [
            ftyp + F.be32(0xFFFF_FFFF) + F.ascii("meta") + [0, 0, 0, 0],  // meta larger than the file
            ftyp + F.be32(1) + F.ascii("meta") + F.be32(0xFFFF_FFFF) + F.be32(0xFFFF_FFFF),  // 64-bit size
            ftyp + F.be32(3) + F.ascii("meta"),  // size below the header
            ftyp + F.be32(0) + F.ascii("meta") + [0, 0, 0, 0] + F.be32(0xFFFF_FFF0) + F.ascii("iprp"),
            ftyp
                + FormatFixture.fullBox(
                    "meta",
                    FormatFixture.fullBox("pitm", F.be16(1))
                        + FormatFixture.box(
                            "iprp",
                            FormatFixture.box("ipco", FormatFixture.ispe(10, 10))
                                + FormatFixture.fullBox("ipma", F.be32(0xFFFF_FFFF) + F.be16(1) + [0xFF]))),
        ]
        for bytes in hostile {
            _ = ProbeFixture.probeChecked(Data(bytes))
        }
    }

    @Test func heifIsProbedFromADataSlice() throws {
        let padded = Data([9, 9]) + FormatFixture.makeHEIF(brand: "heic", width: 8, height: 6, rotation: 3)
        #expect(try ImageProbe.probe(padded[2...]) == ImageInfo(format: .heic, width: 6, height: 8, orientation: 6))
    }

    // MARK: BMP

    @Test func bmpWithNegativeHeightIsTopDown() throws {
        #expect(
            try ImageProbe.probe(FormatFixture.makeBMP(width: 800, height: -600))
                == ImageInfo(format: .bmp, width: 800, height: 600))
    }

    @Test func bmpOS2CoreHeaderReportsSize() throws {
        #expect(
            try ImageProbe.probe(FormatFixture.makeOS2BMP(width: 12, height: 34))
                == ImageInfo(format: .bmp, width: 12, height: 34))
    }

    @Test func minimalBitmapInfoHeaderReportsSize() throws {
        let bytes = F.ascii("BM") + F.le32(70) + [0, 0, 0, 0] + F.le32(54) + F.le32(40) + F.le32(2) + F.le32(2)
        #expect(try ImageProbe.probe(Data(bytes)) == ImageInfo(format: .bmp, width: 2, height: 2))
    }

    @Test(arguments: [(0, 10), (10, 0), (-5, 10), (10, Int(Int32.min))])
    func bmpWithoutUsableSizeHasNoSize(width: Int, height: Int) {
        #expect(throws: ImageProbe.Error.invalidDimensions) {
            try ImageProbe.probe(FormatFixture.makeBMP(width: width, height: height))
        }
    }

    // MARK: TIFF

    @Test(arguments: ProbeFixture.ExifByteOrder.allCases, [true, false])
    func tiffWithOrientation6SwapsSizeInBothByteOrders(order: ProbeFixture.ExifByteOrder, longSize: Bool) throws {
        let info = try ImageProbe.probe(
            FormatFixture.makeTIFF(width: 200, height: 100, order: order, orientation: 6, longSize: longSize))
        #expect(info == ImageInfo(format: .tiff, width: 100, height: 200, orientation: 6))
    }

    @Test(arguments: ProbeFixture.ExifByteOrder.allCases)
    func tiffWithoutOrientationReportsOrientation1(order: ProbeFixture.ExifByteOrder) throws {
        let info = try ImageProbe.probe(FormatFixture.makeTIFF(width: 200, height: 100, order: order))
        #expect(info == ImageInfo(format: .tiff, width: 200, height: 100, orientation: 1))
    }

    @Test func tiffHeaderAloneIsTruncated() {
        for bytes in [[0x49, 0x49, 0x2A, 0x00, 0x08, 0, 0, 0], [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 0x08]] as [[UInt8]] {
            #expect(ImageProbe.format(of: Data(bytes)) == .tiff)
            #expect(throws: ImageProbe.Error.truncated) { try ImageProbe.probe(Data(bytes)) }
        }
    }

    @Test func tiffWithHugeEntryCountAndNoEntriesIsTruncated() {
        let bytes: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A] + F.be32(8) + F.be16(0xFFFF) + F.be16(256)
        #expect(throws: ImageProbe.Error.truncated) { try ImageProbe.probe(Data(bytes)) }
    }

    // MARK: Formats and messages

    @Test func newFormatsHaveMimeTypesAndExtensions() {
        #expect(ImageFormat.avif.mimeType == "image/avif")
        #expect(ImageFormat.heic.mimeType == "image/heic")
        #expect(ImageFormat.bmp.mimeType == "image/bmp")
        #expect(ImageFormat.tiff.mimeType == "image/tiff")
        #expect([ImageFormat.avif, .heic, .bmp, .tiff].map(\.fileExtension) == ["avif", "heic", "bmp", "tif"])
    }

    @Test func svgIsRefusedWithAClearMessage() {
        let svg = Data(#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#.utf8)
        #expect(throws: ImageProbe.Error.unsupportedFormat("svg")) { try ImageProbe.probe(svg) }
        let message = ImageProbe.Error.unsupportedFormat("svg").message
        #expect(message.hasPrefix("unsupported image format (SVG)"))
        #expect(message.contains("vector images are not accepted"))
    }

    // MARK: Frame counts

    @Test func apngFrameCountComesFromAcTL() throws {
        let info = try ImageProbe.probe(FormatFixture.makeAPNG(width: 10, height: 10, frames: 120))
        #expect(info.isAnimated)
        #expect(info.frameCount == 120)
    }

    @Test func gifWithThreeFramesCountsThree() throws {
        let info = try ImageProbe.probe(ProbeFixture.makeGIF(width: 64, height: 64, frames: 3))
        #expect(info.frameCount == 3)
        #expect(info.isAnimated)
    }

    @Test func stillImagesHaveOneFrame() throws {
        #expect(try ImageProbe.probe(ProbeFixture.makeGIF(width: 4, height: 4, frames: 1)).frameCount == 1)
        #expect(try ImageProbe.probe(ProbeFixture.makePNG(width: 4, height: 4)).frameCount == 1)
        #expect(try ImageProbe.probe(ProbeFixture.makeJPEG(width: 4, height: 4)).frameCount == 1)
        #expect(ImageInfo(format: .png, width: 1, height: 1, frameCount: 0).frameCount == 1)
    }

    @Test func animatedWebPCountsANMFChunks() throws {
        #expect(try ImageProbe.probe(FormatFixture.makeAnimatedWebP(width: 8, height: 8, frames: 7)).frameCount == 7)
    }

    // MARK: Pixel limit

    private func evaluate(_ data: Data, limits: ImageLimits = ImageLimits()) -> Result<StoredImage, FailureReason> {
        ImageAcceptance.evaluate(
            header: data, byteCount: Int64(data.count), hash: String(repeating: "a", count: 64), limits: limits)
    }

    @Test func oneKilobytePNGDeclaring50000SquaredHasTooManyPixels() {
        var bytes = [UInt8](ProbeFixture.makePNG(width: 50_000, height: 50_000))
        bytes.insert(contentsOf: F.pngChunk("tEXt", [UInt8](repeating: 0x41, count: 1_024 - bytes.count - 12)), at: 33)
        #expect(bytes.count == 1_024)
        #expect(evaluate(Data(bytes)) == .failure(.tooManyPixels(limitPixels: 50_000_000)))
    }

    @Test func animationDeclaring100FramesOf1000SquaredHasTooManyPixels() {
        let limits = ImageLimits(maximumPixels: 50_000_000)
        let apng = FormatFixture.makeAPNG(width: 1_000, height: 1_000, frames: 100)
        #expect(apng.count < 200)
        #expect(evaluate(apng, limits: limits) == .failure(.tooManyPixels(limitPixels: 50_000_000)))
        let gif = ProbeFixture.makeGIF(width: 1_000, height: 1_000, frames: 100)
        #expect(evaluate(gif, limits: limits) == .failure(.tooManyPixels(limitPixels: 50_000_000)))
        let webp = FormatFixture.makeAnimatedWebP(width: 1_000, height: 1_000, frames: 100)
        #expect(evaluate(webp, limits: limits) == .failure(.tooManyPixels(limitPixels: 50_000_000)))
    }

    @Test func animationWithinThePixelLimitIsAccepted() throws {
        let apng = FormatFixture.makeAPNG(width: 1_000, height: 1_000, frames: 50)
        let stored = try evaluate(apng, limits: ImageLimits(maximumPixels: 50_000_000)).get()
        #expect(stored.width == 1_000)
        #expect(stored.mimeType == "image/png")
    }

    @Test func pixelCountThatOverflowsHasTooManyPixels() {
        let apng = FormatFixture.makeAPNG(width: Int(Int32.max), height: Int(Int32.max), frames: 0xFFFF_FFFF)
        #expect(evaluate(apng) == .failure(.tooManyPixels(limitPixels: 50_000_000)))
        #expect(ImageAcceptance.totalPixels(ImageInfo(format: .png, width: Int.max, height: 2)) == nil)
    }

    @Test func formatsBrowsersShowAreStoredWithTheirMimeType() throws {
        #expect(try evaluate(FormatFixture.makeBMP(width: 3, height: 2)).get().mimeType == "image/bmp")
        #expect(
            try evaluate(FormatFixture.makeHEIF(brand: "avif", width: 3, height: 2)).get().mimeType == "image/avif")
    }

    @Test func tiffAndHEICAreMeasuredButRefusedUntilTheyCanBeConverted() throws {
        let tiff = FormatFixture.makeTIFF(width: 3, height: 2, order: .intel)
        #expect(try ImageProbe.probe(tiff).format == .tiff)
        #expect(evaluate(tiff) == .failure(.unsupportedFormat("TIFF")))
        let heic = FormatFixture.makeHEIF(brand: "heic", width: 30, height: 20, rotation: 1)
        #expect(try ImageProbe.probe(heic).width == 20)
        #expect(evaluate(heic) == .failure(.unsupportedFormat("HEIC")))
    }

    // MARK: Robustness

    @Test(arguments: FormatFixture.samples)
    func everyPrefixIsTruncatedOrConsistent(sample: ProbeFixture.Sample) {
        for length in 0...sample.data.count {
            let prefix = sample.data.prefix(length)
            switch ProbeFixture.probeChecked(prefix) {
            case .success(let info):
                #expect(info.width == sample.expected.width, "prefix \(length)")
                #expect(info.height == sample.expected.height, "prefix \(length)")
                #expect(info.orientation == sample.expected.orientation, "prefix \(length)")
                #expect(info.frameCount <= sample.expected.frameCount, "prefix \(length)")
            case .failure(let error):
                let expected: ImageProbe.Error = ImageProbe.format(of: prefix) == nil ? .notAnImage : .truncated
                #expect(error == expected, "prefix \(length)")
            }
        }
    }

    @Test(arguments: FormatFixture.samples)
    func twoThousandSeededMutationsNeverCrash(sample: ProbeFixture.Sample) {
        var generator = SeededGenerator(seed: 0xF0F0 &+ UInt64(sample.data.count) &* 31 &+ UInt64(sample.name.count))
        for _ in 0..<2_000 {
            var bytes = [UInt8](sample.data)
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                bytes[index] =
                    [0x00, 0xFF, 0x7F, 0x80, 0x01, UInt8.random(in: 0...255, using: &generator)]
                    .randomElement(using: &generator) ?? 0
            }
            _ = ProbeFixture.probeChecked(Data(bytes))
            let cut = Int.random(in: 0...bytes.count, using: &generator)
            _ = ProbeFixture.probeChecked(Data(bytes.prefix(cut)))
        }
    }
}
