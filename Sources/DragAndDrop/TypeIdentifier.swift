import Foundation

/// A small MIME-type based type identifier, in the spirit of Uniform Type Identifiers.
///
/// A type is a normalized (lowercased, parameter-free) MIME type such as `image/png`. Wildcard subtypes such as
/// `image/*` stand for a whole family. Conformance is a modest hierarchy: `image/png` conforms to `image/*`, which
/// conforms to ``data`` (`application/octet-stream`, the root every type conforms to); `text/uri-list` and
/// `text/x-moz-url` also conform to ``url``.
public struct TypeIdentifier: Hashable, Sendable, CustomStringConvertible {
    /// The normalized MIME type, e.g. `image/png` or `image/*`.
    public let mimeType: String

    /// Any image (`image/*`).
    public static let image = TypeIdentifier(unchecked: "image/*")
    /// PNG image (`image/png`).
    public static let png = TypeIdentifier(unchecked: "image/png")
    /// JPEG image (`image/jpeg`).
    public static let jpeg = TypeIdentifier(unchecked: "image/jpeg")
    /// GIF image (`image/gif`).
    public static let gif = TypeIdentifier(unchecked: "image/gif")
    /// WebP image (`image/webp`).
    public static let webp = TypeIdentifier(unchecked: "image/webp")
    /// Any video (`video/*`).
    public static let video = TypeIdentifier(unchecked: "video/*")
    /// MPEG-4 video (`video/mp4`).
    public static let mp4 = TypeIdentifier(unchecked: "video/mp4")
    /// WebM video (`video/webm`).
    public static let webm = TypeIdentifier(unchecked: "video/webm")
    /// Any text (`text/*`).
    public static let text = TypeIdentifier(unchecked: "text/*")
    /// Plain text (`text/plain`).
    public static let plainText = TypeIdentifier(unchecked: "text/plain")
    /// HTML (`text/html`).
    public static let html = TypeIdentifier(unchecked: "text/html")
    /// A list of URLs (`text/uri-list`); conforms to ``url``.
    public static let uriList = TypeIdentifier(unchecked: "text/uri-list")
    /// The abstract type of a URL (`text/x-url`); `text/uri-list` and `text/x-moz-url` conform to it.
    public static let url = TypeIdentifier(unchecked: "text/x-url")
    /// Arbitrary bytes (`application/octet-stream`); every type conforms to it.
    public static let data = TypeIdentifier(unchecked: "application/octet-stream")

    private init(unchecked mimeType: String) {
        self.mimeType = mimeType
    }

    /// Creates a type from a MIME type such as `image/PNG; charset=x` (normalized to `image/png`).
    ///
    /// Returns `nil` unless the value is `type/subtype` made of MIME token characters; the subtype may be `*`.
    public init?(mimeType: String) {
        let essence = mimeType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let normalized = essence.trimmingCharacters(in: .whitespaces).lowercased()
        let parts = normalized.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2,
            Self.isToken(parts[0]), parts[0] != "*",
            parts[1] == "*" || Self.isToken(parts[1])
        else { return nil }
        self.mimeType = normalized
    }

    /// Creates the type a file extension (with or without its leading dot, any case) usually denotes,
    /// or `nil` for an unknown extension.
    public init?(fileExtension: String) {
        var ext = fileExtension.trimmingCharacters(in: .whitespaces).lowercased()
        if ext.hasPrefix(".") { ext.removeFirst() }
        guard let mimeType = Self.mimeTypesByExtension[ext] else { return nil }
        self.mimeType = mimeType
    }

    /// The file extension usually given to this type (without a dot), or `nil` for wildcard or unknown types.
    public var preferredFileExtension: String? {
        Self.preferredExtensions[mimeType]
    }

    /// The top-level type, e.g. `image` for `image/png`.
    public var topLevelType: String {
        String(mimeType.prefix { $0 != "/" })
    }

    /// Whether this is a wildcard family such as `image/*`.
    public var isWildcard: Bool {
        mimeType.hasSuffix("/*")
    }

    /// Whether a value of this type is also a value of `other`: equal types, a member of a wildcard family
    /// (`image/png` conforms to `image/*`), anything conforms to ``data``, and URL formats conform to ``url``.
    public func conforms(to other: TypeIdentifier) -> Bool {
        if self == other || other == .data { return true }
        if other.isWildcard { return topLevelType == other.topLevelType }
        if other == .url { return Self.urlTypes.contains(mimeType) }
        return false
    }

    /// The MIME type.
    public var description: String { mimeType }

    private static let urlTypes: Set<String> = ["text/uri-list", "text/x-moz-url"]

    private static func isToken(_ s: Substring) -> Bool {
        !s.isEmpty
            && s.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (CharacterSet.alphanumerics.contains(scalar)
                        || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar))
            }
    }

    private static let preferredExtensions: [String: String] = [
        "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp",
        "image/svg+xml": "svg", "image/avif": "avif", "image/heic": "heic", "image/heif": "heif",
        "image/bmp": "bmp", "image/tiff": "tiff", "image/x-icon": "ico", "image/vnd.microsoft.icon": "ico",
        "video/mp4": "mp4", "video/webm": "webm", "video/quicktime": "mov", "video/ogg": "ogv",
        "video/x-matroska": "mkv", "text/plain": "txt", "text/html": "html", "text/uri-list": "uri", "text/css": "css",
        "text/csv": "csv",
        "application/json": "json", "application/pdf": "pdf", "application/octet-stream": "bin",
    ]

    private static let mimeTypesByExtension: [String: String] = [
        "png": "image/png", "apng": "image/png",
        "jpg": "image/jpeg", "jpeg": "image/jpeg", "jpe": "image/jpeg", "jfif": "image/jpeg",
        "gif": "image/gif", "webp": "image/webp", "svg": "image/svg+xml", "avif": "image/avif",
        "heic": "image/heic", "heif": "image/heif", "bmp": "image/bmp", "tif": "image/tiff", "tiff": "image/tiff",
        "ico": "image/x-icon",
        "mp4": "video/mp4", "m4v": "video/mp4", "webm": "video/webm", "mov": "video/quicktime", "ogv": "video/ogg",
        "mkv": "video/x-matroska", "txt": "text/plain", "text": "text/plain", "html": "text/html", "htm": "text/html",
        "uri": "text/uri-list",
        "uris": "text/uri-list", "css": "text/css", "csv": "text/csv",
        "json": "application/json", "pdf": "application/pdf", "bin": "application/octet-stream",
    ]
}
