import Foundation
import GalleryCore
import Testing

@testable import GalleryServer

@Suite("An import's entries, spooled")
struct ManifestSpoolTests {
    @Test func entriesComeBackInOrderInBatchesWhateverTheirTextHolds() async throws {
        try await withTemporaryFolder { folder in
            let writer = try ManifestSpool.Writer(at: folder.appendingPathComponent("spool"))
            // Line breaks, quotes and long texts: each entry is still one line; enough for several megabyte chunks.
            let entries = (1...2_500).map { number in
                GalleryManifest.Entry(
                    kind: .note, state: .ready, title: "\"\(number)\"",
                    text: "line\nbreak \(number) " + String(repeating: "é", count: number % 7 * 300),
                    board: number.isMultiple(of: 3) ? BoardPosition(x: 1, y: 2, width: 3, z: number) : nil)
            }
            for entry in entries { try writer.append(entry) }
            let spool = try writer.finish()
            #expect(spool.count == 2_500)
            let reader = try ManifestSpool.Reader(spool)
            var batches: [[GalleryManifest.Entry]] = []
            while case let batch = try reader.next(upTo: 1000), !batch.isEmpty { batches.append(batch) }
            #expect(batches.map(\.count) == [1000, 1000, 500])
            #expect(Array(batches.joined()) == entries)
            #expect(try reader.next(upTo: 1000).isEmpty)
            spool.remove()
            #expect(!FileManager.default.fileExists(atPath: spool.url.path))
        }
    }

    @Test func anEmptySpoolHasNoEntries() async throws {
        try await withTemporaryFolder { folder in
            let spool = try ManifestSpool.Writer(at: folder.appendingPathComponent("spool")).finish()
            #expect(spool.count == 0)
            #expect(try ManifestSpool.Reader(spool).next(upTo: 10).isEmpty)
        }
    }
}

@Suite("What an import left out")
struct LeftOutTests {
    @Test func linesPastTheLimitAreCountedInOneLine() {
        var leftOut = LeftOut(limit: 2)
        #expect(leftOut.isEmpty && leftOut.said.isEmpty)
        leftOut.append("a")
        leftOut.append("b")
        #expect(leftOut.said == ["a", "b"])
        leftOut.append("c")
        #expect(leftOut.said == ["a", "b", "And 1 more left out."])
        for _ in 0..<1_233 { leftOut.append("d") }
        #expect(leftOut.said == ["a", "b", "And 1,234 more left out."])
    }
}
