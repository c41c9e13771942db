import Foundation
import MediaProbe
import TestSupport
import Testing

private let pageURL = URL(string: "https://news.example/articles/2024/story.html")!

private func siteIcon(_ head: String, baseURL: URL = pageURL) -> String? {
    PageMetadata.read(
        Array("<!doctype html><html><head>\(head)</head><body></body></html>".utf8),
        contentType: "text/html", baseURL: baseURL
    ).siteIconURL?.absoluteString
}

@Suite("Page metadata: the site's icon")
struct SiteIconLinkTests {
    @Test func aPageNamingNoIconHasItsOriginsFavicon() {
        #expect(siteIcon("<title>Plain</title>") == "https://news.example/favicon.ico")
        let withPort = URL(string: "http://127.0.0.1:8123/a/b/page.html?q=1#top")!
        #expect(siteIcon("", baseURL: withPort) == "http://127.0.0.1:8123/favicon.ico")
    }

    @Test func aRelativeIconIsResolvedAgainstThePage() {
        #expect(
            siteIcon(#"<link rel="icon" href="icons/site.png">"#) == "https://news.example/articles/2024/icons/site.png"
        )
        #expect(siteIcon(#"<link rel="shortcut icon" href="/favicon.png">"#) == "https://news.example/favicon.png")
    }

    @Test func aBaseHrefIsUsedForTheIconButNotForTheFallback() {
        let base = #"<base href="https://static.example/assets/">"#
        #expect(siteIcon(base + #"<link rel="icon" href="i/32.png">"#) == "https://static.example/assets/i/32.png")
        #expect(siteIcon(base) == "https://news.example/favicon.ico")
    }

    @Test func uppercaseRelAndAttributesAreRead() {
        #expect(siteIcon(#"<LINK REL="Shortcut Icon" HREF="/Fav.PNG">"#) == "https://news.example/Fav.PNG")
    }

    @Test func aDeclaredSideOf32To256WinsTheLargest() {
        let head = """
            <link rel="icon" type="image/png" sizes="16x16" href="/16.png">
            <link rel="icon" type="image/png" sizes="32x32" href="/32.png">
            <link rel="icon" type="image/png" sizes="96x96" href="/96.png">
            <link rel="icon" type="image/png" sizes="512x512" href="/512.png">
            <link rel="icon" href="/favicon.ico">
            """
        #expect(siteIcon(head) == "https://news.example/96.png")
    }

    @Test func aTouchIconWithoutSizesCountsAs180AndBeatsSmallerIcons() {
        let head = """
            <link rel="icon" sizes="32x32" href="/32.png">
            <link rel="apple-touch-icon" href="/apple-touch-icon.png">
            """
        #expect(siteIcon(head) == "https://news.example/apple-touch-icon.png")
    }

    @Test func withOnlyLargeIconsTheSmallestIsChosen() {
        let head =
            #"<link rel="icon" sizes="1024x1024" href="/1024.png"><link rel="icon" sizes="512x512" href="/512.png">"#
        #expect(siteIcon(head) == "https://news.example/512.png")
    }

    @Test func undeclaredSizesComeAfterDeclaredOnesAndTheFirstWins() {
        #expect(
            siteIcon(#"<link rel="icon" href="/a.ico"><link rel="icon" href="/b.png">"#) == "https://news.example/a.ico"
        )
        #expect(
            siteIcon(#"<link rel="icon" href="/a.ico"><link rel="icon" sizes="48x48" href="/48.png">"#)
                == "https://news.example/48.png")
        #expect(
            siteIcon(#"<link rel="icon" sizes="16x16" href="/16.png"><link rel="icon" href="/any.png">"#)
                == "https://news.example/any.png")
    }

    @Test func svgAndMaskIconsAreNeverChosen() {
        let head = """
            <link rel="mask-icon" href="/mask.png" color="#000">
            <link rel="icon" type="image/svg+xml" href="/icon">
            <link rel="icon" sizes="any" href="/icon.svg">
            """
        #expect(siteIcon(head) == "https://news.example/favicon.ico")
        #expect(
            siteIcon(head + #"<link rel="alternate icon" type="image/png" href="/fallback.png">"#)
                == "https://news.example/fallback.png")
    }

    @Test func aDeclaredTypeThatIsNoRasterImageIsSkipped() {
        let head =
            #"<link rel="icon" type="text/html" sizes="64x64" href="/page"><link rel="icon" type="image/x-icon" href="/f.ico">"#
        #expect(siteIcon(head) == "https://news.example/f.ico")
        #expect(siteIcon(#"<link rel="icon" type="IMAGE/PNG; charset=x" href="/p">"#) == "https://news.example/p")
    }

    @Test(arguments: ["javascript:alert(1)", "data:image/png;base64,iVBORw0KGgo=", "file:///favicon.png", "  "])
    func onlyWebURLsCount(href: String) {
        #expect(siteIcon(#"<link rel="icon" sizes="64x64" href="\#(href)">"#) == "https://news.example/favicon.ico")
    }

    @Test func iconsInsideScriptsAreNotSeen() {
        #expect(siteIcon(#"<script>'<link rel="icon" href="/s.png">'</script>"#) == "https://news.example/favicon.ico")
    }

    @Test func aPageOfThousandsOfIconLinksIsReadToTheEndAndTheFirstOnesCount() {
        let late = #"<link rel="icon" sizes="64x64" href="/late.png">"#
        let early = String(repeating: #"<link rel="icon" sizes="16x16" href="/16.png">"#, count: 50_000)
        #expect(siteIcon(early + late) == "https://news.example/16.png")
    }
}

@Suite("Windows icon files")
struct IconFileTests {
    private static let png16 = [UInt8](PNGBuilder.make(width: 16, height: 16))
    private static let png48 = [UInt8](PNGBuilder.make(width: 48, height: 48))
    private static let png32 = [UInt8](PNGBuilder.make(width: 32, height: 32))

    @Test func theLargestPNGByItsOwnHeaderIsTaken() throws {
        // The directory says the 16-pixel image is 256 wide: its PNG header is believed.
        let icon = ICOBuilder.make([
            .init(Self.png16, declaredWidth: 0), .init(Self.png48, declaredWidth: 48), .init(ICOBuilder.bitmap),
            .init(Self.png32, declaredWidth: 32),
        ])
        #expect(IconFile.isIcon(icon))
        #expect(Array(try IconFile.largestPNG(in: icon)) == Self.png48)
    }

    @Test func anIconOfOnlyBitmapsHasNoPNG() {
        let icon = ICOBuilder.make([.init(ICOBuilder.bitmap), .init(ICOBuilder.bitmap)])
        #expect(throws: IconFile.Error.noPNG) { try IconFile.largestPNG(in: icon) }
    }

    @Test func entriesReachingOutsideTheFileAreSkipped() throws {
        let icon = ICOBuilder.make([
            .init(Self.png48, declaredSize: 4_000_000_000), .init(Self.png32, declaredOffset: 4_294_967_295),
            .init(Self.png16, declaredWidth: 16), .init(Self.png32, declaredOffset: 0),
        ])
        #expect(Array(try IconFile.largestPNG(in: icon)) == Self.png16)
    }

    @Test func aCutOffPNGIsNotTaken() {
        let whole = ICOBuilder.make([.init(Self.png48)])
        // The directory says the whole image; the file ends within its header.
        let cut = Array(whole.prefix(6 + 16 + 20))
        #expect(throws: IconFile.Error.noPNG) { try IconFile.largestPNG(in: cut) }
    }

    @Test func aDirectoryLongerThanTheFileIsTruncated() {
        let icon = ICOBuilder.make([.init(Self.png16)], count: IconFile.maximumEntries)
        #expect(throws: IconFile.Error.truncated) { try IconFile.largestPNG(in: icon) }
    }

    @Test func aDirectoryClaimingThousandsOfEntriesIsReadForTheFirstOnesOnly() throws {
        var entries = [ICOBuilder.Entry](repeating: .init(ICOBuilder.bitmap), count: IconFile.maximumEntries)
        entries.append(.init(Self.png16))
        let icon = ICOBuilder.make(entries, count: 65_535)
        #expect(throws: IconFile.Error.noPNG) { try IconFile.largestPNG(in: icon) }
    }

    @Test(
        arguments: [
            [], [0, 0, 1, 0], [0, 0, 1, 0, 0, 0], [0, 0, 2, 0, 1, 0], [1, 0, 1, 0, 1, 0], Array("<html>".utf8),
            [UInt8](PNGBuilder.make(width: 4, height: 4)),
        ] as [[UInt8]])
    func whatIsNoIconIsSaidSo(bytes: [UInt8]) {
        #expect(!IconFile.isIcon(bytes))
        #expect(throws: IconFile.Error.notAnIcon) { try IconFile.largestPNG(in: bytes) }
    }

    @Test func aPNGWithZeroSidesIsNotTaken() {
        var png = Self.png16
        png.replaceSubrange(16..<24, with: [UInt8](repeating: 0, count: 8))
        #expect(throws: IconFile.Error.noPNG) { try IconFile.largestPNG(in: ICOBuilder.make([.init(png)])) }
    }

    @Test func randomBytesAfterAnIconHeaderNeverCrash() {
        var generator = SeededGenerator(seed: 31)
        for _ in 0..<2_000 {
            let length = Int.random(in: 6...200, using: &generator)
            var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            bytes.replaceSubrange(0..<4, with: [0, 0, 1, 0])
            _ = try? IconFile.largestPNG(in: bytes)
        }
    }
}
