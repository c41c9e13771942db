import Foundation
import GalleryServer
import HummingbirdTesting
import Testing

/// The bounds a listening server holds each connection to, over raw connections: an unreadable request is answered
/// and its connection closed at once, a head or a body that comes too slowly is cut, and at its total the server
/// closes the oldest idle connection for a new one.
@Suite("Connections bounded by the server")
struct ConnectionBoundsTests {
    /// An unreadable request, and the answer it gets.
    struct Unreadable: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: String
        var status: Int
        var testDescription: String { name }
    }

    static let host = "Host: 127.0.0.1\r\n"
    static let unreadable = [
        Unreadable(name: "a garbage request line", bytes: "HELLO THERE\r\n\r\n", status: 400),
        Unreadable(
            name: "a bad header", bytes: "GET /api/galleries HTTP/1.1\r\n\(host)Bad Header\r\n\r\n", status: 400),
        Unreadable(
            name: "an oversized header section",
            bytes: "GET /api/galleries HTTP/1.1\r\n\(host)"
                + (1...8).map { "X-Filler-\($0): \(String(repeating: "a", count: 10_000))\r\n" }.joined() + "\r\n",
            status: 431),
        Unreadable(
            name: "an oversized path",
            bytes: "GET /\(String(repeating: "a", count: 20_000)) HTTP/1.1\r\n\(host)\r\n", status: 414),
        Unreadable(
            name: "Content-Length with chunked",
            bytes: "POST /api/galleries HTTP/1.1\r\n\(host)Content-Type: application/json\r\nContent-Length: 2\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
            status: 400),
        Unreadable(
            name: "two different Content-Lengths",
            bytes: "POST /api/galleries HTTP/1.1\r\n\(host)Content-Type: application/json\r\nContent-Length: 2\r\n"
                + "Content-Length: 3\r\n\r\n{} ",
            status: 400),
        Unreadable(
            name: "a bad chunk size",
            bytes: "POST /api/galleries HTTP/1.1\r\n\(host)Content-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
            status: 400),
    ]

    @Test(arguments: unreadable)
    func anUnreadableRequestIsAnsweredAndItsConnectionClosed(_ request: Unreadable) async throws {
        try await testLiveApplication { client in
            let connection = try RawHTTPConnection(port: try #require(client.port))
            try connection.send(request.bytes)
            let answer = try await connection.answer()
            #expect(answer.status == request.status)
            #expect(answer.headers["connection"] == "close")
            #expect(try await connection.isClosedByServer())
        }
    }

    @Test func anUnreadableRequestAfterAGoodOneIsAnsweredAfterIt() async throws {
        try await testLiveApplication { client in
            let connection = try RawHTTPConnection(port: try #require(client.port))
            try connection.send(RawHTTPConnection.request("GET", "/api/galleries") + "HELLO THERE\r\n\r\n")
            #expect(try await connection.answer().status == 200)
            #expect(try await connection.answer().status == 400)
            #expect(try await connection.isClosedByServer())
        }
    }

    @Test func aLaterHeadThatStallsIsClosedByTheHeaderTimeoutNotTheIdleTimeout() async throws {
        let bounds = ServerConfiguration.Bounds(headerTimeout: .seconds(1), idleTimeout: .seconds(600))
        try await testLiveApplication(bounds: bounds) { client in
            let connection = try RawHTTPConnection(port: try #require(client.port), timeout: 20)
            try connection.send(RawHTTPConnection.request("GET", "/api/galleries"))
            #expect(try await connection.answer().status == 200)
            try connection.send("GET /api/galleries HTTP/1.1\r\nHo")
            #expect(try await connection.isClosedByServer())
        }
    }

    @Test func aSlowBodyFromSomeoneNotSignedInIsCut() async throws {
        let bounds = ServerConfiguration.Bounds(bodyWindow: .seconds(1), bodyBytesPerWindow: 100)
        try await testLiveApplication(bounds: bounds, requiresSignIn: true) { client in
            let connection = try RawHTTPConnection(port: try #require(client.port), timeout: 20)
            try connection.send(
                "POST /api/galleries HTTP/1.1\r\n\(Self.host)Content-Type: application/json\r\n"
                    + "Content-Length: 1000\r\n\r\n{")
            // One byte every half second: 2 a second, where 100 a second are asked for.
            let sender = Task {
                for _ in 0..<60 {
                    guard (try? connection.send(" ")) != nil else { return }
                    try? await Task.sleep(for: .milliseconds(500))
                }
            }
            defer { sender.cancel() }
            let answer = try await connection.answer()
            #expect([401, 408].contains(answer.status))
            #expect(try await connection.isClosedByServer(), "closed long before the body could end (500 s)")
        }
    }

    @Test func aSlowBodyIsAnswered408WhenNothingWasAnsweredYet() async throws {
        let bounds = ServerConfiguration.Bounds(bodyWindow: .seconds(1), bodyBytesPerWindow: 100)
        try await testLiveApplication(bounds: bounds) { client in
            let gallery = try await client.firstGalleryID()
            let connection = try RawHTTPConnection(port: try #require(client.port), timeout: 20)
            try connection.send(
                "POST /api/galleries/\(gallery)/drops HTTP/1.1\r\n\(Self.host)Content-Type: application/json\r\n"
                    + "Content-Length: 1000\r\n\r\n{")
            let answer = try await connection.answer()
            #expect(answer.status == 408)
            #expect(try await connection.isClosedByServer())
        }
    }

    @Test func atItsTotalTheServerClosesTheOldestIdleConnectionAndOneThatNeverAskedGoesFirst() async throws {
        let bounds = ServerConfiguration.Bounds(connections: 3, unauthenticatedConnections: 3)
        try await testLiveApplication(bounds: bounds) { client in
            let port = try #require(client.port)
            /// A new connection that has had one request answered.
            func answeredConnection() async throws -> RawHTTPConnection {
                let connection = try RawHTTPConnection(port: port)
                try connection.send(RawHTTPConnection.request("GET", "/api/galleries"))
                #expect(try await connection.answer().status == 200)
                return connection
            }
            // The test client's own connection is the oldest idle one; the third connection closes it.
            _ = try await client.firstGalleryID()
            let first = try await answeredConnection()
            let second = try await answeredConnection()
            let third = try await answeredConnection()
            // A fourth: the longest idle of the others goes.
            let fourth = try await answeredConnection()
            #expect(try await first.isClosedByServer())
            try second.send(RawHTTPConnection.request("GET", "/api/galleries"))
            #expect(try await second.answer().status == 200)

            // A silent one takes the place of the longest idle now (the third, as the second was used since); the
            // next newcomer closes the silent one first, though it is the newest.
            let silent = try RawHTTPConnection(port: port)
            #expect(try await third.isClosedByServer())
            _ = try await answeredConnection()
            #expect(try await silent.isClosedByServer())
            for connection in [second, fourth] {
                try connection.send(RawHTTPConnection.request("GET", "/api/galleries"))
                #expect(try await connection.answer().status == 200)
            }
        }
    }

    @Test func atItsTotalWithNoneIdleANewcomerIsRefusedWith503() async throws {
        let bounds = ServerConfiguration.Bounds(connections: 2, unauthenticatedConnections: 2)
        try await testLiveApplication(bounds: bounds) { client in
            let port = try #require(client.port)
            var feeds: [RawHTTPConnection] = []
            for _ in 0..<2 {
                let feed = try RawHTTPConnection(port: port)
                try feed.send(
                    RawHTTPConnection.request(
                        "GET", "/api/galleries/live", host: "127.0.0.1:\(port)",
                        [
                            "Upgrade: websocket", "Connection: Upgrade", "Sec-WebSocket-Version: 13",
                            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Origin: http://127.0.0.1:\(port)",
                        ]))
                #expect(try await feed.answer().status == 101)
                feeds.append(feed)
            }
            let newcomer = try RawHTTPConnection(port: port)
            let answer = try await newcomer.answer()
            #expect(answer.status == 503)
            #expect(answer.headers["retry-after"] == "5")
            #expect(String(decoding: answer.body, as: UTF8.self).contains("as many connections as it may"))
            #expect(try await newcomer.isClosedByServer())
        }
    }

    /// Strangers hold at most their bound: their oldest idle connections make room for newcomers, and when all of
    /// theirs are busy a newcomer is refused, while a signed-in connection is never closed for them.
    @Test func connectionsNotSignedInHaveTheirOwnLowerBoundAndNeverCloseASignedInOne() async throws {
        let bounds = ServerConfiguration.Bounds(
            connections: 50, unauthenticatedConnections: 3, bodyWindow: .seconds(30))
        let password = "owner-password-1"
        try await testLiveApplication(bounds: bounds, requiresSignIn: true, ownerPassword: password) { client in
            let port = try #require(client.port)
            // Signing in with a password on a connection of its own: that one stays a stranger's (answered, idle).
            let signing = try RawHTTPConnection(port: port, timeout: 60)
            let credentials = #"{"name":"owner","password":"\#(password)"}"#
            try signing.send(
                "POST /api/session HTTP/1.1\r\n\(Self.host)Content-Type: application/json\r\n"
                    + "Content-Length: \(credentials.utf8.count)\r\n\r\n\(credentials)")
            let session = try await signing.answer()
            #expect(session.status == 200)
            let cookie = try #require(session.headers["set-cookie"]?.split(separator: ";").first.map(String.init))
            let signedIn = try RawHTTPConnection(port: port, timeout: 60)
            let asOwner = RawHTTPConnection.request("GET", "/api/galleries", ["Cookie: \(cookie)"])
            try signedIn.send(asOwner)
            #expect(try await signedIn.answer().status == 200)
            // Ten silent strangers one after the other: all but (at most) two are closed to make room.
            var silent: [RawHTTPConnection] = []
            for _ in 0..<10 {
                silent.append(try RawHTTPConnection(port: port, timeout: 2))
                try await Task.sleep(for: .milliseconds(20))
            }
            var closed = 0
            for connection in silent where try await connection.isClosedByServer() { closed += 1 }
            #expect(closed >= 8)
            // Three strangers busy sending a sign-in body: the silent ones left and the signing connection (or the
            // test client's) make room for them.
            let signInHead =
                "POST /api/session HTTP/1.1\r\n\(Self.host)Content-Type: application/json\r\nContent-Length: 500\r\n\r\n{"
            var busy: [RawHTTPConnection] = []
            for _ in 0..<3 {
                let connection = try RawHTTPConnection(port: port)
                try connection.send(signInHead)
                busy.append(connection)
                // Time for the server to read the head (the connection is busy from then on), even on a loaded machine.
                try await Task.sleep(for: .milliseconds(300))
            }
            // Every silent one is closed now.
            for connection in silent { #expect(try await connection.isClosedByServer()) }
            // None of theirs idle: a newcomer is refused, though the server has room.
            try await Task.sleep(for: .seconds(1))
            let newcomer = try RawHTTPConnection(port: port)
            let answer = try await newcomer.answer()
            #expect(answer.status == 503)
            #expect(answer.headers["retry-after"] == "5")
            // The signed-in connection was never closed for them.
            try signedIn.send(asOwner)
            #expect(try await signedIn.answer().status == 200)
            _ = busy
        }
    }
}
