import Foundation
import GalleryCore
import HTTPTypes
import HummingbirdTesting
import Logging
import NIOCore
import Synchronization
import TestSupport
import Testing
import ZIPFoundation

@testable import GalleryServer

/// A manifest as the tests read and write it.
struct ManifestJSON: Codable {
    struct Entry: Codable {
        var kind: String
        var state: String
        var title: String
        var sourceURL: String?
        var file: String?
        var text: String?
        var caption: String?
        var tags: [String]?
        var pageDescription: String?
        var siteName: String?
        var siteIcon: String?
        var board: BoardPosition?
        var failure: String?
    }

    struct BoardPosition: Codable, Equatable {
        var x: Double
        var y: Double
        var width: Double
        var z: Int
    }

    var format: String
    var name: String
    var imagesPerRow: Int
    var view: String
    var items: [Entry]
}

struct ImportJSON: Decodable {
    var gallery: GalleryJSON
    var items: Int
    var files: Int
    var skipped: [String]
}

extension TestClientProtocol {
    /// Posts an archive to the import route.
    func importArchive(_ bytes: Data, type: String = "application/zip") async throws -> TestResponse {
        try await execute(
            uri: "/api/galleries/import", method: .post, headers: [.contentType: type], body: ByteBuffer(bytes: bytes))
    }

    /// How many live galleries there are.
    func galleryCount() async throws -> Int {
        try await call(.get, "/api/galleries", as: GalleryListJSON.self).galleries.count
    }
}

/// A zip made in memory: `files` by name, stored (or deflated), then given to `patch` as bytes.
func makeZip(
    _ files: [(name: String, bytes: Data)], compressed: Bool = false, patch: (inout Data) -> Void = { _ in }
) throws -> Data {
    let archive = try Archive(accessMode: .create)
    for file in files {
        try archive.addEntry(
            with: file.name, type: .file, uncompressedSize: Int64(file.bytes.count),
            compressionMethod: compressed ? .deflate : .none
        ) { position, size in
            file.bytes.subdata(in: Int(position)..<min(file.bytes.count, Int(position) + size))
        }
    }
    var data = try #require(archive.data)
    patch(&data)
    return data
}

/// Sets the uncompressed size every local header and central directory record declares to `size`.
func declareUncompressedSize(_ size: UInt32, in data: inout Data) {
    let bytes = [UInt8](data)
    func write(at offset: Int) {
        for index in 0..<4 { data[data.startIndex + offset + index] = UInt8((size >> (8 * index)) & 0xFF) }
    }
    var index = 0
    while index + 4 <= bytes.count {
        if bytes[index] == 0x50, bytes[index + 1] == 0x4B {
            if bytes[index + 2] == 3, bytes[index + 3] == 4 { write(at: index + 22) }
            if bytes[index + 2] == 1, bytes[index + 3] == 2 { write(at: index + 24) }
        }
        index += 1
    }
}

func manifestData(_ manifest: ManifestJSON) throws -> Data {
    try JSONEncoder().encode(manifest)
}

@Suite("Gallery archives: export and import")
struct ArchiveAPITests {
    /// A gallery of three uploaded images (the first and last the same bytes), a note between them, and the second
    /// image on the board; returns its id and its items.
    func makeGallery(_ client: some TestClientProtocol) async throws -> (id: String, items: [ItemJSON]) {
        let gallery = try await client.firstGalleryID()
        let red = PNGBuilder.make(width: 6, height: 4, shade: 0x20)
        let blue = PNGBuilder.make(width: 3, height: 5, shade: 0xC0)
        for (name, bytes) in [("red.png", red), ("blue.png", blue), ("red again.png", red)] {
            let drop = try await client.drop(payload: filePayload(name: name, size: bytes.count), into: gallery)
            let upload = try #require(drop.uploads.first)
            #expect(try await client.upload(bytes, to: upload.uploadURL).status == .ok)
        }
        var items = try await client.items(in: gallery)
        _ = try await client.call(
            .post, "/api/galleries/\(gallery)/notes",
            json: #"{"text":"Shopping\nmilk","at":{"after":"\#(items[0].id)"}}"#,
            expecting: .created, as: NoteAPITests.ItemsJSON.self)
        _ = try await client.call(
            .post, "/api/galleries/\(gallery)/board",
            json: #"{"positions":[{"itemId":"\#(items[1].id)","x":40,"y":-20.5,"width":300,"z":3}]}"#,
            as: NoteAPITests.ItemsJSON.self)
        _ = try await client.call(
            .patch, "/api/galleries/\(gallery)", json: #"{"name":"Trip – Lisboa","imagesPerRow":6,"view":"board"}"#,
            as: GalleryJSON.self)
        items = try await client.items(in: gallery)
        return (gallery, items)
    }

    func export(_ client: some TestClientProtocol, _ gallery: String) async throws -> (Data, ManifestJSON) {
        let response = try await client.send(.get, "/api/galleries/\(gallery)/export")
        #expect(response.status == .ok)
        #expect(response.headers[.contentType] == "application/zip")
        #expect(response.headers[.contentDisposition]?.hasPrefix("attachment; filename=") == true)
        let archive = try Archive(data: response.bytes, accessMode: .read)
        let entry = try #require(archive["gallery.json"])
        var json = Data()
        _ = try archive.extract(entry) { json.append($0) }
        return (response.bytes, try JSONDecoder().decode(ManifestJSON.self, from: json))
    }

    @Test func anExportedGalleryImportsAsANewGalleryWithItsOrderTitlesNotesBoardAndEachFileOnce() async throws {
        try await testApplication { client in
            let (gallery, items) = try await makeGallery(client)
            let (zip, manifest) = try await export(client, gallery)
            #expect(manifest.format == "image-gallery/1")
            #expect(manifest.name == "Trip – Lisboa")
            #expect(manifest.imagesPerRow == 6)
            #expect(manifest.view == "board")
            #expect(manifest.items.map(\.title) == ["red.png", "Shopping", "blue.png", "red again.png"])
            #expect(manifest.items.map(\.kind) == ["image", "note", "image", "image"])
            #expect(manifest.items[1].text == "Shopping\nmilk")
            #expect(manifest.items[0].file == manifest.items[3].file)  // the same bytes, one file
            #expect(manifest.items[2].board == .init(x: 40, y: -20.5, width: 300, z: 3))
            let archive = try Archive(data: zip, accessMode: .read)
            #expect(Array(archive).map(\.path).filter { $0.hasPrefix("files/") }.count == 2)

            let before = try await client.galleryCount()
            let imported: ImportJSON = try await client.importArchive(zip).decoded(expecting: .created)
            #expect(imported.items == 4)
            #expect(imported.files == 2)
            #expect(imported.skipped.isEmpty)
            #expect(imported.gallery.name == "Trip – Lisboa")
            #expect(imported.gallery.imagesPerRow == 6)
            #expect(imported.gallery.view == "board")
            #expect(try await client.galleryCount() == before + 1)
            let copies = try await client.items(in: imported.gallery.id)
            #expect(copies.map(\.title) == items.map(\.title))
            #expect(copies.map(\.kind) == items.map(\.kind))
            #expect(copies.map(\.state) == ["ready", "ready", "ready", "ready"])
            #expect(copies.map(\.text) == items.map(\.text))
            #expect(copies.map(\.board) == items.map(\.board))
            #expect(copies.map(\.imageURL) == items.map(\.imageURL))  // the same stored files, not new ones
            #expect(Set(copies.map(\.id)).isDisjoint(with: items.map(\.id)))
            // The copies' bytes are the originals'.
            let image = try #require(copies[2].imageURL)
            #expect(try await client.send(.get, image).bytes == PNGBuilder.make(width: 3, height: 5, shade: 0xC0))
        }
    }

    @Test func titlesCaptionsAndTagsGoOutWithAnExportAndComeBackWithItsImport() async throws {
        try await testApplication { client in
            let (gallery, items) = try await makeGallery(client)
            _ = try await client.send(
                .patch, "/api/items/\(items[0].id)", json: #"{"caption":"Dawn, Lisbon","tags":["red","Trip"]}"#)
            _ = try await client.send(.patch, "/api/items/\(items[1].id)", json: #"{"title":"Groceries"}"#)
            let (zip, manifest) = try await export(client, gallery)
            #expect(manifest.items[0].caption == "Dawn, Lisbon" && manifest.items[0].tags == ["red", "Trip"])
            #expect(manifest.items[1].title == "Groceries" && manifest.items[1].tags == nil)

            let imported: ImportJSON = try await client.importArchive(zip).decoded(expecting: .created)
            let copies = try await client.items(in: imported.gallery.id)
            let image = try await client.call(
                .get, "/api/items/\(copies[0].id)", as: DescriptionAPITests.DescribedJSON.self)
            #expect(image.caption == "Dawn, Lisbon" && image.tags == ["red", "Trip"])
            let note = try await client.call(
                .get, "/api/items/\(copies[1].id)", as: DescriptionAPITests.DescribedJSON.self)
            #expect(note.title == "Groceries" && note.tags.isEmpty && note.caption == nil)
        }
    }

    @Test func anExportListsItemsThatFailedOrStillLoadWithTheirStateAndTheImportLoadsThemAgain() async throws {
        let web = FakeWeb()
        let gate = Gate()
        web.answer("https://site.test/slow.png", with: .bytesAfter(gate, PNGBuilder.make(width: 2, height: 2)))
        try await testApplication(web: web) { client in
            let gallery = try await client.firstGalleryID()
            _ = try await client.drop(
                urls: ["https://site.test/missing.png", "https://site.test/slow.png"], into: gallery)
            let failed = try await client.items(in: gallery)[0]
            _ = try await client.settled(failed.id)
            let (zip, manifest) = try await export(client, gallery)
            #expect(manifest.items.map(\.state) == ["failed", "pending"])
            #expect(manifest.items[0].failure?.isEmpty == false)
            #expect(manifest.items.allSatisfy { $0.file == nil })
            #expect(manifest.items.map(\.sourceURL) == ["https://site.test/missing.png", "https://site.test/slow.png"])
            gate.open()
            let imported: ImportJSON = try await client.importArchive(zip).decoded(expecting: .created)
            let copies = try await client.items(in: imported.gallery.id)
            #expect(copies.map(\.sourceURL) == manifest.items.map(\.sourceURL))
            let settled = try await client.settled(copies[1].id)
            #expect(settled.state == "ready")
        }
    }

    @Test func hostileOrDamagedArchivesAreRefusedSayingWhyAndMakeNothing() async throws {
        let png = PNGBuilder.make(width: 2, height: 2)
        let good = ManifestJSON(
            format: "image-gallery/1", name: "Fine", imagesPerRow: 4, view: "grid",
            items: [.init(kind: "image", state: "ready", title: "a.png", file: "files/a.png")])
        let manifest = try manifestData(good)
        var asVideo = good
        asVideo.items[0].kind = "video"
        var missing = good
        missing.items[0].file = "files/b.png"
        let zeros = Data(count: 4 << 20)
        let smallZeros = Data(count: 64 << 10)
        let cases: [(String, Data, String)] = [
            (
                "a name with ..",
                try makeZip([("gallery.json", manifest), ("files/a.png", png), ("../../etc/passwd", png)]),
                "'..'"
            ),
            (
                "an absolute name",
                try makeZip([("gallery.json", manifest), ("files/a.png", png), ("/etc/passwd", png)]),
                "absolute"
            ),
            (
                "a bomb declaring 0 bytes",
                try makeZip(
                    [("gallery.json", manifest), ("files/a.png", png)] + (0..<3).map { ("files/zero\($0)", zeros) },
                    compressed: true
                ) { declareUncompressedSize(0, in: &$0) }, "sizes lie"
            ),
            (
                "a small file inflating past what it declares",
                try makeZip(
                    [("files/a.png", smallZeros)], compressed: true
                ) { data in
                    declareUncompressedSize(10, in: &data)
                }.replacingManifest(manifest), "holds more than"
            ),
            (
                "a truncated zip", try makeZip([("gallery.json", manifest), ("files/a.png", png)]).prefix(100),
                "not a zip archive"
            ),
            ("not a zip at all", Data("hello".utf8), "not a zip archive"),
            ("no manifest", try makeZip([("files/a.png", png)]), "no gallery.json"),
            (
                "a manifest that is no JSON", try makeZip([("gallery.json", Data("{".utf8)), ("files/a.png", png)]),
                "not a gallery manifest"
            ),
            (
                "a manifest naming a missing file",
                try makeZip(
                    [("gallery.json", try manifestData(missing)), ("files/a.png", png)]), "does not hold"
            ),
            (
                "a manifest calling an image a video",
                try makeZip(
                    [("gallery.json", try manifestData(asVideo)), ("files/a.png", png)]), "is an image"
            ),
            (
                "a file that is no image",
                try makeZip(
                    [("gallery.json", manifest), ("files/a.png", Data("not an image".utf8))]), "cannot be taken"
            ),
        ]
        try await testApplication { client in
            let before = try await client.galleryCount()
            for (what, zip, says) in cases {
                let response = try await client.importArchive(zip)
                #expect(response.status == .badRequest, "\(what): \(response.status)")
                let message = (try? response.decoded(as: ErrorJSON.self))?.error.message ?? ""
                #expect(message.contains(says), "\(what): \(message)")
            }
            #expect(try await client.galleryCount() == before)
            // The archive that is fine imports.
            let fine = try await client.importArchive(try makeZip([("gallery.json", manifest), ("files/a.png", png)]))
            #expect(fine.status == .created)
        }
    }

    @Test func anArchiveOverTheLimitIsRefusedBeforeItIsReadAndOnlyZipsAreTaken() async throws {
        try await testApplication(bounds: .init(importBytes: 1000)) { client in
            let big = try makeZip([("files/a.bin", Data(count: 5000))])
            #expect(try await client.importArchive(big).status == .contentTooLarge)
            let asText = try await client.importArchive(Data("x".utf8), type: "text/plain")
            #expect(asText.status == .unsupportedMediaType)
            let message = try asText.decoded(as: ErrorJSON.self).error.message
            #expect(message.contains("application/zip"))
        }
    }
}

extension Data {
    /// This zip with a `gallery.json` naming its one file `files/a.png` added (for archives built by hand).
    func replacingManifest(_ manifest: Data) throws -> Data {
        let archive = try Archive(data: self, accessMode: .update)
        try archive.addEntry(with: "gallery.json", type: .file, uncompressedSize: Int64(manifest.count)) {
            position, size in manifest.subdata(in: Int(position)..<Swift.min(manifest.count, Int(position) + size))
        }
        return try #require(archive.data)
    }
}

/// The services on a data folder, for calling `GalleryImport` directly (no work resumed, errors logged only).
private func importServices(in data: URL) async throws -> GalleryServices {
    var logger = Logger(label: "GalleryImportTests")
    logger.logLevel = .error
    return try await buildServices(
        configuration: ServerConfiguration(dataDirectory: data), fetcher: FakeWeb().fetcher, logger: logger,
        resumingWork: false)
}

@Suite("Importing a folder of images")
struct FolderImportTests {
    @Test func aFoldersImagesAndVideosComeInFileNameOrderAndOtherFilesAreLeftOutSayingWhy() async throws {
        try await withTemporaryFolder { folder in
            let data = folder.appendingPathComponent("data")
            let pictures = folder.appendingPathComponent("references")
            try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
            let one = PNGBuilder.make(width: 4, height: 3, shade: 0x10)
            let files: [(String, Data)] = [
                ("10.png", PNGBuilder.make(width: 5, height: 5)), ("2.png", one), ("1.png", one),
                ("notes.txt", Data("hello".utf8)), (".hidden.png", one),
                ("clip.mp4", try Fixture.data("faststart.mp4")),
            ]
            for (name, bytes) in files { try bytes.write(to: pictures.appendingPathComponent(name)) }
            let services = try await importServices(in: data)
            let phases = Mutex<[String]>([])
            let summary = try await GalleryImport(store: services.store, ingestion: services.ingestion)
                .importFolder(at: pictures) { phase, _, _ in phases.withLock { $0.append(phase) } }
            #expect(summary.gallery.name == "references")
            let items = try await services.store.items(in: summary.gallery.id, from: .after(nil), limit: 100).items
            #expect(summary.items == 4 && summary.loading == 0)
            #expect(items.map(\.title) == ["1.png", "2.png", "10.png", "clip.mp4"])
            #expect(items.map(\.kind) == [.image, .image, .image, .video])
            #expect(items.allSatisfy { $0.state == .ready })
            #expect(summary.files == 3)  // 1.png and 2.png are the same bytes
            #expect(summary.skipped.count == 1)
            #expect(summary.skipped.first?.contains("'notes.txt' cannot be taken") == true)
            #expect(Set(phases.withLock { $0 }) == ["checking", "storing", "adding"])

            // A folder with nothing to take makes nothing, and says what it found.
            let empty = folder.appendingPathComponent("empty")
            try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
            try Data("x".utf8).write(to: empty.appendingPathComponent("a.txt"))
            let before = try await services.store.galleries().count
            await #expect(throws: GalleryError.self) {
                _ = try await GalleryImport(store: services.store, ingestion: services.ingestion).importFolder(
                    at: empty)
            }
            #expect(try await services.store.galleries().count == before)
        }
    }
}

@Suite("Imports of many items")
struct ImportOfManyItemsTests {
    /// An archive listing more items than an import takes is refused whole, saying the limit; no gallery is made.
    @Test func anArchiveListingMoreItemsThanTakenIsRefusedWhole() async throws {
        let entries = (1...4).map { ManifestJSON.Entry(kind: "note", state: "ready", title: "", text: "note \($0)") }
        let manifest = ManifestJSON(
            format: "image-gallery/1", name: "Four", imagesPerRow: 4, view: "grid", items: entries)
        try await withTemporaryFolder { folder in
            let services = try await importServices(in: folder.appendingPathComponent("data"))
            let zip = folder.appendingPathComponent("four.zip")
            try makeZip([("gallery.json", try manifestData(manifest))]).write(to: zip)
            let before = try await services.store.galleries().count
            let limited = GalleryImport(store: services.store, ingestion: services.ingestion, limits: .init(items: 3))
            await #expect {
                _ = try await limited.importArchive(at: zip)
            } throws: { error in
                "\(error)".contains(
                    "The archive lists more than 3 items, the most one import takes; nothing was imported")
            }
            #expect(try await services.store.galleries().count == before)
            let taken = try await GalleryImport(
                store: services.store, ingestion: services.ingestion, limits: .init(items: 4)
            )
            .importArchive(at: zip)
            #expect(taken.items == 4)
        }
    }

    /// 2,500 items come in order, a batch at a time, numbered as the archive lists them; 150 that failed without a
    /// source to load them from are left out in a hundred lines and one saying how many more.
    @Test func manyItemsComeInOrderAndWhatIsLeftOutIsSaidInAPage() async throws {
        var entries: [ManifestJSON.Entry] = []
        for number in 1...2_650 {
            entries.append(
                number.isMultiple(of: 17) && entries.count(where: { $0.state == "failed" }) < 150
                    ? .init(kind: "image", state: "failed", title: "gone \(number)", failure: "404")
                    : .init(kind: "note", state: "ready", title: "", text: "note \(number)\nsecond line"))
        }
        let failed = entries.indices.filter { entries[$0].state == "failed" }
        let texts = entries.filter { $0.state == "ready" }.compactMap(\.text)
        let manifest = ManifestJSON(
            format: "image-gallery/1", name: "Many", imagesPerRow: 4, view: "grid", items: entries)
        try await testApplication { client in
            let zip = try makeZip([("gallery.json", try manifestData(manifest))], compressed: true)
            let imported: ImportJSON = try await client.importArchive(zip).decoded(expecting: .created)
            #expect(imported.items == 2_500)
            #expect(imported.skipped.count == 101)
            #expect(imported.skipped[0].hasPrefix("Item \(failed[0] + 1), 'gone \(failed[0] + 1)', was failed"))
            #expect(imported.skipped[99].hasPrefix("Item \(failed[99] + 1), "))
            #expect(imported.skipped[100] == "And 50 more left out.")
            var notes: [ItemJSON] = []
            var cursor: String?
            repeat {
                let query = cursor.map { "&cursor=\($0)" } ?? ""
                let page: ItemPageJSON = try await client.call(
                    .get, "/api/galleries/\(imported.gallery.id)/items?limit=1000\(query)")
                notes += page.items
                cursor = page.nextCursor
            } while cursor != nil
            #expect(notes.count == 2_500)
            #expect(notes.compactMap(\.text) == texts)
        }
    }
}
