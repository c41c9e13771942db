import Foundation
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing
import ZIPFoundation

@testable import GalleryServer

@Suite("Links' site icons")
struct LinkSiteIconAPITests {
    static let article = "http://site.test/article"
    static let icon = PNGBuilder.make(width: 48, height: 48, shade: 0x30)

    static func page(head: String) -> WebAnswer {
        .bytes(
            Data(
                """
                <!doctype html><html><head><title>An article</title>
                <meta name="description" content="What the article is about.">\(head)</head><body>Text</body></html>
                """.utf8))
    }

    /// Drops `url` into the first gallery and waits until it settles.
    func dropped(_ url: String, _ client: some TestClientProtocol) async throws -> ItemJSON {
        let gallery = try await client.firstGalleryID()
        let pending = try await client.drop(urls: [url], into: gallery).items[0]
        return try await client.settled(pending.id)
    }

    @Test func aLinkWithoutPreviewShowsTheIconItsPageNames() async throws {
        let web = FakeWeb([
            Self.article: Self.page(head: #"<link rel=icon href=/i.png>"#),
            "http://site.test/i.png": .bytes(Self.icon),
        ])
        try await testApplication(web: web) { client in
            let link = try await dropped(Self.article, client)
            #expect(link.state == "ready")
            #expect(link.kind == "link")
            #expect(link.imageURL == nil)
            #expect(link.description == "What the article is about.")
            let iconURL = try #require(link.siteIconURL)
            #expect(iconURL.hasPrefix("/media/") && iconURL.hasSuffix(".png"))
            let served = try await client.send(.get, iconURL)
            #expect(served.status == .ok)
            #expect(served.headers[.contentType] == "image/png")
            #expect(served.bytes == Self.icon)
            #expect(!web.requestedURLs.contains("http://site.test/favicon.ico"))
        }
    }

    @Test func aPageNamingNoIconShowsTheLargestPNGOfItsFaviconICO() async throws {
        let small = PNGBuilder.make(width: 16, height: 16)
        let large = PNGBuilder.make(width: 32, height: 32, shade: 0x10)
        let ico = ICOBuilder.make([.init(ICOBuilder.bitmap), .init(small), .init(large)])
        let web = FakeWeb([
            Self.article: Self.page(head: ""), "http://site.test/favicon.ico": .bytes(Data(ico)),
        ])
        try await testApplication(web: web) { client in
            let link = try await dropped(Self.article, client)
            let iconURL = try #require(link.siteIconURL)
            #expect(iconURL.hasSuffix(".png"))
            #expect(try await client.send(.get, iconURL).bytes == large)
        }
    }

    @Test func aLinkWithAPreviewImageFetchesNoIcon() async throws {
        let web = FakeWeb([
            Self.article: Self.page(
                head: #"<meta property="og:image" content="/p.png"><link rel="icon" href="/i.png">"#),
            "http://site.test/p.png": .bytes(PNGBuilder.make(width: 40, height: 30)),
            "http://site.test/i.png": .bytes(Self.icon),
        ])
        try await testApplication(web: web) { client in
            let link = try await dropped(Self.article, client)
            #expect(link.imageURL != nil)
            #expect(link.siteIconURL == nil)
            #expect(!web.requestedURLs.contains("http://site.test/i.png"))
        }
    }

    @Test(arguments: [
        ("private address", WebAnswer.failure(.blockedAddress)),
        ("too big", .bytes(PNGBuilder.make(width: 48, height: 48) + Data(count: 1_100_000))),
        ("a web page", .bytes(Data("<!doctype html><html><body>Not found</body></html>".utf8))),
        ("an SVG", .bytes(Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"/>"#.utf8))),
        ("an icon of bitmaps only", .bytes(Data(ICOBuilder.make([.init(ICOBuilder.bitmap)])))),
        ("a lying PNG", .bytes(PNGBuilder.header(width: 48, height: 48) + Data(count: 64))),
        ("too small", .bytes(PNGBuilder.make(width: 8, height: 8))),
        ("too large", .bytes(PNGBuilder.make(width: 2000, height: 10))),
    ])
    func anIconThatCannotBeHadLeavesAReadyLinkWithoutOne(what: String, answer: WebAnswer) async throws {
        let web = FakeWeb([
            Self.article: Self.page(head: #"<link rel="icon" href="http://10.0.0.1/i.png">"#),
            "http://10.0.0.1/i.png": answer,
        ])
        try await testApplication(web: web) { client in
            let link = try await dropped(Self.article, client)
            #expect(link.state == "ready", "\(what)")
            #expect(link.kind == "link", "\(what)")
            #expect(link.title == "An article", "\(what)")
            #expect(link.siteIconURL == nil, "\(what)")
        }
    }

    @Test func aTouchIconThatFailedAsThePreviewIsNotFetchedAgainAsTheIcon() async throws {
        let web = FakeWeb([
            Self.article: Self.page(head: #"<link rel="apple-touch-icon" href="/touch.png" type="image/png">"#),
            "http://site.test/touch.png": .failure(.httpStatus(404)),
        ])
        try await testApplication(web: web) { client in
            let link = try await dropped(Self.article, client)
            #expect(link.state == "ready")
            #expect(link.siteIconURL == nil)
            #expect(web.requestedURLs.filter { $0 == "http://site.test/touch.png" }.count == 1)
        }
    }

    @Test func anExportedLinkTakesItsIconAlongAndItsImportShowsIt() async throws {
        let web = FakeWeb([
            Self.article: Self.page(head: #"<link rel="shortcut icon" href="/favicon.ico">"#),
            "http://site.test/favicon.ico": .bytes(Self.icon),
        ])
        try await testApplication(web: web) { client in
            let link = try await dropped(Self.article, client)
            let iconURL = try #require(link.siteIconURL)
            let (zip, manifest) = try await ArchiveAPITests().export(client, link.galleryId)
            let entry = try #require(manifest.items.first)
            #expect(entry.siteIcon != nil)
            #expect(entry.file == nil)
            let imported: ImportJSON = try await client.importArchive(zip).decoded(expecting: .created)
            let copy = try #require(try await client.items(in: imported.gallery.id).first)
            #expect(copy.kind == "link")
            #expect(copy.siteIconURL == iconURL)
        }
    }
}
