import Foundation
import GalleryCore
import MediaProbe
import TestSupport
import Testing

@Suite("Telling HTML from other bytes")
struct HTMLSniffingTests {
    @Test(arguments: [
        "<!DOCTYPE html><html>", "<!doctype HTML>", "\u{FEFF}  \n<html lang=en>", "<HEAD>", "<p>text", "<!-- c -->",
        "<title>T</title>", "<a href=x>", "\t<body class=x>",
    ])
    func pagesAreRecognised(start: String) {
        #expect(HTMLSniffing.isHTML(Array(start.utf8)))
    }

    @Test(arguments: [
        "", "   ", "<?xml version=\"1.0\"?><svg>", "<pre>", "<abbr>", "plain text", "{\"json\": 1}", "<html",
    ])
    func otherBytesAreNot(start: String) {
        #expect(!HTMLSniffing.isHTML(Array(start.utf8)))
    }

    @Test(arguments: [
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\" \"x\">",
        "<?xml version='1.0'?><!-- made by hand --> <html xmlns=\"http://www.w3.org/1999/xhtml\">",
        "\u{FEFF}<?xml version=\"1.0\"?>\r\n<HTML>",
    ])
    func xhtmlPagesAreRecognised(start: String) {
        #expect(HTMLSniffing.isHTML(Array(start.utf8)))
    }

    @Test(arguments: [
        "<?xml version=\"1.0\"?><!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"x\"><svg>",
        "<?xml version=\"1.0\"?><rss version=\"2.0\">", "<?xml version=\"1.0\"?><!-- never closed <html>",
        "<?xml version=\"1.0\"?><htmlish>",
    ])
    func otherXMLIsNotAPage(start: String) {
        #expect(!HTMLSniffing.isHTML(Array(start.utf8)))
    }

    @Test func aUTF16PageIsRecognisedBehindItsByteOrderMark() {
        let page = "<!DOCTYPE html><html><title>Страница</title>"
        let littleEndian: [UInt8] = [0xFF, 0xFE] + page.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let bigEndian: [UInt8] = [0xFE, 0xFF] + page.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(HTMLSniffing.isHTML(littleEndian))
        #expect(HTMLSniffing.isHTML(bigEndian))
        // Without its mark, or with text that is no page behind it, it is not.
        #expect(!HTMLSniffing.isHTML(Array(littleEndian.dropFirst(2))))
        let plain: [UInt8] = [0xFF, 0xFE] + "plain".utf16.flatMap { [UInt8($0 & 0xFF), 0] }
        #expect(!HTMLSniffing.isHTML(plain))
    }

    @Test func imagesAreNotPages() {
        #expect(!HTMLSniffing.isHTML([UInt8](PNGBuilder.make(width: 2, height: 2))))
        #expect(!HTMLSniffing.isHTML([0xFF, 0xD8, 0xFF, 0xE0]))
    }

    @Test func aLinksDetailsAreCleanedAndClippedAndFallBackToTheHost() throws {
        let url = try #require(URL(string: "https://www.example.org/a/b"))
        let bare = LinkDetails(PageMetadata(), pageURL: url)
        #expect(bare.title == "www.example.org")
        #expect(bare.description == nil)
        let long = LinkDetails(
            PageMetadata(title: String(repeating: "t", count: 400), description: " \u{7}About ", siteName: "  "),
            pageURL: url)
        #expect(long.title.count == 300)
        #expect(long.title.hasSuffix("…"))
        #expect(long.description == "About")
        #expect(long.siteName == nil)
    }
}
