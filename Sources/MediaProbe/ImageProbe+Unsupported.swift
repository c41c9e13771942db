import Foundation

// Image formats the gallery does not keep, told by their first bytes so that a refusal names them ("unsupported image
// format (DDS)") instead of calling them no image at all.
extension ImageProbe {
    /// Names a recognised but unsupported format, or nil.
    static func unsupportedFormatName(_ bytes: ProbeBytes) -> String? {
        // ICO / CUR: reserved 0, type 1 or 2, at least one image.
        if bytes.matches([0x00, 0x00], at: 0), let type = bytes.u16le(2), type == 1 || type == 2,
            let count = bytes.u16le(4), count > 0
        {
            return type == 1 ? "ico" : "cur"
        }
        if bytes.matches(Array("8BPS".utf8), at: 0) { return "psd" }
        if bytes.matches([0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A], at: 0)
            || bytes.matches([0xFF, 0x0A], at: 0)
        {
            return "jxl"
        }
        if let name = signatures.first(where: { bytes.matches($0.bytes, at: 0) })?.name { return name }
        if let name = netpbmName(bytes) { return name }
        if let name = signaturesFurtherIn.first(where: { bytes.matches($0.bytes, at: $0.offset) })?.name { return name }
        // FLI and FLC animations: their magic after the file size, and a colour depth of 8 (Pillow's test).
        if let magic = bytes.u16le(4), magic == 0xAF11 || magic == 0xAF12, let flags = bytes.u16le(14), flags <= 3 {
            return magic == 0xAF11 ? "fli" : "flc"
        }
        if bytes.u32le(0) == 1, bytes.matches(Array(" EMF".utf8), at: 40) { return "emf" }
        if isXBM(bytes) { return "xbm" }
        if isMarkupImage(bytes) { return "svg" }
        if isTGA(bytes) { return "tga" }
        return nil
    }

    /// Formats told by a fixed signature at their start.
    private static let signatures: [(name: String, bytes: [UInt8])] = [
        ("jpeg 2000", [0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A]),  // JP2 box
        ("jpeg 2000", [0xFF, 0x4F, 0xFF, 0x51]),  // a bare codestream (.j2k)
        ("dds", Array("DDS ".utf8)),
        ("qoi", Array("qoif".utf8)),
        ("icns", Array("icns".utf8)),
        ("sun raster", [0x59, 0xA6, 0x6A, 0x95]),
        ("sgi", [0x01, 0xDA]),
        ("blp", Array("BLP1".utf8)), ("blp", Array("BLP2".utf8)),
        ("dcx", [0xB1, 0x68, 0xDE, 0x3A]),
        ("xpm", Array("/* XPM */".utf8)),
        ("fits", Array("SIMPLE  =".utf8)),
        ("eps", Array("%!PS-Adobe".utf8)), ("eps", [0xC5, 0xD0, 0xD3, 0xC6]),
        ("pcx", [0x0A, 0x05, 0x01]), ("pcx", [0x0A, 0x03, 0x01]), ("pcx", [0x0A, 0x02, 0x01]),
        ("pcx", [0x0A, 0x00, 0x01]),
        ("openexr", [0x76, 0x2F, 0x31, 0x01]),
        ("wmf", [0xD7, 0xCD, 0xC6, 0x9A]), ("wmf", [0x01, 0x00, 0x09, 0x00, 0x00, 0x03]),
        ("pixar", [0x80, 0xE8, 0x00, 0x00]),
        ("msp", Array("DanM".utf8)), ("msp", Array("LinS".utf8)),
        ("ftex", Array("FTEX".utf8)),
        ("im", Array("Image type:".utf8)),
        ("hdf5", [0x89, 0x48, 0x44, 0x46, 0x0D, 0x0A, 0x1A, 0x0A]),
        ("grib", Array("GRIB".utf8)), ("bufr", Array("BUFR".utf8)),
    ]

    /// Formats told by a signature further in: a GIMP brush's after its header size and version, a Photo CD's after
    /// its 2 KB lead-in.
    private static let signaturesFurtherIn: [(name: String, bytes: [UInt8], offset: Int)] = [
        ("gimp brush", Array("GIMP".utf8), 20),
        ("photo cd", Array("PCD_IPI".utf8), 2048),
    ]

    /// An X bitmap: C source whose first line defines its width (`#define name_width 16`).
    private static func isXBM(_ bytes: ProbeBytes) -> Bool {
        let offset = bytes.skippingWhiteSpace(from: 0)
        guard bytes.matches(Array("#define".utf8), at: offset) else { return false }
        let line = bytes.data.dropFirst(offset).prefix(256).prefix { $0 != 0x0A }
        return String(decoding: line, as: UTF8.self).contains("_width")
    }

    /// Netpbm (`P1`…`P7`, `Pf`, `PF`, then white space): PBM, PGM, PPM, PAM or PFM.
    private static func netpbmName(_ bytes: ProbeBytes) -> String? {
        guard bytes.u8(0) == UInt8(ascii: "P"), let kind = bytes.u8(1), let next = bytes.u8(2),
            [0x20, 0x09, 0x0A, 0x0D].contains(next)
        else { return nil }
        switch kind {
        case UInt8(ascii: "1"), UInt8(ascii: "4"): return "pbm"
        case UInt8(ascii: "2"), UInt8(ascii: "5"): return "pgm"
        case UInt8(ascii: "3"), UInt8(ascii: "6"): return "ppm"
        case UInt8(ascii: "7"): return "pam"
        case UInt8(ascii: "f"), UInt8(ascii: "F"): return "pfm"
        default: return nil
        }
    }

    /// A Truevision TGA header, which has no signature: its fields must all hold values the format allows (a colour
    /// map type of 0 or 1, a known image type, a size, a known pixel depth, reserved bits clear), or its 2.0 footer.
    private static func isTGA(_ bytes: ProbeBytes) -> Bool {
        let footer = Array("TRUEVISION-XFILE.".utf8) + [0]
        if bytes.count >= 26, bytes.matches(footer, at: bytes.count - 18) { return true }
        guard bytes.count >= 18, let colorMapType = bytes.u8(1), let imageType = bytes.u8(2),
            let width = bytes.u16le(12), let height = bytes.u16le(14), let depth = bytes.u8(16),
            let descriptor = bytes.u8(17)
        else { return false }
        let hasColorMap = colorMapType == 1
        return colorMapType <= 1 && [1, 2, 3, 9, 10, 11].contains(imageType) && width > 0 && height > 0
            && [8, 15, 16, 24, 32].contains(depth) && descriptor & 0xC0 == 0
            && hasColorMap == [1, 9].contains(imageType)
    }

    /// SVG or XML text: after an optional UTF-8 BOM and whitespace, `<svg`, `<!DOCTYPE svg`, or `<?xml` that is not an
    /// XHTML page (which is a page, not an image).
    static func isMarkupImage(_ bytes: ProbeBytes) -> Bool {
        let offset = bytes.skippingWhiteSpace(from: bytes.matches([0xEF, 0xBB, 0xBF], at: 0) ? 3 : 0)
        if bytes.matchesIgnoringCase("<?xml", at: offset) {
            return !HTMLSniffing.isHTML(Array(bytes.data.prefix(HTMLSniffing.decisionLength)))
        }
        return bytes.matchesIgnoringCase("<svg", at: offset) || bytes.matchesIgnoringCase("<!doctype svg", at: offset)
    }
}
