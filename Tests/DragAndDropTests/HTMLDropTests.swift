import Foundation
import Testing

@testable import DragAndDrop

@Suite struct HTMLDropTests {
    @Test func everyImgElementIsAnItemInDocumentOrder() {
        let payload = DropPayload(
            html:
                #"<div><IMG SRC="https://a.example/1.png"><p>text</p><img alt=x src='https://a.example/2.png'/><img src=https://a.example/3.png></div>"#
        )
        #expect(
            sources(payload) == [
                .remote(url("https://a.example/1.png")), .remote(url("https://a.example/2.png")),
                .remote(url("https://a.example/3.png")),
            ])
    }

    @Test func htmlImagesWinOverUriList() {
        let payload = DropPayload(
            uriList: "https://a.example/article.html",
            html: #"<a href="https://a.example/article.html"><img src="https://cdn.example/pic.webp"></a>"#
        )
        #expect(sources(payload) == [.remote(url("https://cdn.example/pic.webp"))])
    }

    @Test func linksToImagesAreNotItems() {
        let payload = DropPayload(
            html: #"<a href="https://a.example/big.png">big</a><img src="https://a.example/small.png">"#)
        #expect(sources(payload) == [.remote(url("https://a.example/small.png"))])
    }

    @Test func htmlWithoutImagesFallsBackToUriList() {
        let payload = DropPayload(
            uriList: "https://a.example/big.png", html: #"<a href="https://a.example/big.png">big</a>"#)
        #expect(sources(payload) == [.remote(url("https://a.example/big.png"))])
    }

    @Test func srcsetPicksTheWidestCandidate() {
        let payload = DropPayload(
            html:
                #"<img src="https://a.example/s.jpg" srcset="https://a.example/m.jpg 640w, https://a.example/l.jpg 1920w,https://a.example/xs.jpg 320w">"#
        )
        #expect(sources(payload) == [.remote(url("https://a.example/l.jpg"))])
    }

    @Test func srcsetPicksTheDensestCandidateWithoutWidths() {
        let payload = DropPayload(
            html:
                #"<img src="https://a.example/1x.jpg" srcset="https://a.example/1x.jpg, https://a.example/3x.jpg 3x, https://a.example/2x.jpg 2x">"#
        )
        #expect(sources(payload) == [.remote(url("https://a.example/3x.jpg"))])
    }

    @Test func srcsetWithoutDescriptorsPicksTheLast() {
        let payload = DropPayload(html: #"<img srcset="https://a.example/a.jpg, https://a.example/b.jpg,">"#)
        #expect(sources(payload) == [.remote(url("https://a.example/b.jpg"))])
    }

    @Test func srcsetURLsMayContainCommas() {
        let candidates = SourceSet.parse(
            "https://img.example/w_100,h_50/a.jpg 100w, https://img.example/w_900,h_450/a.jpg 900w")
        #expect(
            candidates.map(\.url) == ["https://img.example/w_100,h_50/a.jpg", "https://img.example/w_900,h_450/a.jpg"])
        #expect(SourceSet.largestCandidate(in: "a.jpg 10w, b.jpg 1.5x, c.jpg bogus") == "a.jpg")
        #expect(SourceSet.largestCandidate(in: " , ") == nil)
    }

    @Test func emptyOrInvalidSrcsetFallsBackToSrc() {
        let payload = DropPayload(
            html:
                #"<img srcset="" src="https://a.example/src.png"><img srcset="x.png 10q" src="https://a.example/two.png">"#
        )
        #expect(
            sources(payload) == [.remote(url("https://a.example/src.png")), .remote(url("https://a.example/two.png"))])
    }

    @Test func relativeURLsResolveAgainstPageURL() {
        let payload = DropPayload(
            html:
                #"<img src="images/cat.png"><img src="/root.png"><img src="//cdn.example/p.png"><img srcset="../up.png 2x">"#,
            pageURL: "https://site.example/gallery/index.html"
        )
        #expect(
            sources(payload) == [
                .remote(url("https://site.example/gallery/images/cat.png")),
                .remote(url("https://site.example/root.png")),
                .remote(url("https://cdn.example/p.png")), .remote(url("https://site.example/up.png")),
            ])
    }

    @Test func baseHrefWinsOverPageURL() {
        let payload = DropPayload(
            html:
                #"<img src="cat.png"><base href="https://static.example/assets/"><base href="https://ignored.example/">"#,
            pageURL: "https://site.example/gallery/"
        )
        #expect(sources(payload) == [.remote(url("https://static.example/assets/cat.png"))])
    }

    @Test func relativeBaseHrefResolvesAgainstPageURL() {
        let payload = DropPayload(
            html: #"<base href="/static/"><img src="cat.png">"#, pageURL: "https://site.example/gallery/page")
        #expect(sources(payload) == [.remote(url("https://site.example/static/cat.png"))])
    }

    @Test func unresolvableRelativeURLsAreSkipped() {
        let payload = DropPayload(
            uriList: "https://fallback.example/a.png",
            html: #"<img src="cat.png"><img src="">"#
        )
        #expect(sources(payload) == [.remote(url("https://fallback.example/a.png"))])
        let mixed = DropPayload(html: #"<img src="cat.png"><img src="https://a.example/ok.png">"#, pageURL: "not a url")
        #expect(sources(mixed) == [.remote(url("https://a.example/ok.png"))])
    }

    @Test func entitiesInAttributesAreDecoded() {
        let payload = DropPayload(
            html: #"<img src="https://a.example/i.php?a=1&amp;b=2&#38;c=3&#x26;d=4&AMP;e&bogus;f&amp">"#
        )
        #expect(sources(payload) == [.remote(url("https://a.example/i.php?a=1&b=2&c=3&d=4&e&bogus;f&amp"))])
    }

    @Test func commentsScriptsAndTextAreNotTags() {
        let payload = DropPayload(
            html: #"""
                <!-- <img src="https://a.example/commented.png"> -->
                <script>var s = '<img src="https://a.example/script.png">';</script>
                <style>/* <img src="https://a.example/style.png"> */</style>
                <p>1 < 2 and <img alt="a > b" data-x='<img src="https://a.example/attr.png">' src="https://a.example/real.png"></p>
                """#
        )
        #expect(sources(payload) == [.remote(url("https://a.example/real.png"))])
    }

    @Test func markupInsideATitleOrATextareaIsText() {
        let payload = DropPayload(
            html:
                #"<title><img src="https://a.example/t.png"></title><textarea><img src="https://a.example/x.png"></textarea><img src="https://a.example/real.png">"#
        )
        #expect(sources(payload) == [.remote(url("https://a.example/real.png"))])
    }

    @Test func firstOfDuplicateAttributesWins() {
        let payload = DropPayload(html: #"<img src="https://a.example/first.png" SRC="https://a.example/second.png">"#)
        #expect(sources(payload) == [.remote(url("https://a.example/first.png"))])
    }

    @Test func imgDataURLsBecomeInlineItems() {
        let payload = DropPayload(html: "<img src=\"data:image/png;base64,\(tinyPNGBase64)\">")
        #expect(
            sources(payload) == [.inline(data: Data(base64Encoded: tinyPNGBase64) ?? Data(), mimeType: "image/png")])
    }

    @Test func unterminatedMarkupDoesNotLoseEarlierImages() {
        let payload = DropPayload(html: #"<img src="https://a.example/1.png"><img src="https://a.example/2.png"#)
        #expect(sources(payload).first == .remote(url("https://a.example/1.png")))
    }
}
