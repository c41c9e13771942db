import Foundation

/// Unwraps links from search engines and redirectors that wrap the real image URL.
///
/// Recognized wrappers: Google image results (`/imgres?imgurl=`) and redirects (`/url?url=` or `/url?q=`) on any
/// `google.*` host, Bing image results (`/images/search?…&mediaurl=`), Yandex image results
/// (`/images/search?…&img_url=`) on `yandex.*` hosts, DuckDuckGo's image proxy
/// (`external-content.duckduckgo.com/iu/?u=`) and image results (`duckduckgo.com/?…&iai=`).
public enum URLUnwrapping {
    /// How many wrappers deep ``imageURL(for:)`` looks.
    private static let maximumDepth = 3

    /// The URL of the image itself: for a search engine result link, the image URL it wraps; otherwise the URL
    /// unchanged.
    ///
    /// Wrapped links are unwrapped repeatedly, at most three levels deep. A wrapped value is only accepted when it
    /// is an absolute http or https URL; otherwise the URL reached so far is returned.
    public static func imageURL(for url: URL) -> URL {
        var current = url
        for _ in 0..<maximumDepth {
            guard let inner = wrappedURL(in: current) else { break }
            current = inner
        }
        return current
    }

    /// The absolute http(s) URL that `url` wraps, or `nil` if it is not a recognized wrapper.
    private static func wrappedURL(in url: URL) -> URL? {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host?.lowercased(), !host.isEmpty
        else { return nil }
        let labels = host.split(separator: ".").map(String.init)
        let path = components.path.lowercased()
        let query = QueryItems(components.queryItems ?? [])

        let value: String?
        if isEngineHost(labels, engine: "google") {
            switch path {
            case "/imgres": value = query["imgurl"]
            case "/url": value = query["url"] ?? query["q"]
            default: value = nil
            }
        } else if isEngineHost(labels, engine: "bing"), path.hasPrefix("/images/") {
            value = query["mediaurl"]
        } else if isEngineHost(labels, engine: "yandex"), path.hasPrefix("/images/") {
            value = query["img_url"]
        } else if host == "external-content.duckduckgo.com", path == "/iu" || path == "/iu/" {
            value = query["u"]
        } else if host == "duckduckgo.com" || host == "www.duckduckgo.com", path == "/" || path.isEmpty {
            value = query["iai"]
        } else {
            value = nil
        }
        return value.flatMap(absoluteWebURL)
    }

    /// Whether the host labels name the search engine: `engine.tld` or `engine.co.tld`/`engine.com.tld`,
    /// optionally under subdomains such as `www` or `images`.
    private static func isEngineHost(_ labels: [String], engine: String) -> Bool {
        guard let index = labels.lastIndex(of: engine) else { return false }
        let suffix = labels[(index + 1)...]
        switch suffix.count {
        case 1: return true
        case 2: return ["co", "com"].contains(suffix[suffix.startIndex])
        default: return false
        }
    }

    /// `string` as an absolute http(s) URL with a host, or `nil`.
    private static func absoluteWebURL(_ string: String) -> URL? {
        let trimmed = string.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else { return nil }
        return url
    }

    /// Query items looked up by case-insensitive name; the first non-empty value wins.
    private struct QueryItems {
        let items: [URLQueryItem]

        init(_ items: [URLQueryItem]) {
            self.items = items
        }

        subscript(name: String) -> String? {
            items.first { $0.name.lowercased() == name && !($0.value ?? "").isEmpty }?.value
        }
    }
}
