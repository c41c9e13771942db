import Foundation
import GalleryServer
import HTTPTypes
import HummingbirdTesting
import Logging
import NIOCore
import TestSupport
import Testing
import Thumbnails

/// The media files as a browser gets them from a listening server: through each connection's pipeline, where the lean
/// path (``MediaChannelHandler``) answers them, over raw connections (keep-alive, pipelining, any `Host`).
@Suite("Media files on a listening server")
struct MediaLeanPathTests {
    static let png = PNGBuilder.make(width: 40, height: 30)
    static let web = FakeWeb(["http://site.test/a.png": .bytes(png)])

    @Test func aStoredFileIsServedWithItsHeadersItsValidatorAndRangesOnOneConnection() async throws {
        try await testLiveApplication(web: Self.web) { client in
            let imageURL = try await Self.storeImage(client)
            let hash = String(imageURL.dropFirst("/media/".count).prefix(64))
            let size = Self.png.count
            let connection = try RawHTTPConnection(port: try #require(client.port))

            try connection.send(RawHTTPConnection.request("GET", imageURL))
            let whole = try await connection.answer()
            #expect(whole.status == 200)
            #expect(whole.body == Array(Self.png))
            #expect(whole.headers["content-type"] == "image/png")
            #expect(whole.headers["content-length"] == "\(size)")
            #expect(whole.headers["cache-control"] == "public, max-age=31536000, immutable")
            #expect(whole.headers["etag"] == "\"\(hash)\"")
            #expect(whole.headers["accept-ranges"] == "bytes")
            #expect(whole.headers["x-content-type-options"] == "nosniff")
            #expect(
                whole.headers["content-security-policy"] == "default-src 'none'; style-src 'unsafe-inline'; sandbox")
            #expect(whole.headers["referrer-policy"] == "no-referrer")
            #expect(whole.headers["x-frame-options"] == "DENY")
            #expect(whole.headers["server"] == "image-gallery")
            #expect(whole.headers["date"]?.hasSuffix(" GMT") == true)

            try connection.send(RawHTTPConnection.request("GET", imageURL, ["If-None-Match: \"\(hash)\""]))
            let notModified = try await connection.answer()
            #expect(notModified.status == 304)
            #expect(notModified.headers["etag"] == "\"\(hash)\"")
            #expect(notModified.body.isEmpty)

            try connection.send(RawHTTPConnection.request("GET", imageURL, ["Range: bytes=0-9"]))
            let part = try await connection.answer()
            #expect(part.status == 206)
            #expect(part.headers["content-range"] == "bytes 0-9/\(size)")
            #expect(part.body == Array(Self.png.prefix(10)))

            try connection.send(RawHTTPConnection.request("GET", imageURL, ["Range: bytes=\(size)-"]))
            let beyond = try await connection.answer()
            #expect(beyond.status == 416)
            #expect(beyond.headers["content-range"] == "bytes */\(size)")
            #expect(beyond.headers["content-type"] == nil)

            try connection.send(RawHTTPConnection.request("HEAD", imageURL))
            let head = try await connection.answer(bodiless: true)
            #expect(head.status == 200)
            #expect(head.headers["content-length"] == "\(size)")
            #expect(head.headers["etag"] == "\"\(hash)\"")

            // Still open, and still in step after the HEAD.
            try connection.send(RawHTTPConnection.request("GET", imageURL))
            #expect(try await connection.answer().body == Array(Self.png))
        }
    }

    @Test func unknownFilesAndOtherExtensionsGetTheJSONNotFound() async throws {
        try await testLiveApplication(web: Self.web) { client in
            let imageURL = try await Self.storeImage(client)
            let stem = imageURL.dropLast(".png".count)
            let connection = try RawHTTPConnection(port: try #require(client.port))
            let paths = [
                "/media/\(String(repeating: "0", count: 64)).png", "\(stem).jpg", "\(stem).png.html",
                "/media/thumbnails/\(stem.dropFirst("/media/".count))-7.webp",
                "/media/posters/\(String(repeating: "0", count: 64)).jpg",
            ]
            for path in paths {
                // Twice: the second time the stored type of the hash is known without the database.
                for _ in 0..<2 {
                    try connection.send(RawHTTPConnection.request("GET", path))
                    let answer = try await connection.answer()
                    #expect(answer.status == 404, "\(path)")
                    #expect(answer.headers["content-type"] == "application/json; charset=utf-8")
                    #expect(String(decoding: answer.body, as: UTF8.self) == #"{"error":{"message":"No such image."}}"#)
                    #expect(answer.headers["x-frame-options"] == "DENY")
                }
            }
        }
    }

    @Test func aNameThatIsNotThisServersIsRefused() async throws {
        try await testLiveApplication(web: Self.web) { client in
            let imageURL = try await Self.storeImage(client)
            let connection = try RawHTTPConnection(port: try #require(client.port))
            for _ in 0..<2 {
                try connection.send(RawHTTPConnection.request("GET", imageURL, host: "rebound.example"))
                let answer = try await connection.answer()
                #expect(answer.status == 421)
                #expect(answer.headers["content-type"] == "application/json; charset=utf-8")
                #expect(answer.headers["x-content-type-options"] == "nosniff")
                #expect(!answer.body.starts(with: Array(Self.png.prefix(8))))
            }
        }
    }

    @Test func pipelinedRequestsAreAnsweredInTheOrderTheyCame() async throws {
        try await testLiveApplication(web: Self.web) { client in
            let imageURL = try await Self.storeImage(client)
            let connection = try RawHTTPConnection(port: try #require(client.port))
            try connection.send(
                [
                    RawHTTPConnection.request("GET", imageURL),
                    RawHTTPConnection.request("GET", "/healthz"),
                    RawHTTPConnection.request("GET", imageURL, ["Range: bytes=0-3"]),
                    RawHTTPConnection.request("GET", "/api/no-such-thing"),
                    RawHTTPConnection.request("HEAD", imageURL),
                    RawHTTPConnection.request("GET", "/api/galleries"),
                    RawHTTPConnection.request("GET", imageURL, ["Connection: close"]),
                    RawHTTPConnection.request("GET", "/healthz"),
                ].joined())
            #expect(try await connection.answer().body == Array(Self.png))
            let health = try await connection.answer()
            #expect(String(decoding: health.body, as: UTF8.self).contains("ok"))
            let part = try await connection.answer()
            #expect(part.status == 206)
            #expect(part.body == Array(Self.png.prefix(4)))
            #expect(try await connection.answer().status == 404)
            let head = try await connection.answer(bodiless: true)
            #expect(head.status == 200)
            #expect(head.headers["content-type"] == "image/png")
            let galleries = try await connection.answer()
            #expect(galleries.status == 200)
            #expect(galleries.headers["content-type"]?.hasPrefix("application/json") == true)
            #expect(try await connection.answer().body == Array(Self.png))
            // The request after `Connection: close` is not answered.
            #expect(try await connection.isClosedByServer())
        }
    }

    @Test(.enabled(if: Thumbnailer.isAvailable, "libvips is not installed (apt install libvips42)"))
    func thumbnailsAreServedOnTheSameConnection() async throws {
        let web = FakeWeb(["http://site.test/wide.png": .bytes(PNGBuilder.make(width: 600, height: 300))])
        try await testLiveApplication(web: web) { client in
            let gallery = try await client.firstGalleryID()
            let dropped = try await client.drop(urls: ["http://site.test/wide.png"], into: gallery).items[0]
            // Thumbnails are made before the item is ready.
            let imageURL = try #require(try await client.settled(dropped.id).imageURL)
            let thumbnail = "/media/thumbnails/\(imageURL.dropFirst("/media/".count).prefix(64))-256.webp"
            let connection = try RawHTTPConnection(port: try #require(client.port))
            for _ in 0..<3 {
                try connection.send(RawHTTPConnection.request("GET", thumbnail))
                let answer = try await connection.answer()
                #expect(answer.status == 200)
                #expect(answer.headers["content-type"] == "image/webp")
                #expect(answer.body.starts(with: Array("RIFF".utf8)))
            }
        }
    }

    @Test func theMetricsCountTheMediaAnswersByRoute() async throws {
        try await testLiveApplication(web: Self.web) { client in
            let imageURL = try await Self.storeImage(client)
            let connection = try RawHTTPConnection(port: try #require(client.port))
            for _ in 0..<3 {
                try connection.send(RawHTTPConnection.request("GET", imageURL))
                _ = try await connection.answer()
            }
            try connection.send(RawHTTPConnection.request("GET", "/metrics"))
            let metrics = String(decoding: try await connection.answer().body, as: UTF8.self)
            let line = try #require(
                metrics.split(separator: "\n").first {
                    $0.hasPrefix(#"image_gallery_http_requests_total{method="GET",route="/media/{file}",status="200"}"#)
                })
            #expect((Int(line.split(separator: " ").last ?? "") ?? 0) >= 3)
            #expect(metrics.contains(#"image_gallery_http_request_duration_seconds_count{route="/media/{file}"}"#))
        }
    }

    @Test func withSignInRequiredOnlyASignedInRequestGetsTheFile() async throws {
        // An API token signs the requests in: a password's sign-in waits for scrypt, one hash at a time in the
        // process, longer than the live client waits when the whole suite runs.
        try await testSignedInLiveApplication(web: Self.web) { client, administration, token in
            let bearer: HTTPFields = [.authorization: "Bearer \(token)", .contentType: "application/json"]
            let galleries = try await client.execute(uri: "/api/galleries", method: .get, headers: bearer)
            let gallery = try #require(try galleries.decoded(as: GalleryListJSON.self).galleries.first?.id)
            let dropped = try await client.execute(
                uri: "/api/galleries/\(gallery)/drops", method: .post, headers: bearer,
                body: ByteBuffer(string: #"{"payload":\#(uriListPayload(["http://site.test/a.png"]))}"#))
            let id = try #require(try dropped.decoded(as: DropJSON.self).items.first?.id)
            var item = try await client.execute(uri: "/api/items/\(id)", method: .get, headers: bearer)
                .decoded(as: ItemJSON.self)
            for _ in 0..<500 where item.state == "pending" {
                try await Task.sleep(for: .milliseconds(10))
                item = try await client.execute(uri: "/api/items/\(id)", method: .get, headers: bearer)
                    .decoded(as: ItemJSON.self)
            }
            let imageURL = try #require(item.imageURL)
            let signedIn = "Authorization: Bearer \(token)"

            let connection = try RawHTTPConnection(port: try #require(client.port))
            try connection.send(
                [
                    RawHTTPConnection.request("GET", imageURL, [signedIn]),
                    RawHTTPConnection.request("GET", imageURL),
                    RawHTTPConnection.request("GET", "/healthz"),
                    RawHTTPConnection.request(
                        "GET", imageURL, ["Cookie: ig_session=\(String(repeating: "x", count: 43))"]),
                    RawHTTPConnection.request("GET", imageURL, [signedIn]),
                    RawHTTPConnection.request("HEAD", imageURL, [signedIn]),
                ].joined())
            #expect(try await connection.answer().body == Array(Self.png))
            let anonymous = try await connection.answer()
            #expect(anonymous.status == 401)
            #expect(String(decoding: anonymous.body, as: UTF8.self) == #"{"error":{"message":"Sign in first."}}"#)
            #expect(try await connection.answer().status == 200)
            #expect(try await connection.answer().status == 401)
            #expect(try await connection.answer().body == Array(Self.png))
            #expect(try await connection.answer(bodiless: true).headers["content-length"] == "\(Self.png.count)")

            // Revoked, the token no longer gets the file.
            try await administration.revokeToken(named: "media", for: "owner")
            try connection.send(RawHTTPConnection.request("GET", imageURL, [signedIn]))
            #expect(try await connection.answer().status == 401)
        }
    }

    /// Drops the PNG of ``web`` into the first gallery; its URL once stored.
    private static func storeImage(_ client: some TestClientProtocol) async throws -> String {
        let gallery = try await client.firstGalleryID()
        let dropped = try await client.drop(urls: ["http://site.test/a.png"], into: gallery).items[0]
        return try #require(try await client.settled(dropped.id).imageURL)
    }
}

/// Runs `test` against the whole application with sign-in required, listening on a free port of 127.0.0.1, with an
/// owner who has an API token named "media" (given to `test` with the accounts' administration).
func testSignedInLiveApplication(
    web: FakeWeb = FakeWeb(),
    _ test: @Sendable (any TestClientProtocol, AccountAdministration, String) async throws -> Void
) async throws {
    try await withTemporaryFolder { folder in
        let administration = try await AccountAdministration.open(dataDirectory: folder)
        try await administration.resetPassword(of: "owner", to: SignedInWorld.ownerPassword)
        let token = try await administration.createToken(named: "media", for: "owner")
        var logger = Logger(label: "GalleryServerTests")
        logger.logLevel = .error
        let app = try await buildApplication(
            configuration: ServerConfiguration(port: 0, dataDirectory: folder, webRoot: webRoot),
            fetcher: web.fetcher, logger: logger)
        try await app.test(.live) { client in try await test(client, administration, token) }
    }
}
