import Foundation
import MediaProbe
import Testing

private func text(_ html: String, contentType: String? = "text/html") -> String? {
    PageText.read(Array(html.utf8), contentType: contentType)
}

@Suite("A page's visible text")
struct PageTextTests {
    @Test func theBodysTextIsKeptWithTagsStrippedAndWhitespaceCollapsed() {
        let page = """
            <!doctype html><html><head><title>The title</title><meta name="description" content="About">
            <style>body { color: red }</style></head>
            <body><h1>Kerning   tables</h1><p>Pairs of <b>g</b>lyphs&nbsp;and &amp; their <a href="/x">space</a>.</p>
            <ul><li>one</li><li>two</li></ul></body></html>
            """
        #expect(text(page) == "Kerning tables Pairs of glyphs and & their space. one two")
    }

    @Test func hiddenElementsAndCommentsAreLeftOut() {
        let page = """
            <body>seen<script>var secret = "<p>unseen</p>";</script><noscript>no script</noscript>
            <template><p>templated</p></template><!-- a comment <p>x</p> --><textarea>typed</textarea>
            <SCRIPT type="module">alsoHidden()</SCRIPT >end</body>
            """
        #expect(text(page) == "seen end")
    }

    @Test func aHeadWithoutItsEndTagEndsAtTheFirstElementOfABody() {
        #expect(text("<head><title>T</title><meta charset=utf-8><p>Body text") == "Body text")
        #expect(text("<html><head>head words</head>Body words") == "Body words")
    }

    @Test func aPageWithoutVisibleTextHasNone() {
        #expect(text("<html><head><title>Only a title</title></head><body> \n </body></html>") == nil)
        #expect(text("") == nil)
    }

    @Test func aPageInShiftJISIsReadInItsEncoding() {
        // "日本語の本文" in Shift_JIS (made with Python's codecs).
        let body: [UInt8] = [147, 250, 150, 123, 140, 234, 130, 204, 150, 123, 149, 182]
        let page =
            Array("<html><head><meta charset=\"shift_jis\"></head><body><p>".utf8) + body
            + Array("</p></body></html>".utf8)
        #expect(PageText.read(page, contentType: "text/html") == "日本語の本文")
    }

    @Test func aPageInWindows1251NamedByItsContentTypeIsReadInIt() {
        // "Привет мир" in Windows-1251.
        let body: [UInt8] = [207, 240, 232, 226, 229, 242, 32, 236, 232, 240]
        let page = Array("<body>".utf8) + body + Array("</body>".utf8)
        #expect(PageText.read(page, contentType: "text/html; charset=windows-1251") == "Привет мир")
    }

    @Test func hostileInputEndsWithTheTextBeforeIt() {
        #expect(text("<p>before<div class=\"never closed") == "before")
        #expect(text("<p>before<!-- never closed <p>after") == "before")
        #expect(text("<p>before<script>never closed <p>after") == "before")
        #expect(text("a < b and c<") == "a < b and c<")
        let hugeScript =
            "<body><p>start</p><script>" + String(repeating: "x = '<p>no</p>';\n", count: 70_000)
            + "</script><p>end</body>"
        #expect(hugeScript.utf8.count > 1_000_000)
        #expect(text(hugeScript) == "start end")
    }

    @Test func atMostAHundredKilobytesAreKeptCutBetweenCharacters() throws {
        let word = "été "  // 6 bytes in UTF-8: the cut falls inside a character unless it is made between them
        let page = "<body>" + String(repeating: word, count: 40_000) + "</body>"
        let kept = try #require(text(page))
        #expect(kept.utf8.count <= TextTidying.maximumBytes)
        #expect(kept.utf8.count > TextTidying.maximumBytes - 6)
        #expect(kept.hasPrefix("été été"))
        #expect(kept.unicodeScalars.allSatisfy { $0 != "\u{FFFD}" })
    }
}

@Suite("Tidying read text")
struct TextTidyingTests {
    @Test func whitespaceRunsBecomeOneSpaceAndTheEndsAreTrimmed() {
        #expect(TextTidying.tidied("  INVOICE\n\n kerning\t2026 \u{A0}\n") == "INVOICE kerning 2026")
        #expect(TextTidying.tidied(" \n\t ") == "")
    }

    @Test func theCutFallsBetweenCharactersWithinTheLimit() {
        #expect(TextTidying.tidied("ab cd", maximumBytes: 4) == "ab c")
        #expect(TextTidying.tidied("aé", maximumBytes: 2) == "a", "é is two bytes")
        #expect(TextTidying.tidied("a 👍🏽", maximumBytes: 5) == "a", "an emoji with its skin tone is one character")
    }
}
