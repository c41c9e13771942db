import DragAndDrop
import Foundation
import Testing

@testable import GalleryCore

@Suite("Gallery archives' manifests and names")
struct GalleryManifestTests {
    let image = GalleryManifest.Entry(kind: .image, state: .ready, title: "a.png", file: "files/a.png")

    /// A manifest as the import reads it: its head, then its entries.
    struct Manifest {
        var format = GalleryManifest.currentFormat
        var name = "Refs"
        var perRow = 4
        var items: [GalleryManifest.Entry]
    }

    func manifest(_ items: [GalleryManifest.Entry], name: String = "Refs", perRow: Int = 4) -> Manifest {
        Manifest(name: name, perRow: perRow, items: items)
    }

    /// The manifest's head checked, then each entry, as the import checks them (GalleryImport); the first refusal.
    func refusal(_ manifest: Manifest, files: Set<String> = ["files/a.png"]) -> String? {
        do {
            let head = GalleryManifest.Head(
                format: manifest.format, name: manifest.name, imagesPerRow: manifest.perRow, view: .grid)
            _ = try head.validated()
            for (index, entry) in manifest.items.enumerated() {
                try entry.validated(number: index + 1, archiveFiles: files)
            }
            return nil
        } catch {
            return error.message
        }
    }

    @Test func anEntrysCaptionAndTagsAreHeldToTheRulesOfTheAPI() {
        var tagged = image
        tagged.caption = "Dawn\nLisbon"
        tagged.tags = ["red", "Trip"]
        #expect(refusal(manifest([tagged])) == nil)
        var badTag = image
        badTag.tags = ["two\nlines"]
        #expect(refusal(manifest([badTag]))?.contains("Item 1 of the archive: A tag cannot hold control") == true)
        var tooMany = image
        tooMany.tags = (0...ItemDescription.maximumTags).map { "t\($0)" }
        #expect(refusal(manifest([tooMany]))?.contains("at most 50 tags") == true)
        var longCaption = image
        longCaption.caption = String(repeating: "c", count: ItemDescription.maximumCaptionLength + 1)
        #expect(refusal(manifest([longCaption]))?.contains("2,000") == true)
    }

    @Test func aManifestWrittenInPiecesReadsBackEntryByEntry() throws {
        let note = GalleryManifest.Entry(
            kind: .note, state: .ready, title: "Quote \"}]", text: "a/b\n\u{1F600}",
            board: BoardPosition(x: -1.5, y: 2, width: 240, z: 3))
        for items in [[], [image], [image, note, image]] {
            let pieces = try GalleryManifest.Pieces(name: "Trip – \"Lisboa\"", imagesPerRow: 6, view: .board)
            var json = pieces.opening
            for (index, entry) in items.enumerated() {
                if index > 0 { json.append(GalleryManifest.Pieces.separator) }
                json.append(try pieces.entry(entry))
            }
            json.append(GalleryManifest.Pieces.closing)
            var reader = GalleryManifest.Reader()
            var read: [GalleryManifest.Entry] = []
            try reader.read(json) { entry, _ in
                read.append(try JSONDecoder().decode(GalleryManifest.Entry.self, from: entry))
            }
            let head = try JSONDecoder().decode(GalleryManifest.Head.self, from: try reader.finish())
            #expect(read == items)
            #expect(
                head
                    == GalleryManifest.Head(
                        format: GalleryManifest.currentFormat, name: "Trip – \"Lisboa\"", imagesPerRow: 6, view: .board)
            )
        }
    }

    @Test func aManifestThatTellsTheTruthIsTakenWithItsNameTrimmed() throws {
        let note = GalleryManifest.Entry(kind: .note, state: .ready, title: "Note", text: "milk")
        let link = GalleryManifest.Entry(kind: .link, state: .ready, title: "Page", sourceURL: "https://a.test/")
        let loading = GalleryManifest.Entry(
            kind: .image, state: .pending, title: "b.png", sourceURL: "https://a.test/b")
        #expect(refusal(manifest([image, note, link, loading, image], name: "  Refs ")) == nil)
        let head = try GalleryManifest.Head(
            format: GalleryManifest.currentFormat, name: "  Refs ", imagesPerRow: 4, view: .grid
        ).validated()
        #expect(head.name == "Refs")
    }

    @Test func aManifestThatLiesOrBreaksTheRulesIsRefusedSayingWhichItem() {
        var other = manifest([image])
        other.format = "image-gallery/9"
        #expect(refusal(other)?.contains("image-gallery/9") == true)
        #expect(refusal(manifest([image]), files: [])?.contains("Item 1") == true)
        #expect(refusal(manifest([image], name: " "))?.contains("name") == true)
        #expect(refusal(manifest([image], perRow: 13))?.contains("images per row") == true)
        let noFile = GalleryManifest.Entry(kind: .video, state: .ready, title: "v.mp4")
        #expect(refusal(manifest([image, noFile]))?.contains("Item 2 of the archive is a ready video") == true)
        let longNote = GalleryManifest.Entry(
            kind: .note, state: .ready, title: "n", text: String(repeating: "x", count: NoteText.maximumLength + 1))
        #expect(refusal(manifest([longNote]))?.contains("20,000") == true)
        let noText = GalleryManifest.Entry(kind: .note, state: .ready, title: "n")
        #expect(refusal(manifest([noText]))?.contains("without its text") == true)
        let noPage = GalleryManifest.Entry(kind: .link, state: .ready, title: "l")
        #expect(refusal(manifest([noPage]))?.contains("address") == true)
        var offBoard = image
        offBoard.board = BoardPosition(x: .infinity, y: 0, width: 10, z: 0)
        #expect(refusal(manifest([offBoard]))?.contains("board position") == true)
    }

    @Test func everyFieldIsHeldToTheLimitOfTheAPIThatMadeItAndTheRefusalNamesTheItemTheFieldAndTheLimit() {
        func link(_ change: (inout GalleryManifest.Entry) -> Void) -> Manifest {
            var entry = GalleryManifest.Entry(kind: .link, state: .ready, title: "Page", sourceURL: "https://a.test/")
            change(&entry)
            return manifest([image, entry])
        }
        #expect(refusal(link { _ in }) == nil)
        let over = LinkDetails.maximumDescriptionLength + 1
        let description = refusal(link { $0.pageDescription = String(repeating: "d", count: over) })
        #expect(description?.contains("Item 2") == true)
        #expect(description?.contains("pageDescription") == true)
        #expect(description?.contains("1,000") == true)
        let title = refusal(link { $0.title = String(repeating: "t", count: ItemTitle.maximumLength + 1) })
        #expect(title?.contains("title") == true && title?.contains("300") == true)
        let site = refusal(link { $0.siteName = String(repeating: "s", count: LinkDetails.maximumSiteNameLength + 1) })
        #expect(site?.contains("siteName") == true && site?.contains("200") == true)
        for address in ["javascript:alert(1)", "data:text/html,<script>", "file:///etc/passwd", "ftp://a.test/x"] {
            let refused = refusal(link { $0.sourceURL = address })
            #expect(
                refused?.contains("Item 2 of the archive has a sourceURL") == true, "\(address): \(refused ?? "nil")")
            #expect(refused?.contains("only http and https") == true, "\(address)")
        }
        let long = "https://a.test/" + String(repeating: "p", count: WebAddress.maximumLength)
        #expect(refusal(link { $0.sourceURL = long })?.contains("8192 bytes") == true)
        var pending = GalleryManifest.Entry(
            kind: .image, state: .pending, title: "b.png", sourceURL: "javascript:fetch('/api')")
        #expect(refusal(manifest([pending]))?.contains("sourceURL") == true)
        pending.sourceURL = "https://a.test/b.png"
        #expect(refusal(manifest([pending])) == nil)
    }

    @Test func namesThatCouldReachOutsideTheArchiveAreRefused() {
        for safe in ["gallery.json", "files/abc.png", "files/", "a/b/c.txt"] {
            #expect(ArchivePath.problem(with: safe) == nil, "\(safe)")
        }
        let refused: [(String, String)] = [
            ("", "empty"), ("../etc/passwd", ".."), ("files/../../x", ".."), ("/etc/passwd", "absolute"),
            ("C:/Windows/x", "drive"), ("files\\..\\x", "backslash"), ("files//a", "empty"), ("./a", "'.'"),
            ("a\u{0}b", "control"), ("a\nb", "control"), (String(repeating: "a", count: 2000), "longer"),
        ]
        for (name, why) in refused {
            #expect(
                ArchivePath.problem(with: name)?.contains(why) == true,
                "\(name): \(ArchivePath.problem(with: name) ?? "nil")")
        }
    }
}
