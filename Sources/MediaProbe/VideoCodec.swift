/// A video track's coding, as its container names it: an ISO base media sample entry (`avc1`, `hvc1`, `apcn` …) or a
/// Matroska codec ID (`V_VP9` …), told by one name for each format whatever the container calls it.
public struct VideoCodec: Sendable, Hashable, CustomStringConvertible {
    /// The codec's name: `h264`, `hevc`, `vp8`, `vp9`, `av1`, `prores`, `mjpeg`, `mpeg4` (MPEG-4 Part 2), `mpeg2`,
    /// `mpeg1`, `h263`, `theora`, `dv`; for any other, the container's own code (printable ASCII, at most 32).
    public let name: String

    /// A codec of this name.
    public init(name: String) { self.name = name }

    public var description: String { name }

    public static let h264 = VideoCodec(name: "h264")
    public static let hevc = VideoCodec(name: "hevc")
    public static let vp8 = VideoCodec(name: "vp8")
    public static let vp9 = VideoCodec(name: "vp9")
    public static let av1 = VideoCodec(name: "av1")
    public static let prores = VideoCodec(name: "prores")
    public static let mjpeg = VideoCodec(name: "mjpeg")
    public static let mpeg4 = VideoCodec(name: "mpeg4")
    public static let mpeg2 = VideoCodec(name: "mpeg2")
    public static let mpeg1 = VideoCodec(name: "mpeg1")
    public static let h263 = VideoCodec(name: "h263")
    public static let theora = VideoCodec(name: "theora")
    public static let dv = VideoCodec(name: "dv")

    /// Whether browsers commonly play this codec in a file served as `mimeType`: H.264, VP9 and AV1 in MP4; VP8, VP9
    /// and AV1 in WebM. Anything else (HEVC, ProRes, Motion JPEG, MPEG-4 Part 2; QuickTime and Matroska files) needs a
    /// copy to play in every browser.
    public func playsInBrowsers(as mimeType: String) -> Bool {
        switch mimeType {
        case "video/mp4": [VideoCodec.h264, .vp9, .av1].contains(self)
        case "video/webm": [VideoCodec.vp8, .vp9, .av1].contains(self)
        default: false
        }
    }

    /// The codec of an ISO base media sample entry of this type; for `mp4v` (MPEG-4 Visual, which also carries
    /// older formats), the object type of its decoder configuration tells which.
    static func isoBaseMedia(sampleEntry type: String, objectType: UInt8?) -> VideoCodec {
        switch type {
        case "avc1", "avc2", "avc3", "avc4": .h264
        case "hvc1", "hev1", "dvh1", "dvhe": .hevc
        case "vp08": .vp8
        case "vp09": .vp9
        case "av01": .av1
        case "apch", "apcn", "apcs", "apco", "ap4h", "ap4x": .prores
        case "jpeg", "mjpa", "mjpb", "mjpg", "MJPG": .mjpeg
        case "s263", "h263", "H263": .h263
        case "mp2v", "m2v1": .mpeg2
        case "dvc ", "dvcp", "dvpp", "dv5n", "dv5p": .dv
        case "mp4v":
            switch objectType ?? 0x20 {
            case 0x60...0x65: .mpeg2
            case 0x6A: .mpeg1
            case 0x6C: .mjpeg
            default: .mpeg4
            }
        default: other(type)
        }
    }

    /// The codec of a Matroska `CodecID`.
    static func matroska(codecID: String) -> VideoCodec {
        switch codecID {
        case "V_MPEG4/ISO/AVC": .h264
        case "V_MPEGH/ISO/HEVC": .hevc
        case "V_VP8": .vp8
        case "V_VP9": .vp9
        case "V_AV1": .av1
        case "V_PRORES": .prores
        case "V_MJPEG": .mjpeg
        case "V_MPEG4/ISO/SP", "V_MPEG4/ISO/ASP", "V_MPEG4/ISO/AP", "V_MPEG4/MS/V3": .mpeg4
        case "V_MPEG2": .mpeg2
        case "V_MPEG1": .mpeg1
        case "V_THEORA": .theora
        default: other(codecID)
        }
    }

    /// A code no name here is known for, kept as printable ASCII (a file could write anything there).
    private static func other(_ code: String) -> VideoCodec {
        let kept = code.unicodeScalars.filter { $0.isASCII && $0.value > 0x20 && $0.value < 0x7F }.prefix(32)
        return VideoCodec(name: kept.isEmpty ? "unknown" : String(String.UnicodeScalarView(kept)))
    }
}
