import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One TCP connection to 127.0.0.1 that sends HTTP/1.1 bytes exactly as written (several requests at once, any
/// `Host`) and reads the answers back as they come: what keep-alive and pipelining are tested with. Its blocking
/// reads run on a queue of its own, not on the cooperative threads the server under test answers on. Used by one test
/// at a time, one call after the other.
final class RawHTTPConnection: @unchecked Sendable {
    /// An answer as read off the connection.
    struct Answer {
        var status: Int
        /// Header names in lower case.
        var headers: [String: String]
        var body: [UInt8]
    }

    private let socket: Int32
    private let queue = DispatchQueue(label: "RawHTTPConnection")
    private var received: [UInt8] = []

    /// Connects to `port` of 127.0.0.1; reads wait at most `timeout` seconds.
    init(port: Int, timeout: Int = 10) throws {
        #if canImport(Glibc)
            socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var wait = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw Failure(message: "cannot connect to port \(port)")
        }
    }

    deinit { close(socket) }

    /// A request's bytes: `method path HTTP/1.1`, `Host` (unless nil) and the other headers, an empty body.
    static func request(_ method: String, _ path: String, host: String? = "127.0.0.1", _ headers: [String] = [])
        -> String
    {
        ([("\(method) \(path) HTTP/1.1")] + (host.map { ["Host: \($0)"] } ?? []) + headers + ["", ""])
            .joined(separator: "\r\n")
    }

    /// Sends the bytes of `text` as they are.
    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Self.systemSend(socket, $0.baseAddress, $0.count) }
            guard count > 0 else { throw Failure(message: "send failed") }
            sent += count
        }
    }

    /// The next answer; `bodiless` for the answer to a HEAD (its Content-Length is not followed by a body).
    func answer(bodiless: Bool = false) async throws -> Answer {
        try await offThePool { try self.readAnswer(bodiless: bodiless) }
    }

    /// Whether the server has closed the connection (or its output), with nothing more sent before.
    func isClosedByServer() async throws -> Bool {
        try await offThePool { try self.readEnd() }
    }

    private func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }

    private func readAnswer(bodiless: Bool) throws -> Answer {
        let headEnd = try readUntil { Self.range(of: [13, 10, 13, 10], in: $0) }
        let head = String(decoding: received[..<headEnd.lowerBound], as: UTF8.self)
        received.removeSubrange(..<headEnd.upperBound)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw Failure(message: "not an HTTP answer: \(head)")
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let length = bodiless || status == 304 ? 0 : Int(headers["content-length"] ?? "0") ?? 0
        _ = try readUntil { $0.count >= length ? 0..<0 : nil }
        let body = Array(received[..<length])
        received.removeSubrange(..<length)
        return Answer(status: status, headers: headers, body: body)
    }

    /// A frame of the WebSocket the connection was upgraded to, as the server sent it (a server's frames are not
    /// masked).
    struct Frame {
        var opcode: UInt8
        var payload: [UInt8]
    }

    /// The bytes of a WebSocket upgrade of `path` on `port`, with the headers swift-websocket's client sends.
    static func webSocketRequest(_ path: String, port: Int) -> String {
        request(
            "GET", path, host: "localhost:\(port)",
            [
                "Origin: ws://localhost", "Upgrade: websocket", "Connection: Upgrade",
                "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13",
            ])
    }

    /// The next frame after the upgrade's answer.
    func frame() async throws -> Frame {
        try await offThePool { try self.readFrame() }
    }

    private func readFrame() throws -> Frame {
        let has = { (count: Int) in _ = try self.readUntil { $0.count >= count ? 0..<0 : nil } }
        try has(2)
        var length = Int(received[1] & 0x7F)
        var headerLength = 2
        if length == 126 {
            headerLength = 4
            try has(headerLength)
            length = received[2..<4].reduce(0) { $0 << 8 | Int($1) }
        } else if length == 127 {
            headerLength = 10
            try has(headerLength)
            length = received[2..<10].reduce(0) { $0 << 8 | Int($1) }
        }
        try has(headerLength + length)
        let frame = Frame(opcode: received[0] & 0x0F, payload: Array(received[headerLength..<headerLength + length]))
        received.removeSubrange(..<(headerLength + length))
        return frame
    }

    private func readEnd() throws -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        if count > 0 { received += buffer[..<count] }
        return count == 0
    }

    private static func systemSend(_ socket: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            // Not SIGPIPE when the server has closed: the send fails instead.
            Glibc.send(socket, bytes, count, Int32(MSG_NOSIGNAL))
        #else
            Darwin.send(socket, bytes, count, 0)
        #endif
    }

    private func readUntil(_ found: ([UInt8]) -> Range<Int>?) throws -> Range<Int> {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            if let range = found(received) { return range }
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw Failure(message: "the connection ended or timed out") }
            received += buffer[..<count]
        }
    }

    private static func range(of pattern: [UInt8], in bytes: [UInt8]) -> Range<Int>? {
        guard bytes.count >= pattern.count else { return nil }
        for start in 0...(bytes.count - pattern.count) where bytes[start..<start + pattern.count].elementsEqual(pattern)
        {
            return start..<start + pattern.count
        }
        return nil
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
