/// The answers a connection gets from its guard rather than from the router, written as bytes straight to the socket
/// before the connection is closed: a request it could not read, one it took too long to send, one the server had no
/// room for. Each says `Connection: close`.
enum ConnectionAnswer: Sendable, Equatable {
    /// 400: the request line, a header, the chunking or the lengths of the body could not be read.
    case badRequest
    /// 408: the body came slower than the server waits for.
    case requestTimeout
    /// 414: the request line (its path) is longer than the server reads.
    case requestLineTooLong
    /// 431: the header section is larger than the server reads.
    case headersTooLarge
    /// 503: the client's address already holds this many connections.
    case tooManyFromAddress(limit: Int)
    /// 503: the server holds as many connections as it may and none of them is idle.
    case tooManyConnections

    /// The status code.
    var status: Int {
        switch self {
        case .badRequest: 400
        case .requestTimeout: 408
        case .requestLineTooLong: 414
        case .headersTooLarge: 431
        case .tooManyFromAddress, .tooManyConnections: 503
        }
    }

    /// What the JSON body says.
    var message: String {
        switch self {
        case .badRequest: "The request could not be read."
        case .requestTimeout: "The request's body came too slowly."
        case .requestLineTooLong: "The request's path is too long."
        case .headersTooLarge: "The request's headers are too large."
        case .tooManyFromAddress(let limit):
            "Too many connections from your address (at most \(limit) at once); try again shortly."
        case .tooManyConnections: "The server holds as many connections as it may; try again shortly."
        }
    }

    /// The whole answer as it goes on the wire.
    var text: String {
        let reason =
            switch self {
            case .badRequest: "Bad Request"
            case .requestTimeout: "Request Timeout"
            case .requestLineTooLong: "URI Too Long"
            case .headersTooLarge: "Request Header Fields Too Large"
            case .tooManyFromAddress, .tooManyConnections: "Service Unavailable"
            }
        let body = #"{"error":{"message":"\#(message)"}}"#
        let retry = status == 503 ? "Retry-After: 5\r\n" : ""
        return "HTTP/1.1 \(status) \(reason)\r\nContent-Type: application/json\r\n\(retry)"
            + "Connection: close\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body
    }
}
