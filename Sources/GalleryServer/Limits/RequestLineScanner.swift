/// Watches the bytes of a request head for its request line and measures it, wherever the reads split it: what tells
/// a request line too long (414) from a header section too large (431) when the parser finds the head too big, for
/// it says only that. (The bytes are read before the parser reads them, so the line may have ended in a read the
/// parser failed in: its length tells then.) Empty lines before the request line do not count. Plain state, tested
/// alone.
struct RequestLineScanner: Sendable, Equatable {
    /// Whether anything but line ends has arrived since the head began.
    private var hasRequestLine = false
    /// Whether the request line has ended (later bytes are headers, then the body: they are not looked at).
    private(set) var hasEndedRequestLine = false
    /// The bytes of the request line so far (without its line end).
    private(set) var requestLineLength = 0

    /// Makes a scanner at the start of a head.
    init() {}

    /// Reads the next bytes of the connection.
    mutating func consume<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        guard !hasEndedRequestLine else { return }
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\n"):
                guard hasRequestLine else { continue }
                hasEndedRequestLine = true
                return
            case UInt8(ascii: "\r"):
                continue
            default:
                hasRequestLine = true
                requestLineLength += 1
            }
        }
    }

    /// Whether the request line is longer than `limit` bytes, or has not ended yet.
    func isRequestLineLonger(than limit: Int) -> Bool {
        !hasEndedRequestLine || requestLineLength > limit
    }

    /// Starts over: the next bytes begin a new head (the previous request has been read whole).
    mutating func startHead() {
        self = RequestLineScanner()
    }
}
