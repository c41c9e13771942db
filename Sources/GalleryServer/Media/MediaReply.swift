import Foundation
import HTTPTypes
import NIOCore

/// The answer to a request for a stored file, whichever path serves it: immutable, cached for a year, never run as a
/// document; 304 for a request that has it already (its ETag), and one range of its bytes when asked (206, or 416
/// beyond its end). A small file is read whole at once, a larger one only measured, to be streamed from disk.
struct MediaReply {
    /// What follows the head.
    enum Body {
        /// Nothing.
        case empty
        /// These bytes (of a small file).
        case bytes(ByteBuffer)
        /// Bytes of a large file, streamed from disk: all of them, or one range; `count` of them.
        case file(range: ClosedRange<Int>?, count: Int)

        /// How many bytes: the answer's `Content-Length`.
        var count: Int {
            switch self {
            case .empty: 0
            case .bytes(let bytes): bytes.readableBytes
            case .file(_, let count): count
            }
        }
    }

    var status: HTTPResponse.Status
    var headers: HTTPFields
    var body: Body

    private static let cacheControl = HTTPField(name: .cacheControl, value: "public, max-age=31536000, immutable")
    private static let acceptRanges = HTTPField(name: .acceptRanges, value: "bytes")
    private static let noSniffing = HTTPField(name: .xContentTypeOptions, value: "nosniff")
    private static let policy = HTTPField(
        name: .contentSecurityPolicy, value: "default-src 'none'; style-src 'unsafe-inline'; sandbox")

    /// The message of the 404 for a file that is not there.
    static let notFoundMessage = "No such image."

    /// The answer for `target` to a request with these headers; nil when there is no such file (404).
    init?(for target: MediaTarget, requestHeaders: HTTPFields) {
        let tag = "\"\(target.tag)\""
        headers = HTTPFields([
            HTTPField(name: .contentType, value: target.mimeType), Self.cacheControl,
            HTTPField(name: .eTag, value: tag), Self.acceptRanges, Self.noSniffing, Self.policy,
        ])
        let notModified = requestHeaders[.ifNoneMatch] == tag
        guard let file = notModified ? nil : MediaFile.open(target.path) else {
            guard notModified, FileManager.default.fileExists(atPath: target.path) else { return nil }
            status = .notModified
            body = .empty
            return
        }
        // A Range with an If-Range naming another version gets the whole file (ours never change, but say so).
        let ifRange = requestHeaders[.ifRange]
        let asked = ifRange == nil || ifRange == tag ? requestHeaders[.range] : nil
        switch (ByteRange(header: asked, size: file.size), file) {
        case (.whole, .small(let bytes)):
            status = .ok
            body = .bytes(bytes)
        case (.whole, .large(let size)):
            status = .ok
            body = .file(range: nil, count: size)
        case (.part(let range), _):
            status = .partialContent
            headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(file.size)"
            if case .small(let bytes) = file, let slice = bytes.getSlice(at: range.lowerBound, length: range.count) {
                body = .bytes(slice)
            } else {
                body = .file(range: range, count: range.count)
            }
        case (.unsatisfiable, _):
            status = .rangeNotSatisfiable
            headers[.contentRange] = "bytes */\(file.size)"
            headers[.contentType] = nil
            body = .empty
        }
    }
}
