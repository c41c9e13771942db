import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@testable import GalleryServer

@Suite("Backups of a data folder")
struct BackupTests {
    @Test func aBackupIsADataFolderThatServesTheSameGalleriesAndFiles() async throws {
        try await withTemporaryFolder { folder in
            let data = folder.appendingPathComponent("data")
            let destination = folder.appendingPathComponent("backup")
            let png = PNGBuilder.make(width: 6, height: 4)
            try await testApplication(dataDirectory: data, web: FakeWeb()) { client in
                let gallery = try await client.firstGalleryID()
                let drop = try await client.drop(payload: filePayload(size: png.count), into: gallery)
                let upload = try #require(drop.uploads.first)
                #expect(try await client.upload(png, to: upload.uploadURL).status == .ok)
                _ = try await client.call(
                    .post, "/api/galleries/\(gallery)/notes", json: #"{"text":"kept"}"#, expecting: .created,
                    as: ItemsOnly.self)
            }
            var lines: [String] = []
            let summary = try Backup.make(dataDirectory: data, destination: destination) { lines.append($0) }
            #expect(summary == Backup.Summary(files: 1, bytes: Int64(png.count), missing: 0))
            #expect(lines.first?.hasPrefix("Copied the database") == true)

            try await testApplication(dataDirectory: destination, web: FakeWeb()) { client in
                let gallery = try await client.firstGalleryID()
                let items = try await client.items(in: gallery)
                #expect(items.map(\.kind) == ["image", "note"])
                #expect(items.last?.text == "kept")
                let image = try #require(items.first?.imageURL)
                let served = try await client.send(.get, image)
                #expect(served.status == .ok)
                #expect(Data(buffer: served.body) == png)
            }
        }
    }

    @Test func aBackupNeverWritesIntoAFolderThatHasSomethingInIt() async throws {
        try await withTemporaryFolder { folder in
            let data = folder.appendingPathComponent("data")
            try await testApplication(dataDirectory: data, web: FakeWeb()) { client in
                _ = try await client.firstGalleryID()
            }
            let destination = folder.appendingPathComponent("busy")
            try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
            try Data("mine".utf8).write(to: destination.appendingPathComponent("notes.txt"))
            #expect(throws: Backup.Error.self) { _ = try Backup.make(dataDirectory: data, destination: destination) }
            #expect(try FileManager.default.contentsOfDirectory(atPath: destination.path) == ["notes.txt"])
        }
    }
}

private struct ItemsOnly: Decodable { var items: [ItemJSON] }
