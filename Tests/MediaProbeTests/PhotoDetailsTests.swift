import Foundation
import GalleryCore
import TestSupport
import Testing

@testable import MediaProbe

/// What the camera wrote, read from real files with EXIF (`make-exif-images.sh`: Pillow / libvips, then exiftool) in
/// every format that carries it (issue 29).
@Suite struct PhotoDetailsTests {
    @Test(arguments: ["exif-photo.jpg", "exif-photo.png", "exif-photo.webp", "exif-photo.tif", "exif-photo.heic"])
    func theCameraFieldsAreReadFromEveryFormat(name: String) throws {
        let details = try #require(ImageProbe.photoDetails(try Fixture.data(name)))
        #expect(details.cameraMake == "Canon")
        #expect(details.cameraModel == "Canon EOS R5")
        #expect(details.lens == "RF24-105mm F4 L IS USM")
        #expect(details.takenAt == "2024-05-17T14:03:22+02:00")
        #expect(details.focalLength == 50)
        #expect(details.aperture == 2.8)
        #expect(details.exposureTime == 1.0 / 250)
        #expect(details.iso == 400)
        let location = try #require(details.location)
        #expect(abs(location.latitude - 48.858333) < 0.000_01)
        #expect(abs(location.longitude - 2.2945) < 0.000_01)
    }

    @Test func southAndWestAreNegativeInBigEndianEXIF() throws {
        let details = try #require(ImageProbe.photoDetails(try Fixture.data("exif-photo-south-west.jpg")))
        #expect(details.cameraModel == "Canon EOS R5")
        let location = try #require(details.location)
        #expect(abs(location.latitude + 33.856784) < 0.000_01)
        #expect(abs(location.longitude + 151.215297) < 0.000_01)
    }

    @Test func anImageWithoutEXIFHasNoDetails() throws {
        let details = try #require(ImageProbe.photoDetails(try Fixture.data("photo.tif")))
        #expect(details.isEmpty)
        #expect(ImageProbe.photoDetails(Data("not an image".utf8)) == nil)
    }

    @Test func aBuiltStructureIsReadWhole() throws {
        let details = try #require(ImageProbe.photoDetails(ExifBlock.camera.jpegHeader))
        #expect(details.cameraModel == "Canon EOS R5" && details.iso == 400 && details.aperture == 2.8)
        #expect(details.takenAt == "2024-05-17T14:03:22")
        #expect(details.location != nil)
    }
}

/// EXIF that lies is read in bounded time and memory; the bad fields are left out, the rest kept.
@Suite struct LyingExifTests {
    typealias Entry = ExifBlock.Entry

    private func details(_ bytes: [UInt8]) throws -> PhotoDetails {
        try #require(ImageProbe.photoDetails(Data(bytes)))
    }

    @Test func aDirectoryOffsetPastTheEndGivesNothing() throws {
        let header = Array("II".utf8) + [42, 0] + [0x00, 0xFF, 0xFF, 0xFF]
        #expect(try details(header + [0, 0, 0, 0]).isEmpty)
        // A pointer to the EXIF directory past the end leaves only that directory out.
        var block = ExifBlock.camera
        block.exif = []
        block.primary.append(.raw(0x8769, type: 4, count: 1, field: 0x7FFF_0000))
        let read = try details(block.bytes)
        #expect(read.cameraModel == "Canon EOS R5" && read.iso == nil && read.location != nil)
    }

    @Test func aLoopOfDirectoriesEnds() throws {
        // IFD0 names itself as its EXIF and GPS directories and as the next one.
        var block = ExifBlock(primary: [
            .text(0x0110, "Loop"), .raw(0x8769, type: 4, count: 1, field: 8), .raw(0x8825, type: 4, count: 1, field: 8),
        ])
        var bytes = block.bytes
        let next = 8 + 2 + 12 * 3
        bytes.replaceSubrange(next..<(next + 4), with: [8, 0, 0, 0])
        #expect(try details(bytes).cameraModel == "Loop")
        block.primary[1] = .raw(0x8769, type: 13, count: 1, field: 8)
        #expect(try details(block.bytes).location == nil)
    }

    @Test func sixtyFiveThousandEntriesAreNotAllRead() throws {
        var bytes = ExifBlock(primary: [.text(0x010F, "Many"), .text(0x0110, "Entries")]).bytes
        bytes.replaceSubrange(8..<10, with: [0xFF, 0xFF])
        let read = try details(bytes)
        #expect(read.cameraMake == "Many")
        // 65,535 real entries: only the first ``TIFFStructure/maximumEntries`` are looked at.
        var many = (0..<65_534).map { _ in Entry.short(0x0001, 1) }
        many.append(.text(0x0110, "Last"))
        #expect(try details(ExifBlock(primary: many).bytes).cameraModel == nil)
    }

    @Test func aStringOfTenMegabytesIsLeftOut() throws {
        let huge = String(repeating: "A", count: 10 * 1024 * 1024)
        var block = ExifBlock.camera
        block.primary[1] = .text(0x0110, huge)
        let read = try details(block.bytes)
        #expect(read.cameraModel == nil)
        #expect(read.cameraMake == "Canon" && read.iso == 400)
        // One that claims 10 MB the file does not hold, too.
        block.primary[1] = .raw(0x0110, type: 2, count: 10 * 1024 * 1024, field: 40)
        #expect(try details(block.bytes).cameraModel == nil)
    }

    @Test func aRationalWithAZeroDenominatorIsLeftOut() throws {
        var block = ExifBlock.camera
        block.exif[1] = .rationals(0x829D, [(28, 0)])
        block.gps[1] = .rationals(2, [(48, 1), (51, 0), (30, 1)])
        let read = try details(block.bytes)
        #expect(read.aperture == nil && read.location == nil)
        #expect(read.exposureTime == 1.0 / 250 && read.focalLength == 50)
    }

    @Test func anOrientationOfNineLeavesTheImageAsStoredAndTheDetailsRead() throws {
        var block = ExifBlock.camera
        block.primary.append(.short(0x0112, 9))
        let data = block.jpegHeader
        let info = try ImageProbe.probe(data)
        #expect(info.orientation == 1 && info.width == 600 && info.height == 400)
        #expect(ImageProbe.photoDetails(data)?.cameraModel == "Canon EOS R5")
    }

    @Test func datesAndCoordinatesThatAreNoneAreLeftOut() throws {
        var block = ExifBlock.camera
        block.exif[3] = .text(0x9003, "0000:00:00 00:00:00")
        block.gps[1] = .rationals(2, [(148, 1), (0, 1), (0, 1)])
        let read = try details(block.bytes)
        #expect(read.takenAt == nil && read.location == nil && read.iso == 400)
        #expect(ExifValues.date("2024:13:01 10:00:00", offset: nil) == nil)
        #expect(ExifValues.date("2024:05:17 14:03:22", offset: "+99:00") == "2024-05-17T14:03:22")
    }
}
