/// Watches the first bytes of a connection for the end of its first request head: the empty line after the request
/// line and headers (`\r\n\r\n`, or bare `\n\n`), wherever the reads split it. (The first head may ask for a WebSocket,
/// which the parts behind the parser never see: then this is what ends its header timeout.) Empty lines before the request line do
/// not count (so sending only line ends never completes a head). Plain state, tested alone.
struct RequestHeadScanner: Sendable, Equatable {
    /// Whether anything but line ends has arrived.
    private var hasRequestLine = false
    /// Line ends seen in a row, with nothing but `\r` between them.
    private var lineEndsInARow = 0
    /// Whether the whole head has arrived.
    private(set) var isComplete = false

    /// Reads the next bytes; returns whether the head is complete (after them, or already before).
    mutating func consume<Bytes: Sequence>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        guard !isComplete else { return true }
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\n"):
                guard hasRequestLine else { continue }
                lineEndsInARow += 1
                if lineEndsInARow == 2 {
                    isComplete = true
                    return true
                }
            case UInt8(ascii: "\r"):
                continue
            default:
                hasRequestLine = true
                lineEndsInARow = 0
            }
        }
        return false
    }
}
