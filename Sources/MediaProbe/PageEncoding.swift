import Foundation

/// A character encoding a web page may be written in, and how its bytes become text.
///
/// The labels are the WHATWG Encoding Standard's for the encodings most pages use; Latin-1 and ASCII labels mean
/// Windows-1252, as in browsers. Encodings Foundation decodes on this system are used through it; any other label is
/// ignored.
enum PageEncoding: Equatable {
    /// UTF-8.
    case utf8
    /// UTF-16, little-endian.
    case utf16LittleEndian
    /// UTF-16, big-endian.
    case utf16BigEndian
    /// Windows-1252 (which browsers also use for ISO-8859-1 and ASCII).
    case windows1252
    /// An encoding decoded by Foundation (Shift_JIS, Windows-1251, ISO-8859-2, …).
    case foundation(String.Encoding)
    /// An encoding decoded by the C library's iconv, by the name it knows it by (Big5, EUC-KR, GBK, KOI8-R, …:
    /// those Foundation does not decode on Linux).
    case iconv(String)

    /// The encoding a label such as `utf-8`, `"ISO-8859-1"` or `Shift_JIS` names, or `nil` for one not known.
    init?(label: some StringProtocol) {
        let trimmed = label.trimmingCharacters(in: Self.labelPadding).lowercased()
        switch trimmed {
        case "utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8":
            self = .utf8
        case "utf-16le", "utf-16", "ucs-2", "unicode", "csunicode", "iso-10646-ucs-2", "unicodefeff":
            self = .utf16LittleEndian
        case "utf-16be", "unicodefffe":
            self = .utf16BigEndian
        case "windows-1252", "cp1252", "x-cp1252", "iso-8859-1", "iso8859-1", "iso88591", "iso_8859-1",
            "iso_8859-1:1987", "latin1", "l1", "cp819", "ibm819", "iso-ir-100", "csisolatin1", "us-ascii", "ascii",
            "ansi_x3.4-1968", "x-user-defined":
            self = .windows1252
        case "shift_jis", "shift-jis", "sjis", "ms_kanji", "ms932", "windows-31j", "x-sjis", "csshiftjis":
            self = .foundation(.shiftJIS)
        case "euc-jp", "x-euc-jp", "cseucpkdfmtjapanese":
            self = .iconv("EUC-JP")
        case "iso-2022-jp", "csiso2022jp":
            self = .iconv("ISO-2022-JP")
        case "big5", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5":
            self = .iconv("BIG5-HKSCS")
        case "euc-kr", "cseuckr", "csksc56011987", "iso-ir-149", "korean", "ks_c_5601-1987", "ks_c_5601-1989",
            "ksc5601", "ksc_5601", "windows-949":
            self = .iconv("UHC")  // windows-949, which the Encoding Standard decodes EUC-KR as
        case "gbk", "gb2312", "gb_2312", "gb_2312-80", "chinese", "csgb2312", "csiso58gb231280", "iso-ir-58", "x-gbk",
            "gb18030":
            self = .iconv("GB18030")  // the Encoding Standard decodes GBK and GB2312 as GB18030
        case "koi8-r", "koi8_r", "koi", "koi8", "cskoi8r":
            self = .iconv("KOI8-R")
        case "koi8-u", "koi8-ru":
            self = .iconv("KOI8-U")
        case "windows-1250", "cp1250", "x-cp1250":
            self = .foundation(.windowsCP1250)
        case "windows-1251", "cp1251", "x-cp1251":
            self = .foundation(.windowsCP1251)
        case "windows-1253", "cp1253", "x-cp1253":
            self = .foundation(.windowsCP1253)
        case "windows-1254", "cp1254", "x-cp1254", "iso-8859-9", "latin5", "iso8859-9":
            self = .foundation(.windowsCP1254)
        case "iso-8859-2", "iso8859-2", "iso_8859-2", "latin2", "l2", "csisolatin2":
            self = .foundation(.isoLatin2)
        default:
            return nil
        }
    }

    /// What is trimmed off a label: whitespace and quotes.
    private static let labelPadding = CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\"'"))

    /// `bytes` as text in this encoding; `nil` only when Foundation cannot decode them (malformed bytes, or an
    /// encoding it does not have on this system).
    func decode(_ bytes: ArraySlice<UInt8>) -> String? {
        switch self {
        case .utf8:
            return String(decoding: bytes, as: UTF8.self)
        case .utf16LittleEndian, .utf16BigEndian:
            let isLittleEndian = self == .utf16LittleEndian
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var index = bytes.startIndex
            while index + 1 < bytes.endIndex {
                let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
                units.append(isLittleEndian ? first | second << 8 : first << 8 | second)
                index += 2
            }
            return String(decoding: units, as: UTF16.self)
        case .windows1252:
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: bytes.map(Self.windows1252Scalar))
            return String(scalars)
        case .foundation(let encoding):
            return String(bytes: bytes, encoding: encoding)
        case .iconv(let name):
            return Self.decode(bytes, withIconv: name)
        }
    }

    /// The character a Windows-1252 byte stands for (bytes it leaves undefined stand for the C1 control of the same
    /// value, as in browsers).
    static func windows1252Scalar(_ byte: UInt8) -> Unicode.Scalar {
        guard (0x80...0x9F).contains(byte) else { return Unicode.Scalar(byte) }
        return Unicode.Scalar(windows1252High[Int(byte) - 0x80]) ?? Unicode.Scalar(byte)
    }

    /// The code points of bytes 0x80 to 0x9F in Windows-1252.
    private static let windows1252High: [UInt32] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D,
        0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, 0x009D, 0x017E, 0x0178,
    ]
}
