import Foundation
import GalleryCore
import HTTPTypes
import HummingbirdTesting
import Logging
import MediaProbe
import NIOCore
import TestSupport
import Testing
import Thumbnails

@testable import GalleryServer

/// An image a person turned is drawn from thumbnails turned on the server (`{sha256}-{width}-{turn}.webp`), made from
/// its upright thumbnails when first asked for; its file stays as it is. (Named "Thumbnail…" so that CI runs it with
/// libvips and again without.)
@Suite("Thumbnails turned as the item is")
struct ThumbnailTurnAPITests {
    static let canLook = Thumbnailer.isAvailable && DecodedImage.isAvailable

    struct TurnedItemJSON: Decodable {
        struct Orientation: Decodable, Equatable {
            var quarterTurns: Int
            var mirrored: Bool
        }
        var id: String
        var width: Int?
        var height: Int?
        var imageURL: String?
        var thumbnails: [ShownImageJSON.Thumbnail]
        var orientation: Orientation?
    }

    struct TurnedListJSON: Decodable {
        var items: [TurnedItemJSON]
    }

    /// Turns the items and returns them as the answer tells them.
    private func turn(_ ids: [String], _ turn: String, _ client: some TestClientProtocol) async throws
        -> [TurnedItemJSON]
    {
        let gallery = try await client.firstGalleryID()
        let list = ids.map { "\"\($0)\"" }.joined(separator: ",")
        return try await client.call(
            .post, "/api/galleries/\(gallery)/turns", json: #"{"itemIds":[\#(list)],"turn":"\#(turn)"}"#,
            as: TurnedListJSON.self
        ).items
    }

    /// The served file's width and height, as its header says.
    private func servedSize(_ response: TestResponse) throws -> (Int, Int) {
        let info = try ImageProbe.probe(Data(buffer: response.body))
        return (info.width, info.height)
    }

    @Test(.enabled(if: canLook, "libvips and its vips command are not installed (apt install libvips-tools)"))
    func aTurnedPhotosThumbnailIsServedTurnedAndItsFileStaysAsItIs() async throws {
        try await testApplication { client in
            // A JPEG turned by its EXIF: 400 × 600 upright, its one thumbnail 256 × 384.
            let item = try await client.dropFixture("jpeg-orientation-6.jpg", type: "image/jpeg")
            let uprightURL = try #require(item.thumbnails.first?.url)
            let original = try await client.send(.get, try #require(item.imageURL)).body

            let right = try #require(try await turn([item.id], "right", client).first)
            #expect(right.width == 600 && right.height == 400)
            #expect(right.thumbnails.map(\.width) == [384])
            let rightURL = try #require(right.thumbnails.first?.url)
            #expect(rightURL == uprightURL.replacingOccurrences(of: "-256.webp", with: "-256-r90.webp"))
            let served = try await client.send(.get, rightURL)
            #expect(served.status == .ok)
            #expect(served.headers[.contentType] == "image/webp")
            #expect(served.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect(try servedSize(served) == (384, 256))
            // Red, green / blue, white turned a quarter clockwise: blue, red / white, green.
            let turned = try DecodedImage(Data(buffer: served.body))
            let colors = DecodedImage.quadrantColors
            #expect(turned.looks(colors.bottomLeft, atX: 0.25, y: 0.25))
            #expect(turned.looks(colors.topLeft, atX: 0.75, y: 0.25))
            #expect(turned.looks(colors.bottomRight, atX: 0.25, y: 0.75))
            #expect(turned.looks(colors.topRight, atX: 0.75, y: 0.75))
            // Kept: asked again, the same file, and a browser that has it is told so.
            let etag = try #require(served.headers[.eTag])
            #expect(etag.contains("-256-r90"))
            let again = try await client.execute(uri: rightURL, method: .get, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)

            // Flipped as shown: mirrored, then turned three quarters (red, blue / green, white).
            let flipped = try #require(try await turn([item.id], "flip", client).first)
            #expect(flipped.orientation == .init(quarterTurns: 3, mirrored: true))
            let flippedURL = try #require(flipped.thumbnails.first?.url)
            #expect(flippedURL.hasSuffix("-256-r270m.webp"))
            let mirrored = try DecodedImage(Data(buffer: try await client.send(.get, flippedURL).body))
            #expect(mirrored.width == 384 && mirrored.height == 256)
            #expect(mirrored.looks(colors.topLeft, atX: 0.25, y: 0.25))
            #expect(mirrored.looks(colors.bottomLeft, atX: 0.75, y: 0.25))
            #expect(mirrored.looks(colors.topRight, atX: 0.25, y: 0.75))
            #expect(mirrored.looks(colors.bottomRight, atX: 0.75, y: 0.75))

            // The upright thumbnail and the file are as they were.
            #expect(try servedSize(try await client.send(.get, uprightURL)) == (256, 384))
            #expect(try await client.send(.get, try #require(right.imageURL)).body == original)
        }
    }

    @Test(.enabled(if: Thumbnailer.isAvailable, "libvips is not installed (apt install libvips42)"))
    func everyWidthIsToldAndServedAsWideAsItIsTurned() async throws {
        try await testApplication { client in
            let png = PNGBuilder.make(width: 1200, height: 600)
            let gallery = try await client.firstGalleryID()
            let drop = try await client.drop(
                payload: filePayload(name: "wide.png", size: png.count), into: gallery)
            let id = try #require(drop.uploads.first?.itemId)
            _ = try await client.upload(png, to: try #require(drop.uploads.first).uploadURL)

            let left = try #require(try await turn([id], "left", client).first)
            #expect(left.width == 600 && left.height == 1200)
            #expect(left.thumbnails.map(\.width) == [128, 256, 512])
            for thumbnail in left.thumbnails {
                #expect(thumbnail.url.hasSuffix("-r270.webp"))
                let served = try await client.send(.get, thumbnail.url)
                #expect(served.status == .ok)
                let (width, height) = try servedSize(served)
                #expect(width == thumbnail.width && height == thumbnail.width * 2)
            }
            // Half a turn keeps the sides: told as wide as the upright copies.
            let half = try #require(try await turn([id], "left", client).first)
            #expect(half.thumbnails.map(\.width) == [256, 512, 1024])
            let served = try await client.send(.get, try #require(half.thumbnails.last).url)
            #expect(try servedSize(served) == (1024, 512))
        }
    }

    @Test(.enabled(if: Thumbnailer.isAvailable, "libvips is not installed (apt install libvips42)"))
    func requestsForOneTurnedCopyAtOnceAllGetTheSameFile() async throws {
        try await testApplication { client in
            let item = try await client.dropFixture("jpeg-orientation-6.jpg", type: "image/jpeg")
            let url = try #require(try await turn([item.id], "flip", client).first?.thumbnails.first?.url)
            let bodies = try await withThrowingTaskGroup(of: (HTTPResponse.Status, ByteBuffer).self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        let response = try await client.send(.get, url)
                        return (response.status, response.body)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(bodies.count == 8)
            #expect(bodies.allSatisfy { $0.0 == .ok })
            #expect(Set(bodies.map(\.1)).count == 1)
        }
    }

    @Test(.enabled(if: Thumbnailer.isAvailable, "libvips is not installed (apt install libvips42)"))
    func aTurnedCopyAskedForManyTimesAtOnceIsMadeAndKeptAndRemovedWithItsImage() async throws {
        try await withTemporaryFolder { folder in
            let service = ThumbnailService(imageFolder: folder, logger: Logger(label: "ThumbnailTurnAPITests"))
            let hash = String(repeating: "cd", count: 32)
            let upright = try Thumbnailer.makeThumbnail(of: PNGBuilder.make(width: 600, height: 300), width: 256)
            try upright.data.write(to: service.fileURL(hash: hash, width: 256))
            let orientation = ItemOrientation(quarterTurns: 1, mirrored: true)
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<16 {
                    group.addTask { await service.makeTurnedCopy(hash: hash, width: 256, orientation: orientation) }
                }
            }
            let path = service.turnedCopyPath(hash: hash, width: 256, orientation: orientation)
            // Each copy is written to a new file moved into place: the same file number is the same copy.
            let fileNumber = {
                try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
            }
            let made = try #require(try fileNumber())
            #expect(path.hasSuffix("/\(hash)-256-r90m.webp"))
            let info = try ImageProbe.probe(try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(info.width == 128 && info.height == 256)
            // Made: asked again, nothing is made.
            await service.makeTurnedCopy(hash: hash, width: 256, orientation: orientation)
            #expect(try fileNumber() == made)
            // Nothing is made of a width with no upright copy.
            await service.makeTurnedCopy(hash: hash, width: 512, orientation: orientation)
            #expect(
                !FileManager.default.fileExists(
                    atPath: service.turnedCopyPath(hash: hash, width: 512, orientation: orientation)))
            // The image's files deleted, its turned copies go with its thumbnails.
            service.remove(hashes: [hash])
            #expect(!FileManager.default.fileExists(atPath: path))
            let left = try FileManager.default.contentsOfDirectory(atPath: service.folder.path)
            #expect(left.isEmpty, "\(left)")
        }
    }

    @Test func aTurnedCopyOfNothingGetsTheSame404AsAMissingThumbnail() async throws {
        try await testApplication { client in
            let stranger = String(repeating: "ab", count: 32)
            let missing = try await client.send(.get, "/media/thumbnails/\(stranger)-256.webp")
            #expect(missing.status == .notFound)
            // A small image has no thumbnails: nothing to turn.
            let png = PNGBuilder.make(width: 40, height: 30)
            let gallery = try await client.firstGalleryID()
            let drop = try await client.drop(payload: filePayload(name: "small.png", size: png.count), into: gallery)
            let small: ItemJSON = try await client.upload(png, to: try #require(drop.uploads.first).uploadURL).decoded()
            let hash = try #require(small.imageURL?.dropFirst("/media/".count).prefix(64))
            for name in [
                "\(stranger)-256-r90.webp", "\(stranger)-2048-r180m.webp", "\(hash)-256-r90.webp",
                "\(hash)-256-r0.webp", "\(hash)-256-r45.webp", "\(hash)-256-R90.webp", "\(hash)-256-r90mm.webp",
                "\(hash)-256--r90.webp", "\(hash)-300-r90.webp",
            ] {
                let response = try await client.send(.get, "/media/thumbnails/\(name)")
                #expect(response.status == .notFound, "\(name)")
                #expect(response.body == missing.body, "\(name)")
                #expect(response.headers[.contentType] == missing.headers[.contentType], "\(name)")
            }
        }
    }

    @Test func aStrangerIsRefusedATurnedCopyAsAnUprightOne() async throws {
        let png = PNGBuilder.make(width: 600, height: 300)
        let web = FakeWeb(["http://site.test/wide.png": .bytes(png)])
        try await testSignedInLiveApplication(web: web) { client, _, token in
            let bearer: HTTPFields = [.authorization: "Bearer \(token)", .contentType: "application/json"]
            let galleries = try await client.execute(uri: "/api/galleries", method: .get, headers: bearer)
            let gallery = try #require(try galleries.decoded(as: GalleryListJSON.self).galleries.first?.id)
            let dropped = try await client.execute(
                uri: "/api/galleries/\(gallery)/drops", method: .post, headers: bearer,
                body: ByteBuffer(string: #"{"payload":\#(uriListPayload(["http://site.test/wide.png"]))}"#))
            let id = try #require(try dropped.decoded(as: DropJSON.self).items.first?.id)
            var item = try await client.execute(uri: "/api/items/\(id)", method: .get, headers: bearer)
                .decoded(as: ItemJSON.self)
            for _ in 0..<500 where item.state == "pending" {
                try await Task.sleep(for: .milliseconds(10))
                item = try await client.execute(uri: "/api/items/\(id)", method: .get, headers: bearer)
                    .decoded(as: ItemJSON.self)
            }
            let hash = try #require(item.imageURL?.dropFirst("/media/".count).prefix(64))
            let upright = "/media/thumbnails/\(hash)-256.webp"
            let turned = "/media/thumbnails/\(hash)-256-r90.webp"

            let refusedUpright = try await client.execute(uri: upright, method: .get, headers: [:])
            let refusedTurned = try await client.execute(uri: turned, method: .get, headers: [:])
            #expect(refusedUpright.status == .unauthorized)
            #expect(refusedTurned.status == refusedUpright.status)
            #expect(refusedTurned.body == refusedUpright.body)
            let signedIn = try await client.execute(uri: turned, method: .get, headers: bearer)
            #expect(signedIn.status == (Thumbnailer.isAvailable ? .ok : .notFound))
        }
    }
}
