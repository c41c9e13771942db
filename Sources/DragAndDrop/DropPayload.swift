import Foundation

/// A drop as a browser hands it over: the raw string representations it read at drop time, and the files it carried.
///
/// Decoding is tolerant: every key may be missing, in which case the string representations decode as `nil`
/// and `files` as an empty array.
public struct DropPayload: Codable, Sendable, Equatable {
    /// The `text/uri-list` representation: URLs separated by CRLF, `#` lines are comments.
    public var uriList: String?
    /// The `text/html` representation.
    public var html: String?
    /// The `text/plain` representation.
    public var plainText: String?
    /// The `text/x-moz-url` representation (Firefox): alternating URL and title lines, `"url\ntitle\nurl\ntitle..."`.
    public var mozURL: String?
    /// The URL of the page the drag came from, when known; used to resolve relative URLs.
    public var pageURL: String?
    /// The files in the drop, in order.
    public var files: [DroppedFile]

    /// Creates a payload from the representations a browser read at drop time.
    public init(
        uriList: String? = nil,
        html: String? = nil,
        plainText: String? = nil,
        mozURL: String? = nil,
        pageURL: String? = nil,
        files: [DroppedFile] = []
    ) {
        self.uriList = uriList
        self.html = html
        self.plainText = plainText
        self.mozURL = mozURL
        self.pageURL = pageURL
        self.files = files
    }

    private enum CodingKeys: String, CodingKey {
        case uriList, html, plainText, mozURL, pageURL, files
    }

    /// Decodes a payload, treating every missing (or `null`) key as absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        uriList = try container.decodeIfPresent(String.self, forKey: .uriList)
        html = try container.decodeIfPresent(String.self, forKey: .html)
        plainText = try container.decodeIfPresent(String.self, forKey: .plainText)
        mozURL = try container.decodeIfPresent(String.self, forKey: .mozURL)
        pageURL = try container.decodeIfPresent(String.self, forKey: .pageURL)
        files = try container.decodeIfPresent([DroppedFile].self, forKey: .files) ?? []
    }

    /// Encodes the payload, omitting absent representations.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(uriList, forKey: .uriList)
        try container.encodeIfPresent(html, forKey: .html)
        try container.encodeIfPresent(plainText, forKey: .plainText)
        try container.encodeIfPresent(mozURL, forKey: .mozURL)
        try container.encodeIfPresent(pageURL, forKey: .pageURL)
        try container.encode(files, forKey: .files)
    }
}

/// A file in a drop, described by the browser (its bytes are uploaded separately).
///
/// Decoding is tolerant: a missing `name` or `type` decodes as `""`, a missing `size` as `0`.
public struct DroppedFile: Codable, Sendable, Equatable {
    /// The file name the browser reported (`File.name`).
    public var name: String
    /// The MIME type the browser reported (`File.type`); empty when the browser did not know it.
    public var type: String
    /// The size in bytes the browser reported (`File.size`).
    public var size: Int64

    /// Creates a file description.
    public init(name: String, type: String, size: Int64) {
        self.name = name
        self.type = type
        self.size = size
    }

    private enum CodingKeys: String, CodingKey {
        case name, type, size
    }

    /// Decodes a file description, treating missing keys as empty name/type and zero size.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
        type = try container.decodeIfPresent(String.self, forKey: .type) ?? ""
        size = try container.decodeIfPresent(Int64.self, forKey: .size) ?? 0
    }
}
