import Foundation
import TestSupport
import Testing

@testable import MediaProbe

@Suite("Reading video codecs, fragments and files cut short")
struct VideoCodecTests {
    @Test(arguments: [
        ("faststart.mp4", "h264", true), ("clip.mov", "h264", false), ("clip.webm", "vp9", true),
        ("hevc.mov", "hevc", false), ("hevc.mp4", "hevc", false), ("prores.mov", "prores", false),
        ("mjpeg.mov", "mjpeg", false), ("mpeg4.mp4", "mpeg4", false), ("fragmented.mp4", "h264", true),
    ])
    func theCodecIsReadFromTheHeader(name: String, codec: String, playsInBrowsers: Bool) throws {
        let info = try probeVideo(try Fixture.data(name))
        #expect(info.codec?.name == codec)
        #expect(info.codec?.playsInBrowsers(as: info.mimeType) == playsInBrowsers)
        #expect(info.width == 64)
        #expect(info.height == 48)
        #expect(abs((info.durationSeconds ?? 0) - 1.5) < 0.1)
        #expect(info.playableSeconds == nil)
    }

    @Test func browsersPlayH264VP9AndAV1InMP4AndVP8VP9AndAV1InWebM() {
        for codec in [VideoCodec.h264, .vp9, .av1] { #expect(codec.playsInBrowsers(as: "video/mp4")) }
        for codec in [VideoCodec.vp8, .vp9, .av1] { #expect(codec.playsInBrowsers(as: "video/webm")) }
        for codec in [VideoCodec.hevc, .prores, .mjpeg, .mpeg4, .mpeg2, .h263, VideoCodec(name: "raw")] {
            #expect(!codec.playsInBrowsers(as: "video/mp4"))
        }
        #expect(!VideoCodec.h264.playsInBrowsers(as: "video/quicktime"))
        #expect(!VideoCodec.vp9.playsInBrowsers(as: "video/x-matroska"))
    }

    @Test(arguments: [
        (UInt8(0x20), "mpeg4"), (0x61, "mpeg2"), (0x6A, "mpeg1"), (0x6C, "mjpeg"),
    ])
    func theObjectTypeOfAnMP4VEntryTellsWhichFormatItIs(objectType: UInt8, codec: String) throws {
        #expect(VideoCodec.isoBaseMedia(sampleEntry: "mp4v", objectType: objectType).name == codec)
        // An `esds` as ffmpeg writes it: an ES descriptor (3) holding a decoder configuration descriptor (4), their
        // sizes in four bytes each.
        let esds: [UInt8] = [0, 0, 0, 0, 0x03, 0x80, 0x80, 0x80, 0x4F, 0x00, 0x01, 0x00, 0x04, 0x80, 0x80, 0x80, 0x41]
        #expect(VideoProbe.Track.objectTypeIndication(esds: esds + [objectType, 0x11]) == objectType)
    }

    @Test func anUnknownSampleEntryIsNamedByItsCodeInPrintableLetters() {
        #expect(VideoCodec.isoBaseMedia(sampleEntry: "raw ", objectType: nil).name == "raw")
        #expect(VideoCodec.matroska(codecID: "V_MS/VFW/FOURCC").name == "V_MS/VFW/FOURCC")
        #expect(VideoCodec.matroska(codecID: "\u{1}\u{2}").name == "unknown")
    }

    @Test func aFragmentedMP4HasTheDurationOfItsFragments() throws {
        // ffmpeg's `empty_moov` says no duration in `mvhd` and writes no `mehd`: three fragments of 5, 5 and 5 frames.
        let info = try probeVideo(try Fixture.data("fragmented.mp4"))
        #expect(info.durationSeconds == 1.5)
    }

    @Test func aMovieExtendsHeaderGivesAFragmentedMovieItsDuration() throws {
        let movieHeader = [0, 0, 0, 0] + [UInt8](repeating: 0, count: 8) + bigEndian32(1000) + bigEndian32(0)
        let extends = box("mehd", [0, 0, 0, 0] + bigEndian32(4250)) + box("trex", [UInt8](repeating: 0, count: 24))
        let data =
            ftyp("isom")
            + box(
                "moov",
                box("mvhd", movieHeader + [UInt8](repeating: 0, count: 80)) + videoTrack(width: 64, height: 48)
                    + box("mvex", extends))
        let info = try probeVideo(Data(data))
        #expect(info.durationSeconds == 4.25)
    }

    @Test func anMP4CutShortAfterItsHeaderKeepsTheFramesItHas() throws {
        let whole = try Fixture.data("faststart.mp4")
        let half = try probeVideo(whole.prefix(whole.count / 2))
        #expect(abs((half.durationSeconds ?? 0) - 1.5) < 0.1)
        let playable = try #require(half.playableSeconds)
        #expect(playable > 0 && playable < 1.5)
        // Its last frame is the last of the file: one byte short, the rest plays.
        let almost = try probeVideo(whole.prefix(whole.count - 1))
        #expect(almost.playableSeconds == 1.4)
        #expect(try probeVideo(whole).playableSeconds == nil)
    }

    @Test func anMP4CutBeforeItsFirstFrameIsRefused() throws {
        let whole = try Fixture.data("faststart.mp4")
        // The `mdat` box begins at byte 901; its first frame is longer than 100 bytes.
        #expect(throws: VideoProbe.Error.damaged("the file is cut short before its first frame")) {
            try probeVideo(whole.prefix(1_001))
        }
    }

    @Test func aFragmentedMP4CutShortKeepsItsWholeFragments() throws {
        let whole = try Fixture.data("fragmented.mp4")
        // The third fragment's `moof` begins at byte 8,722 and its `mdat` at 8,854: cut inside either (or inside
        // the header of the `moof`), two fragments are whole.
        for cut in [8_725, 8_800, 9_000] {
            let info = try probeVideo(whole.prefix(cut))
            #expect(info.durationSeconds == 1.0)
            #expect(info.playableSeconds == 1.0)
        }
        #expect(throws: VideoProbe.Error.damaged("the file is cut short before its first frame")) {
            try probeVideo(whole.prefix(1_000))
        }
    }
}
