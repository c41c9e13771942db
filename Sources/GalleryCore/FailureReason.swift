/// Why an item could not be loaded, in words a user understands.
public enum FailureReason: Error, Sendable, Equatable, Codable {
    /// The bytes are not an image.
    case notAnImage
    /// An image format we do not take yet.
    case unsupportedFormat(String)
    /// The image is damaged or cut short.
    case damaged
    /// No decoder could show the image: why, in plain words (the decoder's reason, or what its header shows).
    case undecodable(String)
    /// The video's header is damaged or cut short: what is wrong.
    case damagedVideo(String)
    /// More bytes than allowed.
    case tooLarge(limitBytes: Int64)
    /// More pixels than allowed.
    case tooManyPixels(limitPixels: Int64)
    /// The host name does not resolve.
    case hostNotFound
    /// The URL points at an address we refuse to fetch (private, loopback, …).
    case addressNotAllowed
    /// The URL is not one we fetch (scheme, credentials, malformed).
    case invalidURL(String)
    /// The source took too long.
    case timedOut
    /// The source answered with an HTTP error.
    case httpStatus(Int)
    /// Too many redirects.
    case tooManyRedirects
    /// The connection failed.
    case connectionFailed
    /// The browser never finished uploading the file.
    case uploadInterrupted
    /// The item was copied while its original was still being uploaded, so the copy has no way to get the bytes.
    case copiedWhileUploading
    /// Something on our side failed.
    case internalError

    /// A short stable code for the API and tests.
    public var code: String {
        switch self {
        case .notAnImage: "not-an-image"
        case .unsupportedFormat: "unsupported-format"
        case .damaged: "damaged"
        case .undecodable: "undecodable"
        case .damagedVideo: "damaged-video"
        case .tooLarge: "too-large"
        case .tooManyPixels: "too-many-pixels"
        case .hostNotFound: "host-not-found"
        case .addressNotAllowed: "address-not-allowed"
        case .invalidURL: "invalid-url"
        case .timedOut: "timed-out"
        case .httpStatus: "http-status"
        case .tooManyRedirects: "too-many-redirects"
        case .connectionFailed: "connection-failed"
        case .uploadInterrupted: "upload-interrupted"
        case .copiedWhileUploading: "copied-while-uploading"
        case .internalError: "internal-error"
        }
    }

    /// The reason in words, for the error tile.
    public var message: String {
        switch self {
        case .notAnImage: "Not an image"
        case .unsupportedFormat(let format): "Unsupported image format (\(format))"
        case .damaged: "The image is damaged or incomplete"
        case .undecodable(let why): "The image cannot be decoded: \(why)"
        case .damagedVideo(let why): "The video is damaged or incomplete (\(why))"
        case .tooLarge(let limit): "Too large (the limit is \(Self.megabytes(limit)))"
        case .tooManyPixels(let limit): "Too many pixels (the limit is \(limit / 1_000_000) megapixels)"
        case .hostNotFound: "Host not found"
        case .addressNotAllowed: "Address not allowed"
        case .invalidURL(let why): "Not a usable link: \(why)"
        case .timedOut: "Timed out"
        case .httpStatus(let status):
            Self.statusPhrase(status).isEmpty
                ? "The site answered \(status)" : "The site answered \(status) \(Self.statusPhrase(status))"
        case .tooManyRedirects: "Too many redirects"
        case .connectionFailed: "Could not connect to the site"
        case .uploadInterrupted: "The upload did not finish; drop the file again"
        case .copiedWhileUploading: "Copied while its file was still uploading; copy it again once it has loaded"
        case .internalError: "Something went wrong on the server"
        }
    }

    static func megabytes(_ bytes: Int64) -> String {
        bytes % 1_000_000 == 0 ? "\(bytes / 1_000_000) MB" : "\(bytes) bytes"
    }

    static func statusPhrase(_ status: Int) -> String {
        switch status {
        case 400: "(bad request)"
        case 401, 403: "(access denied)"
        case 404: "(not found)"
        case 410: "(gone)"
        case 429: "(too many requests)"
        case 500...599: "(server error)"
        default: ""
        }
    }

    private enum CodingKeys: String, CodingKey { case code, message, detail, limit, status }

    /// Encodes as `{code, message, …}`.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(message, forKey: .message)
        switch self {
        case .unsupportedFormat(let detail), .invalidURL(let detail), .damagedVideo(let detail),
            .undecodable(let detail):
            try container.encode(detail, forKey: .detail)
        case .tooLarge(let limit), .tooManyPixels(let limit):
            try container.encode(limit, forKey: .limit)
        case .httpStatus(let status):
            try container.encode(status, forKey: .status)
        default: break
        }
    }

    /// Decodes from `{code, …}`; an unknown code decodes as an internal error.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let code = try container.decode(String.self, forKey: .code)
        let detail = try container.decodeIfPresent(String.self, forKey: .detail) ?? ""
        let limit = try container.decodeIfPresent(Int64.self, forKey: .limit) ?? 0
        let status = try container.decodeIfPresent(Int.self, forKey: .status) ?? 0
        switch code {
        case "not-an-image": self = .notAnImage
        case "unsupported-format": self = .unsupportedFormat(detail)
        case "damaged": self = .damaged
        case "undecodable": self = .undecodable(detail)
        case "damaged-video": self = .damagedVideo(detail)
        case "too-large": self = .tooLarge(limitBytes: limit)
        case "too-many-pixels": self = .tooManyPixels(limitPixels: limit)
        case "host-not-found": self = .hostNotFound
        case "address-not-allowed": self = .addressNotAllowed
        case "invalid-url": self = .invalidURL(detail)
        case "timed-out": self = .timedOut
        case "http-status": self = .httpStatus(status)
        case "too-many-redirects": self = .tooManyRedirects
        case "connection-failed": self = .connectionFailed
        case "upload-interrupted": self = .uploadInterrupted
        case "copied-while-uploading": self = .copiedWhileUploading
        default: self = .internalError
        }
    }
}
