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
