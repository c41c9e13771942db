import Foundation
import GalleryCore
import GalleryServer
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import MediaProbe
import NIOCore
import Synchronization
import TestSupport
import Testing

// MARK: - A fake web

/// A signal a test sends once; waiting for it ends early (throwing `CancellationError`) when the task is cancelled.
struct Gate: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    }

    /// Lets every waiter go on.
    func open() {
        continuation.yield()
        continuation.finish()
    }

    /// Returns once the gate is open.
    func wait() async throws {
        for await _ in stream { return }
        try Task.checkCancellation()
    }
}

/// What the fake web answers for a URL.
enum WebAnswer: Sendable {
    /// These bytes.
    case bytes(Data)
    /// These bytes, once the gate is open.
    case bytesAfter(Gate, Data)
    /// This error.
    case failure(Fetcher.Error)
    /// Nothing, ever (until the fetch is cancelled).
    case silence
}

/// A table of URLs and their answers, as a `Fetcher`; unknown URLs answer 404.
final class FakeWeb: Sendable {
    private let answers: Mutex<[String: WebAnswer]>
    private let requests = Mutex<[String]>([])

    init(_ answers: [String: WebAnswer] = [:]) {
        self.answers = Mutex(answers)
    }

    /// Changes the answer for a URL.
    func answer(_ url: String, with answer: WebAnswer) {
        answers.withLock { $0[url] = answer }
    }

    /// The URLs fetched so far, in order.
    var requestedURLs: [String] { requests.withLock { $0 } }

    var fetcher: Fetcher {
        Fetcher { [self] url, limits, sink, progress in
            let key = url.absoluteString
            requests.withLock { $0.append(key) }
            switch answers.withLock({ $0[key] }) ?? .failure(.httpStatus(404)) {
            case .bytes(let data):
                return try await Self.deliver(data, from: url, sink: sink, progress: progress)
            case .bytesAfter(let gate, let data):
                try await gate.wait()
                return try await Self.deliver(data, from: url, sink: sink, progress: progress)
            case .failure(let error):
                throw error
            case .silence:
                try await Gate().wait()
                throw CancellationError()
            }
        }
    }

    private static func deliver(
        _ data: Data, from url: URL, sink: Fetcher.Sink, progress: Fetcher.Progress
    ) async throws -> Fetcher.Response {
        let bytes = [UInt8](data)
        var sent = 0
        progress(0, Int64(bytes.count))
        do {
            repeat {
                let end = min(sent + 1000, bytes.count)
                try await sink(Array(bytes[sent..<end]))
                sent = end
                progress(Int64(sent), Int64(bytes.count))
            } while sent < bytes.count
        } catch is Fetcher.StopReading {}
        return Fetcher.Response(finalURL: url, contentType: nil, byteCount: Int64(sent))
    }
}

// MARK: - The application

/// The `Web` folder of this repository.
let webRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Web", isDirectory: true)

/// A folder under the system's temporary folder, removed when `body` ends.
func withTemporaryFolder(_ body: (URL) async throws -> Void) async throws {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("GalleryServerTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try await body(folder)
}

/// Runs `test` against the application (through its router) on the data folder, with `web` as the internet, within
/// `bounds` and `imageLimits`.
func testApplication(
    dataDirectory: URL, web: FakeWeb, bounds: ServerConfiguration.Bounds = .init(),
    imageLimits: ImageLimits = .init(), _ test: @Sendable (any TestClientProtocol) async throws -> Void
) async throws {
    var logger = Logger(label: "GalleryServerTests")
    logger.logLevel = .error
    let app = try await buildApplication(
        configuration: ServerConfiguration(
            dataDirectory: dataDirectory, webRoot: webRoot, imageLimits: imageLimits, requiresSignIn: false,
            bounds: bounds),
        fetcher: web.fetcher, logger: logger)
    try await app.test(.router, test)
}

/// Runs `test` against a fresh application listening on a free port of 127.0.0.1 (for WebSockets), keeping
/// `eventRetention` events per gallery, within `bounds`; with `requiresSignIn`, nobody is signed in (the owner may,
/// with `ownerPassword`).
func testLiveApplication(
    web: FakeWeb = FakeWeb(), eventRetention: Int = 5000, bounds: ServerConfiguration.Bounds = .init(),
    requiresSignIn: Bool = false, ownerPassword: String? = nil,
    _ test: @Sendable (any TestClientProtocol) async throws -> Void
) async throws {
    try await withTemporaryFolder { folder in
        if let ownerPassword {
            try await AccountAdministration.open(dataDirectory: folder).resetPassword(of: "owner", to: ownerPassword)
        }
        var logger = Logger(label: "GalleryServerTests")
        logger.logLevel = .error
        let app = try await buildApplication(
            configuration: ServerConfiguration(
                port: 0, dataDirectory: folder, webRoot: webRoot, eventRetention: eventRetention,
                requiresSignIn: requiresSignIn, bounds: bounds),
            fetcher: web.fetcher, logger: logger)
        try await app.test(.live, test)
    }
}

/// Runs `test` against a fresh application on a temporary data folder, within `bounds` and `imageLimits`.
func testApplication(
    web: FakeWeb = FakeWeb(), bounds: ServerConfiguration.Bounds = .init(), imageLimits: ImageLimits = .init(),
    _ test: @Sendable (any TestClientProtocol) async throws -> Void
) async throws {
    try await withTemporaryFolder { folder in
        try await testApplication(dataDirectory: folder, web: web, bounds: bounds, imageLimits: imageLimits, test)
    }
}

// MARK: - The API as a client sees it

struct GalleryJSON: Decodable, Equatable {
    struct Cover: Decodable, Equatable {
        var itemId: String
        var imageURL: String
        var width: Int
        var height: Int
    }

    var id: String
    var name: String
    var imagesPerRow: Int
    var view: String
    var sequence: Int64
    var trashCount: Int
    var itemCount: Int
    var trashed: Bool
    var cover: Cover?
}

struct ItemJSON: Decodable, Equatable {
    struct Failure: Decodable, Equatable {
        var code: String
        var message: String
    }

    var id: String
    var kind: String
    var galleryId: String
    var orderKey: String
    var state: String
    var origin: String
    var title: String
    var sourceURL: String?
    var text: String?
    var pageURL: String?
    var description: String?
    var siteName: String?
    var siteIconURL: String?
    var imageURL: String?
    var originalURL: String?
    var videoURL: String?
    var posterURL: String?
    var durationSeconds: Double?
    var mimeType: String?
    var width: Int?
    var height: Int?
    var byteCount: Int64?
    var failure: Failure?
    var retryable: Bool
    var trashed: Bool
    var changeSequence: Int64
    var board: BoardJSON?
}

/// An item's place on its gallery's board.
struct BoardJSON: Decodable, Equatable {
    var x: Double
    var y: Double
    var width: Double
    var z: Int
}

struct ItemPageJSON: Decodable {
    var gallery: GalleryJSON
    var items: [ItemJSON]
    var position: Int
    var count: Int
    var nextCursor: String?
    var previousCursor: String?
}

struct ChangesJSON: Decodable {
    var gallery: GalleryJSON
    var items: [ItemJSON]
    var through: Int64
    var complete: Bool
}

struct DropJSON: Decodable {
    struct Upload: Decodable {
        var itemId: String
        var fileIndex: Int
        var uploadURL: String
    }

    var items: [ItemJSON]
    var uploads: [Upload]
}

struct ErrorJSON: Decodable {
    struct Body: Decodable { var message: String }
    var error: Body
}

/// A failed HTTP expectation, with the response body to explain it.
struct UnexpectedResponse: Error, CustomStringConvertible {
    var status: HTTPResponse.Status
    var body: String
    var description: String { "unexpected \(status): \(body)" }
}

extension TestResponse {
    /// The body as bytes.
    var bytes: Data { Data(body.readableBytesView) }

    /// The body decoded from JSON.
    func decoded<T: Decodable>(as type: T.Type = T.self) throws -> T {
        try JSONDecoder().decode(T.self, from: bytes)
    }

    /// The body decoded from JSON, once the status is the expected one.
    func decoded<T: Decodable>(expecting status: HTTPResponse.Status, as type: T.Type = T.self) throws -> T {
        guard self.status == status else { throw UnexpectedResponse(status: self.status, body: String(buffer: body)) }
        return try decoded()
    }
}

extension TestClientProtocol {
    /// Sends a request with an optional JSON body, optionally naming an undo history session.
    func send(_ method: HTTPRequest.Method, _ uri: String, json: String? = nil, session: String? = nil)
        async throws -> TestResponse
    {
        // A browser page sends JSON with every change (the server refuses changes that are not JSON).
        let changes = ![.get, .head, .options].contains(method)
        var headers: HTTPFields = json != nil || changes ? [.contentType: "application/json"] : [:]
        if let session, let name = HTTPField.Name("X-Gallery-Session") { headers[name] = session }
        return try await execute(uri: uri, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) })
    }

    /// Sends a request and decodes the answer, which must have the expected status.
    func call<T: Decodable>(
        _ method: HTTPRequest.Method, _ uri: String, json: String? = nil, session: String? = nil,
        expecting status: HTTPResponse.Status = .ok, as type: T.Type = T.self
    ) async throws -> T {
        try await send(method, uri, json: json, session: session).decoded(expecting: status)
    }

    /// The id of the gallery `/` opens.
    func firstGalleryID() async throws -> String {
        let response = try await send(.get, "/")
        #expect(response.status == .found)
        let location = try #require(response.headers[.location])
        #expect(location.hasPrefix("/g/"))
        return String(location.dropFirst("/g/".count))
    }

    /// Drops a payload (JSON text) into a gallery, optionally at a position (JSON text), expecting 201.
    func drop(payload: String, into gallery: String, at position: String? = nil) async throws -> DropJSON {
        let body = position.map { #"{"payload":\#(payload),"at":\#($0)}"# } ?? #"{"payload":\#(payload)}"#
        return try await call(.post, "/api/galleries/\(gallery)/drops", json: body, expecting: .created)
    }

    /// Drops links (as a uri-list) into a gallery.
    func drop(urls: [String], into gallery: String, at position: String? = nil) async throws -> DropJSON {
        try await drop(payload: uriListPayload(urls), into: gallery, at: position)
    }

    /// One item.
    func item(_ id: String) async throws -> ItemJSON {
        try await call(.get, "/api/items/\(id)")
    }

    /// The live items of a gallery, in order.
    func items(in gallery: String) async throws -> [ItemJSON] {
        try await call(.get, "/api/galleries/\(gallery)/items", as: ItemPageJSON.self).items
    }

    /// The gallery.
    func gallery(_ id: String) async throws -> GalleryJSON {
        try await call(.get, "/api/galleries/\(id)")
    }

    /// The item once it is no longer pending: asks again, a bounded number of times, a short while apart.
    func settled(_ id: String) async throws -> ItemJSON {
        for _ in 0..<1000 {
            let current = try await item(id)
            if current.state != "pending" { return current }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("item \(id) is still pending")
        return try await item(id)
    }
}

/// A drop payload carrying these URLs as a uri-list.
func uriListPayload(_ urls: [String]) -> String {
    let list = urls.joined(separator: "\r\n")
    let data = try! JSONEncoder().encode(["uriList": list])
    return String(decoding: data, as: UTF8.self)
}
