import Foundation
import GalleryCore
import HTTPTypes
import HummingbirdTesting
import Synchronization
import TestSupport
import Testing

@testable import GalleryServer
@testable import GalleryStoreSQLite
@testable import MediaProbe

/// An item as the viewer reads it: what the camera wrote, and where to download it.
struct PhotoItemJSON: Decodable {
    struct Photo: Decodable {
        struct Location: Decodable {
            var latitude: Double
            var longitude: Double
        }

        var takenAt: String?
        var cameraMake: String?
        var cameraModel: String?
        var lens: String?
        var focalLength: Double?
        var aperture: Double?
        var exposureTime: Double?
        var iso: Int?
        var location: Location?
    }

    var id: String
    var state: String
    var title: String
    var imageURL: String?
    var downloadURL: String?
    var photo: Photo?
}

/// Photo details read when an image is kept, and where the photo was taken told only to whom the gallery shows it
/// (issue 29).
@Suite("Photo details")
struct PhotoDetailsAPITests {
    static let photoURL = "http://site.test/exif-photo.jpg"

    static func web() throws -> FakeWeb {
        FakeWeb([photoURL: .bytes(try Fixture.data("exif-photo.jpg"))])
    }

    @Test func aDroppedPhotoTellsWhatTheCameraWrote() async throws {
        try await testApplication(web: try Self.web()) { client in
            let gallery = try await client.firstGalleryID()
            let pending = try await client.drop(urls: [Self.photoURL], into: gallery).items[0]
            #expect(try await client.settled(pending.id).state == "ready")
            let item: PhotoItemJSON = try await client.call(.get, "/api/items/\(pending.id)")
            let photo = try #require(item.photo)
            #expect(photo.cameraMake == "Canon" && photo.cameraModel == "Canon EOS R5")
            #expect(photo.lens == "RF24-105mm F4 L IS USM")
            #expect(photo.takenAt == "2024-05-17T14:03:22+02:00")
            #expect(photo.focalLength == 50 && photo.aperture == 2.8 && photo.iso == 400)
            #expect(photo.exposureTime == 0.004)
            let location = try #require(photo.location)
            #expect(abs(location.latitude - 48.858333) < 0.000_01 && abs(location.longitude - 2.2945) < 0.000_01)
            // Lists and events go to every viewer: they never say where.
            let listed = try await client.call(
                .get, "/api/galleries/\(gallery)/items", as: PhotoPageJSON.self
            ).items[0]
            #expect(listed.photo?.cameraModel == "Canon EOS R5")
            #expect(listed.photo?.location == nil)
        }
    }

    @Test func aPhotoWhoseEXIFLiesBecomesReadyWithTheTrueFields() async throws {
        var lying = ExifBlock.camera
        lying.primary.append(.short(0x0112, 9))
        lying.primary.append(.raw(0x0131, type: 2, count: 10 * 1024 * 1024, field: 60))
        lying.exif[1] = .rationals(0x829D, [(28, 0)])
        lying.gps[1] = .rationals(2, [(48, 1), (51, 0), (30, 1)])
        var bytes = [UInt8](lying.inserted(intoJPEG: try Fixture.data("exif-photo.jpg")))
        // The GPS directory's count says 65,535 entries.
        let gpsCount = try #require(Self.offsetOfGPSDirectory(in: bytes))
        bytes[gpsCount] = 0xFF
        bytes[gpsCount + 1] = 0xFF
        let web = FakeWeb(["http://site.test/lying.jpg": .bytes(Data(bytes))])
        try await testApplication(web: web) { client in
            let gallery = try await client.firstGalleryID()
            let pending = try await client.drop(urls: ["http://site.test/lying.jpg"], into: gallery).items[0]
            #expect(try await client.settled(pending.id).state == "ready")
            let item: PhotoItemJSON = try await client.call(.get, "/api/items/\(pending.id)")
            let photo = try #require(item.photo)
            #expect(photo.cameraModel == "Canon EOS R5" && photo.iso == 400)
            #expect(photo.aperture == nil && photo.location == nil)
        }
    }

    /// Where the GPS directory of an `ExifBlock` inserted into a JPEG begins (after SOI, the APP1 head and
    /// `Exif\0\0`).
    static func offsetOfGPSDirectory(in bytes: [UInt8]) -> Int? {
        let tiff = 2 + 4 + 6
        let structure = TIFFStructure(ProbeBytes(Data(bytes)), start: tiff, end: bytes.count)
        guard let structure, let first = structure.firstDirectory,
            let pointer = structure.entries(ofDirectoryAt: first).entries.first(where: { $0.tag == 0x8825 }),
            let relative = structure.u32(pointer.field)
        else { return nil }
        return tiff + relative
    }

    @Test func anItemInTheTrashIsNotThereForTheViewer() async throws {
        try await testApplication(web: try Self.web()) { client in
            let gallery = try await client.firstGalleryID()
            let pending = try await client.drop(urls: [Self.photoURL], into: gallery).items[0]
            _ = try await client.settled(pending.id)
            #expect(try await client.send(.delete, "/api/items/\(pending.id)").status == .ok)
            let trashed = try await client.send(.get, "/api/items/\(pending.id)")
            let missing = try await client.send(.get, "/api/items/\(UUID().uuidString.lowercased())")
            #expect(trashed.status == .notFound && missing.status == .notFound)
            #expect(String(buffer: trashed.body) == String(buffer: missing.body))
            #expect(try await client.send(.get, "/api/items/\(pending.id)/download").status == .notFound)
        }
    }

    @Test func imagesKeptBeforeDetailsWereReadAreReadAtStart() async throws {
        try await withTemporaryFolder { folder in
            let dropped = Mutex("")
            try await testApplication(dataDirectory: folder, web: try Self.web()) { client in
                let gallery = try await client.firstGalleryID()
                let id = try await client.drop(urls: [Self.photoURL], into: gallery).items[0].id
                _ = try await client.settled(id)
                dropped.withLock { $0 = id }
            }
            let id = dropped.withLock { $0 }
            // As a database migrated from before: the details not read.
            do {
                let database = try AppDatabase.open(atPath: folder.appending(path: "gallery.sqlite").path)
                try await database.writer.write { db in try db.execute(sql: "UPDATE blob SET photoDetails = NULL") }
            }
            let services = try await buildServices(
                configuration: ServerConfiguration(dataDirectory: folder, webRoot: webRoot, requiresSignIn: false),
                fetcher: FakeWeb().fetcher, logger: .init(label: "test"))
            let itemID = try #require(ItemID(id))
            let hash = try #require(try await services.store.item(itemID).blobHash)
            // Starting reads them in the background; reading again waits for nothing left to read.
            await services.ingestion.readMissingPhotoDetails()
            #expect(try await services.store.item(itemID).photo?.cameraModel == "Canon EOS R5")
            #expect(!(try await services.store.imagesAwaitingPhotoDetails(after: nil, limit: 10)).contains(hash))
        }
    }
}

struct PhotoPageJSON: Decodable { var items: [PhotoItemJSON] }
