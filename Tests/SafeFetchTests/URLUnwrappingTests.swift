import Foundation
import Testing

@testable import SafeFetch

@Suite struct URLUnwrappingTests {
    private func url(_ string: String) -> URL {
        guard let url = URL(string: string) else { fatalError("bad test URL \(string)") }
        return url
    }

    private func unwrap(_ string: String) -> String {
        URLUnwrapping.imageURL(for: url(string)).absoluteString
    }

    @Test func googleImageResultUnwrapsImgurl() {
        #expect(
            unwrap(
                "https://www.google.com/imgres?imgurl=https%3A%2F%2Fcdn.example%2Fcat.jpg%3Fw%3D800&imgrefurl=https%3A%2F%2Fexample.com%2Fcats&tbnid=abc"
            )
                == "https://cdn.example/cat.jpg?w=800")
    }

    @Test func googleCountryHostsAreRecognized() {
        #expect(
            unwrap("https://www.google.co.uk/imgres?imgurl=http://a.example/x.png&imgrefurl=http://a.example/")
                == "http://a.example/x.png")
        #expect(
            unwrap("https://images.google.de/imgres?imgurl=https%3A%2F%2Fa.example%2Fy.png")
                == "https://a.example/y.png")
        #expect(
            unwrap("https://google.com.au/imgres?imgurl=https%3A%2F%2Fa.example%2Fz.png") == "https://a.example/z.png")
    }

    @Test func googleRedirectUnwrapsUrlOrQ() {
        #expect(
            unwrap("https://www.google.com/url?sa=i&url=https%3A%2F%2Fa.example%2Fpage&psig=x")
                == "https://a.example/page")
        #expect(unwrap("https://www.google.fr/url?q=https://a.example/q.png&sa=U") == "https://a.example/q.png")
    }

    @Test func bingImageResultUnwrapsMediaurl() {
        #expect(
            unwrap("https://www.bing.com/images/search?q=cat&mediaurl=https%3A%2F%2Fa.example%2Fcat.png&exph=600")
                == "https://a.example/cat.png")
        #expect(
            unwrap(
                "https://www.bing.com/images/search?view=detailV2&ccid=x&id=y&mediaurl=http%3A%2F%2Fb.example%2Fdog.jpg&q=dog"
            )
                == "http://b.example/dog.jpg")
    }

    @Test func yandexImageResultUnwrapsImgURL() {
        #expect(
            unwrap(
                "https://yandex.ru/images/search?pos=1&img_url=https%3A%2F%2Fa.example%2Fcat.jpg&text=cat&rpt=simage")
                == "https://a.example/cat.jpg")
        #expect(
            unwrap("https://yandex.com.tr/images/search?img_url=https%3A%2F%2Fa.example%2Fk.png")
                == "https://a.example/k.png")
    }

    @Test func duckDuckGoProxyUnwrapsU() {
        #expect(
            unwrap("https://external-content.duckduckgo.com/iu/?u=https%3A%2F%2Fa.example%2Fcat.jpg&f=1&nofb=1")
                == "https://a.example/cat.jpg")
        #expect(
            unwrap("https://duckduckgo.com/?q=cat&iax=images&ia=images&iai=https%3A%2F%2Fa.example%2Fduck.png")
                == "https://a.example/duck.png")
    }

    @Test func nestedWrappersAreUnwrapped() {
        let inner = "https://external-content.duckduckgo.com/iu/?u=https%3A%2F%2Fa.example%2Fdeep.jpg"
        let middle = "https://www.bing.com/images/search?mediaurl=" + encoded(inner)
        let outer = "https://www.google.com/url?q=" + encoded(middle)
        #expect(unwrap(outer) == "https://a.example/deep.jpg")
    }

    @Test func unwrappingStopsAfterThreeLevels() {
        var wrapped = "https://a.example/final.png"
        for _ in 0..<4 { wrapped = "https://www.google.com/url?q=" + encoded(wrapped) }
        let result = unwrap(wrapped)
        #expect(result != "https://a.example/final.png")
        #expect(unwrap(result) == "https://a.example/final.png")
    }

    @Test func nonWebWrappedValuesAreRefused() {
        let inputs = [
            "https://www.google.com/imgres?imgurl=javascript%3Aalert(1)",
            "https://www.google.com/imgres?imgurl=file%3A%2F%2F%2Fetc%2Fpasswd",
            "https://www.google.com/imgres?imgurl=%2Frelative.png",
            "https://www.bing.com/images/search?mediaurl=data%3Aimage%2Fpng%3Bbase64%2CAAAA",
            "https://external-content.duckduckgo.com/iu/?u=",
            "https://www.google.com/url?q=not%20a%20url",
        ]
        for input in inputs {
            #expect(unwrap(input) == input)
        }
    }

    @Test func unrelatedURLsAreUnchanged() {
        let inputs = [
            "https://a.example/imgres?imgurl=https%3A%2F%2Fb.example%2Fx.png",
            "https://google.evil.example/imgres?imgurl=https%3A%2F%2Fb.example%2Fx.png",
            "https://www.google.com/search?q=cats&tbm=isch",
            "https://www.bing.com/search?mediaurl=https%3A%2F%2Fb.example%2Fx.png",
            "https://notyandex.example/images/search?img_url=https%3A%2F%2Fb.example%2Fx.png",
            "https://cdn.example/photo.jpg",
        ]
        for input in inputs {
            #expect(unwrap(input) == input)
        }
    }

    private func encoded(_ string: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return string.addingPercentEncoding(withAllowedCharacters: allowed) ?? string
    }
}
