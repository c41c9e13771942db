import Foundation
import Testing

@testable import GalleryCore

@Suite("Reading a manifest entry by entry")
struct GalleryManifestReaderTests {
    let entries = [
        GalleryManifest.Entry(kind: .image, state: .ready, title: "a \"quoted\" {name}]", file: "files/a.png"),
        GalleryManifest.Entry(
            kind: .note, state: .ready, title: "n", text: "a\\\\b \\\" [{ \u{1F600}",
            board: BoardPosition(x: 1, y: -2, width: 30, z: 4)),
        GalleryManifest.Entry(kind: .link, state: .ready, title: "Page", sourceURL: "https://a.test/?q=[1]"),
    ]

    /// Feeds `json` to a reader `chunk` bytes at a time; returns the entries handed over and the head.
    func read(_ json: Data, chunk: Int) throws -> (entries: [GalleryManifest.Entry], head: GalleryManifest.Head) {
        var reader = GalleryManifest.Reader()
        var read: [GalleryManifest.Entry] = []
        var start = json.startIndex
        while start < json.endIndex {
            let end = min(json.endIndex, start + chunk)
            try reader.read(json[start..<end]) { entry, number in
                #expect(number == read.count + 1)
                read.append(try JSONDecoder().decode(GalleryManifest.Entry.self, from: entry))
            }
            start = end
        }
        return (read, try JSONDecoder().decode(GalleryManifest.Head.self, from: try reader.finish()))
    }

    /// A whole manifest as JSON, written by an encoder rather than in pieces (any spacing and key order is read).
    struct Whole: Encodable {
        var format = GalleryManifest.currentFormat
        var name: String
        var imagesPerRow: Int
        var view: GalleryView
        var items: [GalleryManifest.Entry]
    }

    @Test func entriesReadInChunksOfAnySizeAreTheWholeManifestsAndTheHeadIsTheRest() throws {
        let manifest = Whole(name: "Trip [1] {x}", imagesPerRow: 5, view: .board, items: entries)
        let plain = try JSONEncoder().encode(manifest)
        let pretty: Data = {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            return (try? encoder.encode(manifest)) ?? Data()
        }()
        for json in [plain, pretty] {
            for chunk in [1, 2, 7, 64, json.count] {
                let (read, head) = try read(json, chunk: chunk)
                #expect(read == entries, "chunks of \(chunk)")
                #expect(
                    head
                        == GalleryManifest.Head(
                            format: manifest.format, name: manifest.name, imagesPerRow: 5, view: .board))
            }
        }
    }

    @Test func anEntryPastItsMostBytesIsRefusedWithoutReadingItWholeNamingTheItemTheFieldAndTheLimit() throws {
        var reader = GalleryManifest.Reader()
        let opening = Data(
            #"{"format":"image-gallery/1","items":[{"kind":"link","state":"ready","title":"t","pageDescription":""#
                .utf8)
        try reader.read(opening) { _, _ in }
        let chunk = Data(repeating: UInt8(ascii: "d"), count: 64 * 1024)
        var fed = 0
        var message: String?
        // As much as 250 MB would be fed; the reader stops within one chunk of the most an entry takes.
        while fed < 250 << 20, message == nil {
            do {
                try reader.read(chunk) { _, _ in Issue.record("no entry ends here") }
                fed += chunk.count
            } catch let error as GalleryError {
                message = error.message
            }
        }
        #expect(fed <= GalleryManifest.Entry.maximumJSONBytes)
        #expect(message?.contains("Item 1") == true)
        #expect(message?.contains("pageDescription") == true)
        #expect(message?.contains("1,000 characters") == true)
    }

    @Test func aManifestWhoseItemsAreNoObjectsOrThatIsCutShortOrNestedTooDeepIsRefused() {
        func refusal(_ json: String) -> String? {
            var reader = GalleryManifest.Reader()
            do {
                try reader.read(Data(json.utf8)) { _, _ in }
                _ = try reader.finish()
                return nil
            } catch {
                return (error as? GalleryError)?.message ?? "\(error)"
            }
        }
        #expect(refusal(#"{"format":"x","items":[]}"#) == nil)
        #expect(refusal(#"{"items":["a"]}"#)?.contains("Item 1") == true)
        #expect(refusal(#"{"items":[{},5]}"#)?.contains("Item 2") == true)
        #expect(refusal(#"{"items":[{"a":1}"#)?.contains("cut short") == true)
        #expect(refusal(#"{"name":"x"}"#)?.contains("no items") == true)
        let deep = #"{"items":[{"a":"# + String(repeating: "[", count: 40)
        #expect(refusal(deep)?.contains("deeper") == true)
        let bigHead =
            #"{"name":""# + String(repeating: "n", count: GalleryManifest.Reader.maximumHeadBytes) + #"","items":[]}"#
        #expect(refusal(bigHead)?.contains("besides its items") == true)
    }
}
