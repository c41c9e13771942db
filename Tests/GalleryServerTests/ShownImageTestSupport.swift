import Foundation
import HummingbirdTesting
import TestSupport
import Testing

/// An image item as the page shows it: its state, the size it is told at, what the page loads, and why it failed.
struct ShownImageJSON: Decodable {
    struct Thumbnail: Decodable {
        var width: Int
        var url: String
    }

    struct Failure: Decodable {
        var code: String
        var message: String
    }

    var id: String
    var state: String
    var width: Int?
    var height: Int?
    var imageURL: String?
    var originalURL: String?
    var thumbnails: [Thumbnail]
    var failure: Failure?
}

extension TestClientProtocol {
    /// Drops the fixture file `name` (as the page does: its description, then its bytes) into the first gallery and
    /// returns the item once its upload has ended, ready or failed.
    func dropFixture(_ name: String, type: String) async throws -> ShownImageJSON {
        let bytes = try Fixture.data(name)
        let gallery = try await firstGalleryID()
        let drop = try await drop(payload: filePayload(name: name, type: type, size: bytes.count), into: gallery)
        let upload = try #require(drop.uploads.first)
        return try await self.upload(bytes, to: upload.uploadURL).decoded()
    }

    /// The image at a URL of the server, decoded (with the `vips` command).
    func decodedImage(at url: String) async throws -> DecodedImage {
        let response = try await send(.get, url)
        #expect(response.status == .ok, "\(url)")
        return try DecodedImage(response.bytes)
    }
}
