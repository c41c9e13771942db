import Foundation
import TestSupport
import Testing

@testable import DragAndDrop

/// A URL literal for tests.
func url(_ string: String) -> URL {
    guard let url = URL(string: string) else { fatalError("bad test URL \(string)") }
    return url
}

/// The sources of a payload with the default limit.
func sources(_ payload: DropPayload, limit: Int = 500) -> [DropSource] {
    DropPayloadReader.sources(in: payload, limit: limit)
}

/// The base64 of a 1×1 transparent PNG.
let tinyPNGBase64 =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="

@Suite struct URIListAndTextTests {
    @Test func uriListSkipsCommentLinesAndCRLF() {
        let payload = DropPayload(
            uriList:
                "# dragged from example\r\nhttps://a.example/1.png\r\n  http://b.example/2.jpg  \r\n\r\n#https://c.example/3.png\r\n"
        )
        #expect(sources(payload) == [.remote(url("https://a.example/1.png")), .remote(url("http://b.example/2.jpg"))])
    }

    @Test func aLinkLongerThanTheAddressesItemsAreLoadedFromIsLeftOut() {
        let longest = "https://a.example/" + String(repeating: "p", count: WebAddress.maximumLength - 18)
        let longer = longest + "p"
        #expect(longest.utf8.count == WebAddress.maximumLength)
        let payload = DropPayload(uriList: "\(longest)\r\n\(longer)")
        #expect(sources(payload) == [.remote(url(longest))])
    }

    @Test func uriListAcceptsBareLineFeeds() {
        let payload = DropPayload(uriList: "https://a.example/1.png\nhttps://a.example/2.png")
        #expect(sources(payload) == [.remote(url("https://a.example/1.png")), .remote(url("https://a.example/2.png"))])
    }

    @Test func uriListKeepsOnlyAbsoluteWebAndDataURLs() {
        let payload = DropPayload(
            uriList:
                "relative/path.png\r\n/rooted.png\r\nftp://x.example/a.png\r\nmailto:a@b.c\r\nhttps://ok.example/a.png\r\nhttps:///nohost"
        )
        #expect(sources(payload) == [.remote(url("https://ok.example/a.png"))])
    }

    @Test func mozURLIsUsedWhenUriListIsEmpty() {
        let payload = DropPayload(
            uriList: "# only a comment\r\n",
            mozURL: "https://a.example/cat.png\nA cat\nhttps://b.example/dog.png\n\nhttps://a.example/cat.png\nsame cat"
        )
        #expect(
            sources(payload) == [.remote(url("https://a.example/cat.png")), .remote(url("https://b.example/dog.png"))])
    }

    @Test func mozURLTitlesAreNeverItems() {
        let payload = DropPayload(mozURL: "https://a.example/cat.png\r\nhttps://title.example/looks-like-a-url.png")
        #expect(sources(payload) == [.remote(url("https://a.example/cat.png"))])
    }

    @Test func uriListWinsOverMozURL() {
        let payload = DropPayload(uriList: "https://a.example/1.png", mozURL: "https://b.example/2.png\ntitle")
        #expect(sources(payload) == [.remote(url("https://a.example/1.png"))])
    }

    @Test func plainTextMadeOfURLsIsTheLastResort() {
        let payload = DropPayload(
            html: "<p>no images here</p>", plainText: "https://a.example/1.png\thttp://b.example/2.gif\n")
        #expect(sources(payload) == [.remote(url("https://a.example/1.png")), .remote(url("http://b.example/2.gif"))])
    }

    @Test func plainTextThatMentionsLinksIsOneNoteKeptExactly() {
        let text = "look: https://a.example/1.png and\thttp://b.example/2.gif\nnot:this ftp://c.example/x www.d.example"
        #expect(sources(DropPayload(html: "<p>no images here</p>", plainText: text)) == [.text(text)])
    }

    @Test func plainTextWithLineBreaksIsOneNote() {
        let text = "  Lisbon\r\nPorto\n\nFaro  "
        #expect(sources(DropPayload(plainText: text)) == [.text(text)])
    }

    @Test func textBesideFilesOrURLsMakesNoNote() {
        let photo = DroppedFile(name: "a.png", type: "image/png", size: 3)
        #expect(sources(DropPayload(plainText: "a photo", files: [photo])).count == 1)
        #expect(
            sources(DropPayload(uriList: "https://a.example/1.png", plainText: "a photo"))
                == [.remote(url("https://a.example/1.png"))])
    }

    @Test func plainTextSplitsOnUnicodeWhitespace() {
        let payload = DropPayload(plainText: "\u{A0}https://a.example/1.png\u{3000}https://a.example/2.png\u{2028}")
        #expect(sources(payload) == [.remote(url("https://a.example/1.png")), .remote(url("https://a.example/2.png"))])
    }

    @Test func plainTextIsIgnoredWhenUriListHasURLs() {
        let payload = DropPayload(uriList: "https://a.example/1.png", plainText: "https://b.example/2.png")
        #expect(sources(payload) == [.remote(url("https://a.example/1.png"))])
    }

    @Test func emptyPayloadHasNoItems() {
        #expect(sources(DropPayload()).isEmpty)
        #expect(sources(DropPayload(uriList: "", html: "", plainText: "   ", mozURL: "")).isEmpty)
    }
}

@Suite struct DataURLItemTests {
    @Test func base64ImageDataURLBecomesInline() throws {
        let payload = DropPayload(uriList: "data:image/png;base64,\(tinyPNGBase64)")
        let expected = try #require(Data(base64Encoded: tinyPNGBase64))
        #expect(sources(payload) == [.inline(data: expected, mimeType: "image/png")])
    }

    @Test func percentEncodedSVGDataURLBecomesInline() {
        let payload = DropPayload(plainText: "data:image/svg+xml;charset=utf-8,%3Csvg%20xmlns%3D%22x%22%2F%3E")
        #expect(sources(payload) == [.inline(data: Data("<svg xmlns=\"x\"/>".utf8), mimeType: "image/svg+xml")])
    }

    @Test func dataURLMimeTypeIsNormalized() throws {
        let payload = DropPayload(uriList: "DATA:Image/PNG;BASE64,\(tinyPNGBase64)")
        let expected = try #require(Data(base64Encoded: tinyPNGBase64))
        #expect(sources(payload) == [.inline(data: expected, mimeType: "image/png")])
    }

    @Test func base64WithoutPaddingOrWithLineBreaksIsDecoded() {
        let payload = DropPayload(html: "<img src='data:image/gif;base64,R0lG\nODlh'>")
        #expect(sources(payload) == [.inline(data: Data("GIF89a".utf8), mimeType: "image/gif")])
    }

    @Test func nonImageDataURLsAreRefused() {
        let payload = DropPayload(
            uriList:
                "data:text/html,<script>alert(1)</script>\r\ndata:,hello\r\ndata:application/pdf;base64,JVBERi0=\r\ndata:image/*;base64,AAAA"
        )
        #expect(sources(payload).isEmpty)
    }

    @Test func undecodableDataURLsAreRefused() {
        let payload = DropPayload(
            uriList:
                "data:image/png;base64,***notbase64***\r\ndata:image/png,%ZZ\r\ndata:image/png;base64\r\ndata:image/png;base64,"
        )
        #expect(sources(payload).isEmpty)
    }

    @Test func dataURLDecoderRejectsOversizedInput() {
        #expect(DataURL.maximumEncodedLength == 70 * 1024 * 1024)
        let oversized = "data:image/png;base64," + String(repeating: "A", count: DataURL.maximumEncodedLength)
        #expect(DataURL(oversized) == nil)
        #expect(DataURL("data:image/png;base64,AAAA")?.data == Data([0, 0, 0]))
    }
}

@Suite struct FileItemTests {
    let photo = DroppedFile(name: "photo.jpg", type: "image/jpeg", size: 1234)
    let clip = DroppedFile(name: "clip.mp4", type: "video/mp4", size: 99)

    @Test func filesBecomeFileItemsInOrder() {
        let payload = DropPayload(files: [photo, clip])
        #expect(
            sources(payload) == [
                .file(fileIndex: 0, name: "photo.jpg", mimeType: "image/jpeg", size: 1234, sourceURL: nil),
                .file(fileIndex: 1, name: "clip.mp4", mimeType: "video/mp4", size: 99, sourceURL: nil),
            ])
    }

    @Test func oneFileIsPairedWithOneImageURLFromHTML() {
        let payload = DropPayload(
            uriList: "https://page.example/article",
            html: #"<meta charset="utf-8"><img src="https://cdn.example/photo.jpg" alt="x">"#,
            files: [photo]
        )
        #expect(
            sources(payload) == [
                .file(
                    fileIndex: 0, name: "photo.jpg", mimeType: "image/jpeg", size: 1234,
                    sourceURL: url("https://cdn.example/photo.jpg"))
            ])
    }

    @Test func oneFileIsPairedWithOneURLFromUriList() {
        let payload = DropPayload(uriList: "https://cdn.example/photo.jpg\r\n", files: [photo])
        #expect(
            sources(payload) == [
                .file(
                    fileIndex: 0, name: "photo.jpg", mimeType: "image/jpeg", size: 1234,
                    sourceURL: url("https://cdn.example/photo.jpg"))
            ])
    }

    @Test func fileMatchedWithDataURLGetsNoSourceURL() {
        let payload = DropPayload(html: "<img src=\"data:image/png;base64,\(tinyPNGBase64)\">", files: [photo])
        #expect(
            sources(payload) == [
                .file(fileIndex: 0, name: "photo.jpg", mimeType: "image/jpeg", size: 1234, sourceURL: nil)
            ])
    }

    @Test func filesComeBeforeURLsWhenCountsDiffer() {
        let payload = DropPayload(uriList: "https://a.example/1.png\r\nhttps://a.example/2.png", files: [photo])
        #expect(
            sources(payload) == [
                .file(fileIndex: 0, name: "photo.jpg", mimeType: "image/jpeg", size: 1234, sourceURL: nil),
                .remote(url("https://a.example/1.png")),
                .remote(url("https://a.example/2.png")),
            ])
    }

    @Test func plainTextURLsAreNotPairedWithFiles() {
        let payload = DropPayload(plainText: "https://a.example/1.png", files: [photo])
        #expect(
            sources(payload) == [
                .file(fileIndex: 0, name: "photo.jpg", mimeType: "image/jpeg", size: 1234, sourceURL: nil),
                .remote(url("https://a.example/1.png")),
            ])
    }
}

@Suite struct FilteringAndLimitTests {
    @Test func identicalURLsAreDeduplicatedKeepingTheFirst() {
        let payload = DropPayload(
            uriList:
                "https://a.example/1.png\r\nhttps://b.example/2.png\r\nhttps://a.example/1.png\r\n  https://b.example/2.png"
        )
        #expect(sources(payload) == [.remote(url("https://a.example/1.png")), .remote(url("https://b.example/2.png"))])
    }

    @Test func duplicateDataURLsAreDeduplicated() {
        let dataURL = "data:image/png;base64,\(tinyPNGBase64)"
        #expect(sources(DropPayload(uriList: "\(dataURL)\r\n\(dataURL)")).count == 1)
    }

    @Test func hostileSchemesAreIgnored() {
        let payload = DropPayload(
            uriList: [
                "javascript:alert(1)", "JavaScript:alert(1)", "file:///etc/passwd", "blob:https://a.example/uuid",
                "about:blank", "chrome://settings", "vbscript:msgbox", "ftp://a.example/x.png",
                "https://ok.example/a.png",
            ].joined(separator: "\r\n"),
            html: #"<img src="javascript:alert(1)"><img src="file:///etc/passwd"><img src="blob:https://a.example/u">"#
        )
        #expect(sources(payload) == [.remote(url("https://ok.example/a.png"))])
    }

    @Test func itemsAreCappedAtTheLimit() {
        let list = (0..<20).map { "https://a.example/\($0).png" }.joined(separator: "\r\n")
        let items = sources(DropPayload(uriList: list), limit: 5)
        #expect(items == (0..<5).map { .remote(url("https://a.example/\($0).png")) })
        #expect(sources(DropPayload(uriList: list), limit: 0).isEmpty)
        #expect(sources(DropPayload(uriList: list), limit: -3).isEmpty)
    }

    @Test func limitCountsFilesFirst() {
        let files = (0..<3).map { DroppedFile(name: "\($0).png", type: "image/png", size: 1) }
        let payload = DropPayload(uriList: "https://a.example/1.png\r\nhttps://a.example/2.png", files: files)
        let items = sources(payload, limit: 4)
        #expect(items.count == 4)
        #expect(items.last == .remote(url("https://a.example/1.png")))
        #expect(sources(payload, limit: 2).count == 2)
    }

    @Test func defaultLimitIsFiveHundred() {
        let list = (0..<600).map { "https://a.example/\($0).png" }.joined(separator: "\n")
        #expect(DropPayloadReader.sources(in: DropPayload(uriList: list)).count == 500)
    }

    @Test func acceptsDragOfferingUsableTypes() {
        #expect(DropPayloadReader.acceptsDrag(offering: ["Files"]))
        #expect(DropPayloadReader.acceptsDrag(offering: ["application/x-custom", "text/uri-list"]))
        #expect(DropPayloadReader.acceptsDrag(offering: ["TEXT/HTML"]))
        #expect(DropPayloadReader.acceptsDrag(offering: ["text/plain"]))
        #expect(DropPayloadReader.acceptsDrag(offering: ["text/x-moz-url"]))
        #expect(DropPayloadReader.acceptsDrag(offering: ["files"]))
    }

    @Test func refusesDragWithoutUsableTypes() {
        #expect(!DropPayloadReader.acceptsDrag(offering: ["application/x-custom"]))
        #expect(!DropPayloadReader.acceptsDrag(offering: []))
        #expect(!DropPayloadReader.acceptsDrag(offering: ["text/rtf", "image/png"]))
    }

    @Test func randomStringsNeverCrashTheReader() {
        var generator = SeededGenerator(seed: 0x5EED)
        let fragments = [
            "<", ">", "<img", "<IMG ", "<base href=", "src=", "srcset=", "\"", "'", "=", " ", "\t", "\r\n", "\n", ",",
            "1x", "200w", "2.5x", "(", ")", "&amp;", "&#x", "&#", ";", "&", "<!--", "-->", "<script>", "</script>",
            "http://", "https://a.example/", "data:", "image/png", ";base64,", "%", "%2", "AAAA", "#", "/", "..", "?",
            "javascript:", "é", "🖼️", "\u{0}", "\u{FFFD}", "//cdn.example/x", "w", "x", ":", "data:image/gif,%",
        ]
        for _ in 0..<1_000 {
            let count = Int(generator.next() % 40)
            let text = (0..<count).map { _ in fragments[Int(generator.next() % UInt64(fragments.count))] }.joined()
            let payload = DropPayload(
                uriList: text, html: text, plainText: text, mozURL: text,
                pageURL: generator.next() % 2 == 0 ? "https://page.example/dir/" : text,
                files: generator.next() % 3 == 0 ? [DroppedFile(name: text, type: text, size: -1)] : []
            )
            let limit = Int(generator.next() % 8)
            #expect(DropPayloadReader.sources(in: payload, limit: limit).count <= limit)
            _ = DropPayloadReader.sources(in: DropPayload(uriList: text))
            _ = DropPayloadReader.sources(in: DropPayload(html: text))
        }
    }
}
