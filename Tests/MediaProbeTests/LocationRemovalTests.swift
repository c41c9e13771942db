import Foundation
import TestSupport
import Testing

@testable import MediaProbe

/// A read-only link's copy of a photo holds no GPS, and is otherwise the same file (issue 29).
@Suite struct LocationRemovalTests {
    @Test(arguments: ["exif-photo.jpg", "exif-photo.png", "exif-photo.webp", "exif-photo.tif", "exif-photo.heic"])
    func theCoordinatesAreGoneAndTheRestStays(name: String) throws {
        let original = try Fixture.data(name)
        let stripped = try #require(LocationRemoval.removingLocation(from: original))
        #expect(stripped.count == original.count)
        let details = try #require(ImageProbe.photoDetails(stripped))
        #expect(details.location == nil)
        #expect(details.cameraModel == "Canon EOS R5" && details.iso == 400)
        #expect(try ImageProbe.probe(stripped) == (try ImageProbe.probe(original)))
        // Nothing left to strip the second time.
        #expect(LocationRemoval.removingLocation(from: stripped) == nil)
    }

    @Test func aPNGsChunkChecksumIsWrittenAgain() throws {
        let stripped = try #require(LocationRemoval.removingLocation(from: try Fixture.data("exif-photo.png")))
        let chunk = try #require(ImageProbe.pngExifBlock(ProbeBytes(stripped)))
        let bytes = [UInt8](stripped)
        let stored = bytes[chunk.upperBound..<(chunk.upperBound + 4)].reduce(0) { $0 << 8 | UInt32($1) }
        #expect(stored == PNGChecksum.crc(bytes[(chunk.lowerBound - 4)..<chunk.upperBound]))
    }

    @Test func anImageWithoutCoordinatesIsLeftAsItIs() throws {
        #expect(LocationRemoval.removingLocation(from: try Fixture.data("jpeg-orientation-6.jpg")) == nil)
        #expect(LocationRemoval.removingLocation(from: Data("text".utf8)) == nil)
    }
}
