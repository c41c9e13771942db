import Foundation
import MediaProbe
import TestSupport
import Testing

private let pageURL = URL(string: "https://news.example/articles/2024/story.html")!
/// The site icon of a page that names none: its origin's `/favicon.ico`.
private let favicon = URL(string: "https://news.example/favicon.ico")!

private func read(_ html: String, contentType: String? = "text/html", baseURL: URL = pageURL) -> PageMetadata {
    PageMetadata.read(Array(html.utf8), contentType: contentType, baseURL: baseURL)
}

private func read(bytes: [UInt8], contentType: String? = "text/html") -> PageMetadata {
    PageMetadata.read(bytes, contentType: contentType, baseURL: pageURL)
}

@Suite("Page metadata: titles, descriptions, site names")
struct PageMetadataTextTests {
    @Test func openGraphTagsGiveEveryField() {
        let page = read(
            """
            <!doctype html><html><head>
            <title>Fallback title</title>
            <meta property="og:title" content="The real title">
            <meta property="og:description" content="What it is about">
            <meta property="og:site_name" content="News Example">
            <meta property="og:image" content="https://cdn.example/preview.jpg">
            </head><body></body></html>
            """)
        #expect(
            page
                == PageMetadata(
                    title: "The real title", description: "What it is about", siteName: "News Example",
                    previewImageURL: URL(string: "https://cdn.example/preview.jpg"), siteIconURL: favicon))
    }

    @Test func withoutOpenGraphTheTitleElementAndMetaDescriptionAreUsed() {
        let page = read(
            #"<head><TITLE>Plain page</TITLE><META NAME="Description" CONTENT="Described plainly"></head>"#)
        #expect(page.title == "Plain page")
        #expect(page.description == "Described plainly")
        #expect(page.siteName == nil)
        #expect(page.previewImageURL == nil)
    }

    @Test func aPageWithOnlyATitleHasOnlyATitle() {
        #expect(read("<title>Just this</title><p>Hello</p>") == PageMetadata(title: "Just this", siteIconURL: favicon))
    }

    @Test(arguments: ["", "<html><body><p>No metadata here.</p></body></html>", "plain text, not HTML"])
    func aPageWithNoMetadataHasNone(html: String) {
        #expect(read(html) == PageMetadata(siteIconURL: favicon))
    }

    @Test func blankOpenGraphValuesFallBackToTheOthers() {
        let page = read(
            #"<meta property="og:title" content="  "><title>Kept</title><meta property="og:description" content="">"#
                + #"<meta name="description" content="From the description tag">"#)
        #expect(page.title == "Kept")
        #expect(page.description == "From the description tag")
    }

    @Test func whitespaceInTitlesIsCollapsed() {
        let page = read("<title>\n   A  title\r\n\tover\u{0C}lines   </title>")
        #expect(page.title == "A title over lines")
    }

    @Test func theFirstOfRepeatedTagsWins() {
        let page = read(
            #"<meta property="og:title" content="First"><meta property="og:title" content="Second">"#
                + "<title>One</title><title>Two</title>")
        #expect(page.title == "First")
        #expect(read("<title>One</title><title>Two</title>").title == "One")
    }

    @Test func openGraphWrittenWithNameIsAlsoRead() {
        #expect(read(#"<meta name="og:title" content="Named">"#).title == "Named")
    }

    @Test func attributesMayBeUnquotedSingleQuotedOrDoubleQuoted() {
        let page = read(
            "<meta property=og:title content=Unquoted>"
                + "<meta property='og:description' content='Single quoted'>"
                + #"<meta PROPERTY="og:site_name" Content="Double quoted">"#)
        #expect(page.title == "Unquoted")
        #expect(page.description == "Single quoted")
        #expect(page.siteName == "Double quoted")
    }

    @Test func aDrawingsTitleIsNotThePagesTitle() {
        let page = read("<body><svg><title>Close icon</title></svg><title>Late title</title></body>")
        #expect(page.title == nil)
    }
}

@Suite("Page metadata: character references")
struct PageMetadataReferenceTests {
    @Test func namedDecimalAndHexReferencesAreDecoded() {
        let page = read(
            "<title>Fish &amp; Chips &lt;3 &#8212; caf&eacute; &#xE9;t&#xE9; &quot;ok&quot; &apos;s&apos;</title>"
                + #"<meta property="og:description" content="Tom &amp; Jerry&nbsp;&copy; 2024 &hellip;">"#)
        #expect(page.title == "Fish & Chips <3 \u{2014} café été \"ok\" 's'")
        #expect(page.description == "Tom & Jerry\u{00A0}© 2024 \u{2026}")
    }

    @Test func tagsWrittenAsReferencesInATitleStayText() {
        #expect(read("<title>&lt;script&gt;alert(1)&lt;/script&gt;</title>").title == "<script>alert(1)</script>")
    }

    @Test func aTitleIsTextEvenWhenItLooksLikeTags() {
        let page = read(#"<title>A <b>bold</b> <meta property="og:image" content="https://x.example/a.png"></title>"#)
        #expect(page.title == #"A <b>bold</b> <meta property="og:image" content="https://x.example/a.png">"#)
        #expect(page.previewImageURL == nil)
    }

    @Test func unknownAndUnterminatedReferencesStayAsWritten() {
        #expect(read("<title>&notareference; &#xZZ; R&D</title>").title == "&notareference; &#xZZ; R&D")
    }

    @Test func referencesInURLsAreDecoded() {
        let page = read(#"<meta property="og:image" content="/image?id=1&amp;size=large">"#)
        #expect(page.previewImageURL?.absoluteString == "https://news.example/image?id=1&size=large")
    }
}

@Suite("Page metadata: character encodings")
struct PageMetadataEncodingTests {
    /// "Café – résumé" in Windows-1252.
    private static let cafeWindows1252: [UInt8] =
        Array("Caf".utf8) + [0xE9, 0x20, 0x96, 0x20] + Array("r".utf8)
        + [0xE9] + Array("sum".utf8) + [0xE9]

    private static func page(title: [UInt8], head: String = "") -> [UInt8] {
        Array("<html><head>\(head)<title>".utf8) + title + Array("</title></head></html>".utf8)
    }

    /// Titles in the encodings of East Asian and Cyrillic pages, with their labels (made with Python's codecs).
    static let worldTitles: [(label: String, bytes: [UInt8], title: String)] = [
        ("big5", [164, 164, 164, 229, 188, 208, 195, 68], "中文標題"),
        ("euc-kr", [199, 209, 177, 185, 190, 238, 32, 193, 166, 184, 241], "한국어 제목"),
        ("gbk", [214, 208, 206, 196, 177, 234, 204, 226], "中文标题"),
        ("gb2312", [214, 208, 206, 196, 177, 234, 204, 226], "中文标题"),
        ("koi8-r", [250, 193, 199, 207, 204, 207, 215, 207, 203], "Заголовок"),
        ("euc-jp", [198, 252, 203, 220, 184, 236, 164, 206, 165, 191, 165, 164, 165, 200, 165, 235], "日本語のタイトル"),
    ]

    @Test(arguments: worldTitles)
    func pagesInTheWorldsEncodingsHaveTheirTitlesRead(label: String, bytes: [UInt8], title: String) {
        #expect(read(bytes: Self.page(title: bytes, head: #"<meta charset="\#(label)">"#)).title == title)
        #expect(read(bytes: Self.page(title: bytes), contentType: "text/html; charset=\(label)").title == title)
    }

    @Test func aByteTheEncodingDoesNotAllowBecomesAReplacementCharacter() {
        // Big5 "中", then a lead byte with no trail, then "文".
        let bytes: [UInt8] = [164, 164, 0x81, 0x20, 164, 229]
        #expect(read(bytes: Self.page(title: bytes, head: "<meta charset=big5>")).title == "中\u{FFFD} 文")
    }

    @Test func theContentTypeCharsetIsHonoured() {
        let page = read(bytes: Self.page(title: Self.cafeWindows1252), contentType: "text/html; charset=ISO-8859-1")
        #expect(page.title == "Café – résumé")
    }

    @Test func aQuotedContentTypeCharsetIsHonoured() {
        let page = read(
            bytes: Self.page(title: Self.cafeWindows1252), contentType: #"text/html;charset="windows-1252""#)
        #expect(page.title == "Café – résumé")
    }

    @Test func aMetaCharsetIsHonoured() {
        let page = read(bytes: Self.page(title: Self.cafeWindows1252, head: #"<meta charset="windows-1252">"#))
        #expect(page.title == "Café – résumé")
    }

    @Test func aMetaHTTPEquivContentTypeIsHonoured() {
        let head = #"<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">"#
        #expect(read(bytes: Self.page(title: Self.cafeWindows1252, head: head)).title == "Café – résumé")
    }

    @Test func theContentTypeWinsOverTheMeta() {
        let bytes = Self.page(title: Array("Café".utf8), head: #"<meta charset="windows-1252">"#)
        #expect(read(bytes: bytes, contentType: "text/html; charset=utf-8").title == "Café")
        #expect(read(bytes: bytes, contentType: "text/html").title == "CafÃ©")
    }

    @Test func anUnknownContentTypeCharsetFallsBackToTheMeta() {
        let bytes = Self.page(title: Self.cafeWindows1252, head: "<meta charset=latin1>")
        #expect(read(bytes: bytes, contentType: "text/html; charset=no-such-encoding").title == "Café – résumé")
    }

    @Test func aMetaCharsetInACommentIsIgnored() {
        let bytes = Self.page(title: Array("Café".utf8), head: #"<!-- <meta charset="windows-1252"> -->"#)
        #expect(read(bytes: bytes).title == "Café")
    }

    @Test func latin1BytesWithoutAnyDeclarationAreReadAsWindows1252() {
        #expect(read(bytes: Self.page(title: Self.cafeWindows1252), contentType: nil).title == "Café – résumé")
    }

    @Test func utf8IsTheDefault() {
        #expect(read(bytes: Self.page(title: Array("日本語のページ".utf8)), contentType: nil).title == "日本語のページ")
    }

    @Test func aCharacterCutOffAtTheEndDoesNotMakeAPageWindows1252() {
        let bytes = Array("<title>Café</title><p>€".utf8).dropLast(1)
        #expect(read(bytes: Array(bytes), contentType: nil).title == "Café")
    }

    @Test func aUTF8ByteOrderMarkIsHonouredAndDropped() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Self.page(title: Array("Café".utf8))
        #expect(read(bytes: bytes, contentType: "text/html").title == "Café")
    }

    @Test(arguments: [true, false])
    func utf16WithAByteOrderMarkIsRead(isLittleEndian: Bool) {
        let units = Array("<title>Grüße aus Köln</title>".utf16)
        var bytes: [UInt8] = isLittleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF]
        for unit in units {
            let (high, low) = (UInt8(unit >> 8), UInt8(unit & 0xFF))
            bytes += isLittleEndian ? [low, high] : [high, low]
        }
        #expect(read(bytes: bytes, contentType: nil).title == "Grüße aus Köln")
    }

    @Test func aPageDeclaringUTF16InItselfIsReadAsUTF8() {
        let bytes = Self.page(title: Array("Café".utf8), head: #"<meta charset="utf-16">"#)
        #expect(read(bytes: bytes, contentType: nil).title == "Café")
    }

    @Test func windows1251IsReadWhereFoundationHasIt() {
        // "Привет" in Windows-1251.
        let bytes = Self.page(title: [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2], head: #"<meta charset="windows-1251">"#)
        #expect(read(bytes: bytes).title == "Привет")
    }
}

@Suite("Page metadata: preview images and URLs")
struct PageMetadataURLTests {
    @Test func relativeURLsAreResolvedAgainstThePage() {
        #expect(
            read(#"<meta property="og:image" content="../img/a.png">"#).previewImageURL?.absoluteString
                == "https://news.example/articles/img/a.png")
        #expect(
            read(#"<meta property="og:image" content="/b.png">"#).previewImageURL?.absoluteString
                == "https://news.example/b.png")
        #expect(
            read(#"<meta property="og:image" content="//cdn.example/c.png">"#).previewImageURL?.absoluteString
                == "https://cdn.example/c.png")
    }

    @Test func baseHrefIsUsedForRelativeURLs() {
        let page = read(
            #"<head><base href="https://static.example/assets/"><meta property="og:image" content="p/pic.jpg">"#)
        #expect(page.previewImageURL?.absoluteString == "https://static.example/assets/p/pic.jpg")
    }

    @Test func aRelativeBaseHrefIsResolvedAgainstThePage() {
        let page = read(#"<base href="/media/"><link rel="apple-touch-icon" href="icon.png">"#)
        #expect(page.previewImageURL?.absoluteString == "https://news.example/media/icon.png")
    }

    @Test func openGraphWinsOverTwitterWhichWinsOverTouchIcons() {
        let icon = #"<link rel="apple-touch-icon" href="/icon.png">"#
        let twitter = #"<meta name="twitter:image" content="/twitter.png">"#
        let og = #"<meta property="og:image" content="/og.png">"#
        #expect(read(icon + twitter + og).previewImageURL?.path == "/og.png")
        #expect(read(icon + twitter).previewImageURL?.path == "/twitter.png")
        #expect(read(icon).previewImageURL?.path == "/icon.png")
    }

    @Test func theLargestTouchIconIsChosen() {
        let page = read(
            #"<link rel="apple-touch-icon" sizes="152x152" href="/152.png">"#
                + #"<link rel="apple-touch-icon" sizes="180x180" href="/180.png">"#
                + #"<link rel="apple-touch-icon" href="/unsized.png">"#
                + #"<link rel="apple-touch-icon-precomposed" sizes="57x57 120X120" href="/120.png">"#)
        #expect(page.previewImageURL?.path == "/180.png")
    }

    @Test func withoutSizesTheLastTouchIconIsChosen() {
        let page = read(
            #"<link rel="apple-touch-icon" href="/first.png"><link rel="icon" href="/favicon.png">"#
                + #"<link REL="Apple-Touch-Icon" href="/last.png">"#)
        #expect(page.previewImageURL?.path == "/last.png")
    }

    @Test(arguments: [
        "javascript:alert(1)", "data:image/png;base64,iVBORw0KGgo=", "file:///etc/passwd", "ftp://files.example/a.png",
    ])
    func onlyWebURLsMakeAPreview(image: String) {
        #expect(read(#"<meta property="og:image" content="\#(image)">"#).previewImageURL == nil)
        let fallback = read(
            #"<meta property="og:image" content="\#(image)"><meta name="twitter:image" content="/t.png">"#)
        #expect(fallback.previewImageURL?.absoluteString == "https://news.example/t.png")
    }

    @Test func aNonWebBaseHrefIsIgnored() {
        let page = read(#"<base href="javascript:void(0)/"><meta property="og:image" content="a.png">"#)
        #expect(page.previewImageURL?.absoluteString == "https://news.example/articles/2024/a.png")
    }

    @Test func whitespaceAroundAndInsideURLsIsDropped() {
        let page = read("<meta property=\"og:image\" content=\"  https://cdn.example/a\n\tb.png \">")
        #expect(page.previewImageURL?.absoluteString == "https://cdn.example/ab.png")
    }
}

@Suite("Page metadata: what is not the page's head")
struct PageMetadataIgnoredTests {
    @Test func tagsInCommentsAreIgnored() {
        let page = read(
            #"<!-- <title>Commented</title> <meta property="og:image" content="/c.png"> --><title>Real</title>"#)
        #expect(page == PageMetadata(title: "Real", siteIconURL: favicon))
    }

    @Test func tagsInScriptsAndStylesAreIgnored() {
        let page = read(
            """
            <script>document.write('<title>Scripted</title><meta property="og:image" content="/s.png">')</script>
            <style>/* <meta property="og:title" content="Styled"> */</style>
            <script type="text/template"><link rel="apple-touch-icon" href="/t.png"></script>
            <title>Real</title>
            """)
        #expect(page == PageMetadata(title: "Real", siteIconURL: favicon))
    }

    @Test func aLookalikeEndTagDoesNotEndAScript() {
        let page = read("<script>var a = '</scripts>'; var b = '<title>Nope</title>';</script><title>Yes</title>")
        #expect(page.title == "Yes")
    }
}

@Suite("Page metadata: hostile pages")
struct PageMetadataHostileTests {
    private static let megabyte = 1_000_000

    @Test(arguments: ["<", "<a", "<!--", "&", "&#", "<title>", "<meta content='", "<script>", "</", "<a b=", "\u{0}"])
    func aMegabyteOfOneRepeatedPieceIsReadToTheEnd(piece: String) {
        let bytes = Array(String(repeating: piece, count: Self.megabyte / piece.utf8.count).utf8)
        let page = read(bytes: bytes)
        #expect(page.previewImageURL == nil)
    }

    @Test func aMegabyteOfAttributesIsReadToTheEnd() {
        let html = "<meta " + String(repeating: "a=b ", count: Self.megabyte / 4) + ">"
        #expect(read(html) == PageMetadata(siteIconURL: favicon))
    }

    @Test func aMegabyteOfTouchIconsIsReadToTheEnd() {
        let icon = #"<link rel="apple-touch-icon" sizes="99999x99999 1x1" href="/i.png">"#
        let page = read(String(repeating: icon, count: Self.megabyte / icon.utf8.count))
        #expect(page.previewImageURL?.path == "/i.png")
    }

    @Test func aMegabyteTitleOfReferencesIsDecodedWhole() {
        let count = Self.megabyte / 4
        let page = read("<title>" + String(repeating: "&lt;", count: count) + "</title>")
        #expect(page.title == String(repeating: "<", count: count))
        let unterminated = read("<title>" + String(repeating: "&#x4", count: count))
        #expect(unterminated.title?.utf8.count == count * 4)
    }

    @Test func anUnterminatedTitleTakesTheRestOfThePage() {
        #expect(read("<title>Cut off here").title == "Cut off here")
    }

    @Test(arguments: [
        "<title", "<meta property=\"og:title\" content=\"Cut", "<meta property='og:image' content=", "<!-- <title>x",
        "<link rel=apple-touch-icon href", "<base href=\"", "&#x110000;", "&#99999999999;",
    ])
    func truncatedTagsDoNotCrash(html: String) {
        _ = read(html)
        _ = read("<title>Before</title>" + html)
    }

    @Test func outOfRangeNumericReferencesBecomeReplacementCharacters() {
        #expect(read("<title>&#x110000;&#0;</title>").title == "\u{FFFD}\u{FFFD}")
    }

    @Test func randomBytesNeverCrash() {
        var generator = SeededGenerator(seed: 0x7A6E)
        let alphabet = Array("<>/=\"' !-&#;xtitlemeta".utf8) + [0x00, 0x80, 0xC3, 0xE2, 0xFF]
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 0...400, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator) ?? 0
            }
            _ = read(bytes: bytes, contentType: nil)
        }
    }
}
