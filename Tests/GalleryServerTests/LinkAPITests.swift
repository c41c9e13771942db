import Foundation
import GalleryCore
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@testable import GalleryServer

@Suite("Links to web pages")
struct LinkAPITests {
    static let page = Data(
        """
        <!doctype html><html><head><meta charset="utf-8">
        <title>Fallback title</title>
        <meta property="og:title" content="Caf&eacute; &amp; Bar">
        <meta property="og:description" content="The best coffee   in town.">
        <meta property="og:site_name" content="Coffee Site">
        <meta property="og:image" content="/images/preview.png">
        </head><body><p>Hello</p></body></html>
        """.utf8)

    @Test func aDroppedLinkToAPageBecomesALinkWithItsTitleDescriptionSiteAndPreview() async throws {
        let web = FakeWeb([
            "http://site.test/article": .bytes(Self.page),
            "http://site.test/images/preview.png": .bytes(PNGBuilder.make(width: 40, height: 30)),
        ])
        try await testApplication(web: web) { client in
            let gallery = try await client.firstGalleryID()
            let pending = try await client.drop(urls: ["http://site.test/article"], into: gallery).items[0]
            #expect(pending.kind == "image")
            let link = try await client.settled(pending.id)
            #expect(link.state == "ready")
            #expect(link.kind == "link")
            #expect(link.title == "Café & Bar")
            #expect(link.description == "The best coffee in town.")
            #expect(link.siteName == "Coffee Site")
            #expect(link.pageURL == "http://site.test/article")
            #expect(link.width == 40)
            #expect(link.height == 30)
            let imageURL = try #require(link.imageURL)
            let image = try await client.send(.get, imageURL)
            #expect(image.status == .ok)
            #expect(web.requestedURLs.contains("http://site.test/images/preview.png"))
        }
    }

    @Test func anXHTMLPageAndAUTF16PageBecomeLinksWithTheirTitles() async throws {
        let xhtml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>The XML C parser</title></head><body/></html>
            """
        let utf16 = "<!DOCTYPE html><html><head><title>Страница по-русски</title></head><body></body></html>"
        let web = FakeWeb([
            "http://site.test/api.html": .bytes(Data(xhtml.utf8)),
            "http://site.test/utf16.html": .bytes(
                Data([0xFF, 0xFE] + utf16.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })),
        ])
        try await testApplication(web: web) { client in
            let gallery = try await client.firstGalleryID()
            for (url, title) in [
                ("http://site.test/api.html", "The XML C parser"),
                ("http://site.test/utf16.html", "Страница по-русски"),
            ] {
                let pending = try await client.drop(urls: [url], into: gallery).items[0]
                let link = try await client.settled(pending.id)
                #expect(link.state == "ready", "\(url)")
                #expect(link.kind == "link", "\(url)")
                #expect(link.title == title)
            }
        }
    }

    @Test func aPageWithoutMetadataIsALinkTitledWithItsHost() async throws {
        let web = FakeWeb(["http://site.test/plain": .bytes(Data("<html><body>Nothing here</body></html>".utf8))])
        try await testApplication(web: web) { client in
            let gallery = try await client.firstGalleryID()
            let pending = try await client.drop(urls: ["http://site.test/plain"], into: gallery).items[0]
            let link = try await client.settled(pending.id)
            #expect(link.kind == "link")
            #expect(link.state == "ready")
            #expect(link.title == "site.test")
            #expect(link.imageURL == nil)
            #expect(link.description == nil)
        }
    }

    @Test func onlyTheFirstMegabyteOfAHugePageIsRead() async throws {
        // 60 MB: past the 50 MB limit of a fetch, so reading it all would fail the item.
        var huge = Data("<!DOCTYPE html><html><head><title>Huge</title></head><body>".utf8)
        huge.append(Data(repeating: 0x61, count: 60_000_000))
        let web = FakeWeb(["http://site.test/huge": .bytes(huge)])
        try await testApplication(web: web) { client in
            let gallery = try await client.firstGalleryID()
            let pending = try await client.drop(urls: ["http://site.test/huge"], into: gallery).items[0]
            let link = try await client.settled(pending.id)
            #expect(link.kind == "link")
            #expect(link.title == "Huge")
        }
    }

    @Test func aPreviewImageThatCannotBeFetchedLeavesALinkWithoutPreview() async throws {
        let page = Data(#"<html><head><meta property="og:image" content="http://10.0.0.1/x.png"></head></html>"#.utf8)
        let web = FakeWeb([
            "http://site.test/page": .bytes(page), "http://10.0.0.1/x.png": .failure(.blockedAddress),
        ])
        try await testApplication(web: web) { client in
            let gallery = try await client.firstGalleryID()
            let pending = try await client.drop(urls: ["http://site.test/page"], into: gallery).items[0]
            let link = try await client.settled(pending.id)
            #expect(link.kind == "link")
            #expect(link.state == "ready")
            #expect(link.imageURL == nil)
        }
    }

    @Test func anUnreachablePageFailsWithItsReason() async throws {
        let web = FakeWeb(["http://site.test/gone": .failure(.httpStatus(404))])
        try await testApplication(web: web) { client in
            let gallery = try await client.firstGalleryID()
            let pending = try await client.drop(urls: ["http://site.test/gone"], into: gallery).items[0]
            let failed = try await client.settled(pending.id)
            #expect(failed.state == "failed")
            #expect(failed.failure?.code == "http-status")
        }
    }
}

@Suite("Telling a web page from a file")
struct PageCaptureTests {
    @Test func aPageIsKeptUpToItsLimitAndThenReadingStops() {
        let capture = PageCapture(pageLimit: 1_000)
        #expect(capture.take(Array("<!doctype html><title>x</title>".utf8)) == .undecided)
        #expect(capture.take([UInt8](repeating: 0x20, count: 600)) == .page(isFull: false))
        #expect(capture.take([UInt8](repeating: 0x20, count: 600)) == .page(isFull: true))
        #expect(capture.page?.count == 1_000)
    }

    @Test func aFilesHeldFirstBytesArePassedOnOnceThenEachChunk() {
        let capture = PageCapture(pageLimit: 1_000)
        let png = [UInt8](PNGBuilder.make(width: 2, height: 2))
        #expect(capture.take(png) == .undecided)
        let rest = [UInt8](repeating: 1, count: 600)
        #expect(capture.take(rest) == .file(png + rest))
        #expect(capture.take([7]) == .file([7]))
        #expect(capture.page == nil)
    }

    @Test func aShortBodyIsDecidedWhenItEnds() {
        let page = PageCapture(pageLimit: 1_000)
        _ = page.take(Array("<p>hi".utf8))
        #expect(page.finish() == .page(isFull: false))
        #expect(page.page == Array("<p>hi".utf8))
        let file = PageCapture(pageLimit: 1_000)
        _ = file.take([1, 2, 3])
        #expect(file.finish() == .file([1, 2, 3]))
    }
}
