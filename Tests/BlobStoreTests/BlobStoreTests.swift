import Foundation
import Testing

@testable import BlobStore

/// A blob store in a fresh temporary folder, removed when `body` ends.
@discardableResult
private func withBlobStore<T>(_ body: (BlobStore) throws -> T) throws -> T {
    let root = FileManager.default.temporaryDirectory
        .appendingPathComponent("BlobStoreTests-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: root) }
    return try body(try BlobStore(root: root))
}

/// The names of the files waiting in the store's `incoming` folder.
private func incomingFiles(_ store: BlobStore) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: store.temporaryFolder.path)
}

/// Writes `bytes` in one go and finishes.
private func write(_ bytes: [UInt8], to store: BlobStore, limit: Int64 = 1_000_000) throws -> BlobWriter.Finished {
    let writer = try store.makeWriter(maximumBytes: limit)
    try writer.write(bytes)
    return try writer.finish()
}

private let sha256OfABC = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
private let sha256OfNothing = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

@Suite("Blob store")
struct BlobStoreTests {
    @Test func openingMakesTheIncomingFolder() throws {
        try withBlobStore { store in
            var isFolder: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: store.temporaryFolder.path, isDirectory: &isFolder))
            #expect(isFolder.boolValue)
        }
    }

    @Test func removedFilesAreGoneAndMissingOrMalformedOnesAreSkipped() throws {
        try withBlobStore { store in
            try store.commit(try write(Array("abc".utf8), to: store))
            try store.commit(try write([], to: store))
            #expect(store.contains(hash: sha256OfABC))

            store.remove(hashes: [sha256OfABC, String(repeating: "0", count: 64), "../incoming", ""])

            #expect(!store.contains(hash: sha256OfABC))
            #expect(store.contains(hash: sha256OfNothing))
            #expect(FileManager.default.fileExists(atPath: store.temporaryFolder.path))
        }
    }

    @Test func theWriterNamesBytesByTheirSHA256() throws {
        try withBlobStore { store in
            let finished = try write(Array("abc".utf8), to: store)
            #expect(finished.hash == sha256OfABC)
            #expect(finished.byteCount == 3)
            #expect(try Data(contentsOf: finished.temporaryURL) == Data("abc".utf8))
        }
    }

    @Test func theHashDoesNotDependOnHowTheBytesAreCut() throws {
        try withBlobStore { store in
            let writer = try store.makeWriter(maximumBytes: 100)
            try writer.write(Array("a".utf8))
            try writer.write([UInt8]())
            try writer.write(Data("bc".utf8))
            #expect(writer.bytesWritten == 3)
            #expect(try writer.finish().hash == sha256OfABC)
        }
    }

    @Test func nothingWrittenHashesAsTheEmptyString() throws {
        try withBlobStore { store in
            let finished = try store.makeWriter(maximumBytes: 10).finish()
            #expect(finished.hash == sha256OfNothing)
            #expect(finished.byteCount == 0)
            #expect(finished.header.isEmpty)
        }
    }

    @Test func theHeaderKeepsTheFirstBytes() throws {
        try withBlobStore { store in
            let writer = try store.makeWriter(maximumBytes: 100)
            try writer.write([1, 2, 3])
            try writer.write([4, 5])
            let finished = try writer.finish()
            #expect(finished.header == Data([1, 2, 3, 4, 5]))
        }
    }

    @Test func theHeaderStopsAtItsLength() throws {
        try withBlobStore { store in
            let length = BlobWriter.headerLength
            let writer = try store.makeWriter(maximumBytes: Int64(length) * 2)
            let first = [UInt8](repeating: 7, count: length - 10)
            try writer.write(first)
            try writer.write([UInt8](repeating: 9, count: 30))
            let finished = try writer.finish()
            #expect(finished.header.count == length)
            #expect(finished.header == Data(first + [UInt8](repeating: 9, count: 10)))
            #expect(finished.byteCount == Int64(length + 20))
        }
    }

    @Test func bytesUpToTheLimitAreAccepted() throws {
        try withBlobStore { store in
            let finished = try write([UInt8](repeating: 1, count: 10), to: store, limit: 10)
            #expect(finished.byteCount == 10)
        }
    }

    @Test func theLimitIsDecidedByTheFirstBytesOnceThereAreEnough() throws {
        try withBlobStore { store in
            let limitForHeader: @Sendable (Data) -> Int64 = { header in header.first == 0x56 ? 1_000 : 100 }
            let image = try store.makeWriter(maximumBytes: 1_000, limitForHeader: limitForHeader)
            try image.write([UInt8](repeating: 1, count: 50))
            #expect(image.limit == 1_000)
            #expect(throws: BlobStore.Error.tooLarge) { try image.write([UInt8](repeating: 1, count: 51)) }
            #expect(try incomingFiles(store).isEmpty)

            let video = try store.makeWriter(maximumBytes: 1_000, limitForHeader: limitForHeader)
            try video.write([0x56] + [UInt8](repeating: 0, count: 599))
            #expect(video.limit == 1_000)
            #expect(try video.finish().byteCount == 600)
        }
    }

    @Test func exceedingTheLimitThrowsTooLargeAndLeavesNoFile() throws {
        try withBlobStore { store in
            let writer = try store.makeWriter(maximumBytes: 10)
            try writer.write([UInt8](repeating: 1, count: 6))
            #expect(throws: BlobStore.Error.tooLarge) {
                try writer.write([UInt8](repeating: 2, count: 5))
            }
            #expect(try incomingFiles(store).isEmpty)
            #expect(throws: BlobStore.Error.self) { try writer.write([3]) }
            #expect(throws: BlobStore.Error.self) { _ = try writer.finish() }
        }
    }

    @Test func aDiscardedWriterLeavesNoFile() throws {
        try withBlobStore { store in
            let writer = try store.makeWriter(maximumBytes: 10)
            try writer.write([1, 2, 3])
            writer.discard()
            #expect(try incomingFiles(store).isEmpty)
        }
    }

    @Test func aCommittedFileIsFoundByItsHash() throws {
        try withBlobStore { store in
            #expect(!store.contains(hash: sha256OfABC))
            let finished = try write(Array("abc".utf8), to: store)
            try store.commit(finished)
            #expect(store.contains(hash: sha256OfABC))
            let url = store.fileURL(forHash: sha256OfABC)
            #expect(url.deletingLastPathComponent().lastPathComponent == "ba")
            #expect(try Data(contentsOf: url) == Data("abc".utf8))
            #expect(try incomingFiles(store).isEmpty)
        }
    }

    @Test func committingTheSameBytesTwiceKeepsOneFile() throws {
        try withBlobStore { store in
            let first = try write(Array("abc".utf8), to: store)
            let second = try write(Array("abc".utf8), to: store)
            #expect(first.temporaryURL != second.temporaryURL)
            try store.commit(first)
            try store.commit(second)

            let folder = store.fileURL(forHash: sha256OfABC).deletingLastPathComponent()
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [sha256OfABC])
            #expect(try incomingFiles(store).isEmpty)
            #expect(!FileManager.default.fileExists(atPath: second.temporaryURL.path))
            #expect(try Data(contentsOf: store.fileURL(forHash: sha256OfABC)) == Data("abc".utf8))
        }
    }

    @Test func leftoversOfUnfinishedWritesAreRemoved() throws {
        try withBlobStore { store in
            let unfinished = try store.makeWriter(maximumBytes: 100)
            try unfinished.write([1, 2, 3])
            _ = try write([4, 5, 6], to: store)
            let stray = store.temporaryFolder.appendingPathComponent("stray")
            try Data([7]).write(to: stray)
            #expect(try incomingFiles(store).count == 3)

            store.removeIncomingLeftovers()
            #expect(try incomingFiles(store).isEmpty)
        }
    }

    @Test func removingLeftoversKeepsCommittedFiles() throws {
        try withBlobStore { store in
            try store.commit(try write(Array("abc".utf8), to: store))
            store.removeIncomingLeftovers()
            #expect(store.contains(hash: sha256OfABC))
        }
    }

    @Test(arguments: [sha256OfABC, sha256OfNothing, String(repeating: "0", count: 64)])
    func wellFormedHashesAreValid(hash: String) {
        #expect(BlobStore.isValidHash(hash))
    }

    @Test(arguments: [
        "", "abc", String(sha256OfABC.dropLast()), sha256OfABC + "0", sha256OfABC.uppercased(),
        String(sha256OfABC.dropLast()) + "g", "../" + String(sha256OfABC.dropFirst(3)),
        String(sha256OfABC.dropLast()) + "é",
    ])
    func malformedHashesAreInvalid(hash: String) {
        #expect(!BlobStore.isValidHash(hash))
    }

    @Test func anInvalidHashIsNeverContained() throws {
        try withBlobStore { store in
            #expect(!store.contains(hash: "../../etc/passwd"))
        }
    }
}
