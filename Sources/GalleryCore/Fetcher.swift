import Foundation

/// Loads a remote resource for an item. The interface; the live one is in `SafeFetch`.
public struct Fetcher: Sendable {
    /// Limits a fetch must respect.
    public struct Limits: Sendable, Equatable {
        /// The most bytes accepted.
        public var maximumBytes: Int64
        /// The time the whole fetch may take.
        public var deadline: Duration
        /// The most redirects followed.
        public var maximumRedirects: Int

        /// Makes limits.
        public init(maximumBytes: Int64 = 50_000_000, deadline: Duration = .seconds(30), maximumRedirects: Int = 5) {
            self.maximumBytes = maximumBytes
            self.deadline = deadline
            self.maximumRedirects = maximumRedirects
        }
    }

    /// What a fetch ended with.
    public struct Response: Sendable, Equatable {
        /// The URL that finally answered (after redirects).
        public var finalURL: URL
        /// The Content-Type it claimed (never trusted alone).
        public var contentType: String?
        /// Bytes received.
        public var byteCount: Int64

        /// Makes a response.
        public init(finalURL: URL, contentType: String?, byteCount: Int64) {
            self.finalURL = finalURL
            self.contentType = contentType
            self.byteCount = byteCount
        }
    }

    /// Why a fetch failed.
    public enum Error: Swift.Error, Equatable, Sendable {
        /// Not http or https, has credentials, or is malformed.
        case invalidURL(String)
        /// The name resolves to a blocked address.
        case blockedAddress
        /// The name does not resolve.
        case hostNotFound
        /// Longer than the deadline.
        case timedOut
        /// More bytes than allowed.
        case tooLarge
        /// An HTTP error status.
        case httpStatus(Int)
        /// More redirects than allowed.
        case tooManyRedirects
        /// The connection failed.
        case connectionFailed(String)

        /// The failure reason an item shows for this error.
        public func failureReason(limits: Limits) -> FailureReason {
            switch self {
            case .invalidURL(let why): .invalidURL(why)
            case .blockedAddress: .addressNotAllowed
            case .hostNotFound: .hostNotFound
            case .timedOut: .timedOut
            case .tooLarge: .tooLarge(limitBytes: limits.maximumBytes)
            case .httpStatus(let status): .httpStatus(status)
            case .tooManyRedirects: .tooManyRedirects
            case .connectionFailed: .connectionFailed
            }
        }
    }

    /// Thrown by a sink that has read enough: the fetch stops reading the body and returns what it received so far as
    /// its response (a web page's first megabyte, say).
    public struct StopReading: Swift.Error, Equatable, Sendable {
        /// Makes the signal.
        public init() {}
    }

    /// Progress: bytes received so far and the total when known.
    public typealias Progress = @Sendable (_ received: Int64, _ total: Int64?) -> Void
    /// Receives the body in chunks, in order.
    public typealias Sink = @Sendable (_ chunk: [UInt8]) async throws -> Void

    /// Fetches `url`, handing the body to `sink` (which may end it early by throwing ``StopReading``) and reporting
    /// progress.
    public var fetch:
        @Sendable (_ url: URL, _ limits: Limits, _ sink: @escaping Sink, _ progress: @escaping Progress) async throws ->
            Response

    /// Makes a fetcher from its implementation.
    public init(fetch: @escaping @Sendable (URL, Limits, @escaping Sink, @escaping Progress) async throws -> Response) {
        self.fetch = fetch
    }
}
