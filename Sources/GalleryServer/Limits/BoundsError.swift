import HTTPTypes
import Hummingbird

/// A request refused because it would take more than the server's ``ServerConfiguration/Bounds`` allow; each case
/// answers with its status, a clear JSON message and, when waiting helps, `Retry-After`.
public enum BoundsError: Error, Equatable, Sendable, HTTPResponseError {
    /// The body is larger than the route accepts (413). `uploadAdvice` says so for routes where files belong elsewhere.
    case bodyTooLarge(limitBytes: Int, uploadAdvice: Bool)
    /// Too many large requests are being decoded; try again after the given seconds (503).
    case busy(retryAfterSeconds: Int)
    /// Too many gallery imports run or wait; try again after the given seconds (503).
    case importsBusy(retryAfterSeconds: Int)
    /// Too many images are waiting to load; try again after the given seconds (503).
    case tooManyLoads(limit: Int, retryAfterSeconds: Int)
    /// Too many of this person's images are waiting to load; try again after the given seconds (503).
    case tooManyLoadsOfOnePerson(limit: Int, retryAfterSeconds: Int)

    /// The HTTP status of the answer.
    public var status: HTTPResponse.Status {
        switch self {
        case .bodyTooLarge: .contentTooLarge
        case .busy, .importsBusy, .tooManyLoads, .tooManyLoadsOfOnePerson: .serviceUnavailable
        }
    }

    /// The message for the user.
    public var message: String {
        switch self {
        case .bodyTooLarge(let limit, let uploadAdvice):
            let size = Self.describe(bytes: limit)
            return uploadAdvice
                ? "The request is larger than \(size); upload big files as files (PUT /api/items/{id}/content), "
                    + "not inline in the drop."
                : "The request is larger than \(size)."
        case .busy(let seconds):
            return "The server is busy reading other large drops; try again in \(seconds) seconds."
        case .importsBusy(let seconds):
            return "The server is busy importing other gallery archives; try again in \(seconds) seconds."
        case .tooManyLoads(let limit, let seconds):
            return "Too many images are loading (at most \(limit) at once); try again in \(seconds) seconds."
        case .tooManyLoadsOfOnePerson(let limit, let seconds):
            return "You have too many images loading (at most \(limit) at once); try again in \(seconds) seconds."
        }
    }

    /// `Retry-After` for the refusals that waiting cures.
    var retryAfterSeconds: Int? {
        switch self {
        case .bodyTooLarge: nil
        case .busy(let seconds), .importsBusy(let seconds), .tooManyLoads(_, let seconds),
            .tooManyLoadsOfOnePerson(_, let seconds):
            seconds
        }
    }

    /// The JSON error answer.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers: HTTPFields = [:]
        if let retryAfterSeconds { headers[.retryAfter] = String(retryAfterSeconds) }
        return try HTTPError(status, headers: headers, message: message).response(from: request, context: context)
    }

    /// "8 MB", "256 KB" or "100 bytes" (binary units, as the limits are set).
    static func describe(bytes: Int) -> String {
        if bytes >= 1024 * 1024, bytes % (1024 * 1024) == 0 { return "\(bytes / (1024 * 1024)) MB" }
        if bytes >= 1024, bytes % 1024 == 0 { return "\(bytes / 1024) KB" }
        return "\(bytes) bytes"
    }
}
