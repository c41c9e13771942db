import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import GalleryServer

/// Someone signed in through the API: the session cookie and the CSRF token their page would send.
struct Visitor: Sendable {
    var cookie: String
    var csrfToken: String
}

/// What a signed-in test world holds: the server's parts and the passwords of its people.
struct SignedInWorld: Sendable {
    let parts: GalleryServices
    /// The owner's first gallery ("My Gallery").
    let ownerGallery: String
    static let ownerPassword = "owner-password-1"
    static let bobPassword = "bob-password-1"
    static let carolPassword = "carol-password-1"
}

struct SessionJSON: Decodable {
    struct UserJSON: Decodable { var name: String }
    var user: UserJSON?
    var galleryId: String?
    var csrfToken: String?
    var authRequired: Bool
}

/// The passwords' hashes of every signed-in world, made once: the server hashes one password at a time, process-wide,
/// so three hashes for each of the many worlds the tests make would queue the sign-ins of those running meanwhile
/// past their client's 20-second timeout on a loaded machine.
private let signedInWorldHashes = Task { () async throws -> (owner: String, bob: String, carol: String) in
    let hasher = PasswordHasher()
    return (
        try await hasher.hash(SignedInWorld.ownerPassword), try await hasher.hash(SignedInWorld.bobPassword),
        try await hasher.hash(SignedInWorld.carolPassword)
    )
}

/// The server with sign-in required, an owner (password set), and two more users, bob and carol, who were given
/// nothing yet; `test` runs against its router.
/// With `live`, the application listens on a free port of 127.0.0.1 with its WebSocket feeds.
func testSignedInApplication(
    allowedHosts: [String] = [], live: Bool = false, bounds: ServerConfiguration.Bounds = .init(),
    web: FakeWeb = FakeWeb(),
    _ test: @Sendable (any TestClientProtocol, SignedInWorld) async throws -> Void
) async throws {
    try await withTemporaryFolder { folder in
        let accounts = try await AccountAdministration.open(dataDirectory: folder).accounts
        let hashes = try await signedInWorldHashes.value
        let owner = try #require(try await accounts.user(named: "owner"))
        try await accounts.setPasswordHash(hashes.owner, of: owner.id)
        _ = try await accounts.createUser(named: "bob", passwordHash: hashes.bob, isAdmin: false)
        _ = try await accounts.createUser(named: "carol", passwordHash: hashes.carol, isAdmin: false)
        var logger = Logger(label: "GalleryServerTests")
        logger.logLevel = .error
        let configuration = ServerConfiguration(
            port: 0, dataDirectory: folder, webRoot: webRoot, allowedHosts: allowedHosts, bounds: bounds)
        let parts = try await buildServices(configuration: configuration, fetcher: web.fetcher, logger: logger)
        let router = buildRouter(parts, configuration: configuration)
        let gallery = try await parts.store.galleries().first?.id.rawValue ?? ""
        let world = SignedInWorld(parts: parts, ownerGallery: gallery)
        guard live else {
            try await Application(router: router, logger: logger).test(.router) { client in
                try await test(client, world)
            }
            return
        }
        let app = Application(
            router: router,
            server: .http1WebSocketUpgrade(webSocketRouter: buildLiveRouter(parts, configuration: configuration)),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: logger)
        try await app.test(.live) { client in try await test(client, world) }
    }
}

extension TestClientProtocol {
    /// Signs in through the API, expecting success.
    func signIn(_ name: String, _ password: String) async throws -> Visitor {
        let response = try await execute(
            uri: "/api/session", method: .post, headers: [.contentType: "application/json"],
            body: ByteBuffer(string: #"{"name":"\#(name)","password":"\#(password)"}"#))
        guard response.status == .ok else {
            throw UnexpectedResponse(status: response.status, body: String(buffer: response.body))
        }
        let session: SessionJSON = try response.decoded()
        let setCookie = try #require(response.headers[.setCookie])
        let pair = try #require(setCookie.split(separator: ";").first)
        return Visitor(cookie: String(pair), csrfToken: try #require(session.csrfToken))
    }

    /// Sends a request as a signed-in page would (cookie, CSRF token, JSON), with extra or replaced headers.
    func send(
        _ method: HTTPRequest.Method, _ uri: String, json: String? = nil, as visitor: Visitor?,
        headers extra: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers: HTTPFields = [:]
        if ![.get, .head].contains(method) { headers[.contentType] = "application/json" }
        if let visitor {
            headers[.cookie] = visitor.cookie
            if let name = HTTPField.Name("X-CSRF-Token") { headers[name] = visitor.csrfToken }
        }
        for field in extra { headers[field.name] = field.value }
        return try await execute(uri: uri, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) })
    }

    /// Sends a request as `visitor` and decodes the answer, which must have the expected status.
    func call<T: Decodable>(
        _ method: HTTPRequest.Method, _ uri: String, json: String? = nil, as visitor: Visitor,
        expecting status: HTTPResponse.Status = .ok, as type: T.Type = T.self
    ) async throws -> T {
        try await send(method, uri, json: json, as: visitor).decoded(expecting: status)
    }
}

/// A read-only link's visitor of the owner's gallery.
func readOnlyLinkVisitor(_ client: any TestClientProtocol, _ world: SignedInWorld, owner: Visitor) async throws
    -> Visitor
{
    let link: SharesJSON.Link = try await client.call(
        .post, "/api/galleries/\(world.ownerGallery)/links", json: "{}", as: owner, expecting: .created)
    let token = String(try #require(link.url).dropFirst("/s/".count))
    let opened = try await client.send(.post, "/api/links/session", json: #"{"token":"\#(token)"}"#, as: nil)
    let session: SessionJSON = try opened.decoded(expecting: .ok)
    let cookie = String(try #require(opened.headers[.setCookie]?.split(separator: ";").first))
    return Visitor(cookie: cookie, csrfToken: try #require(session.csrfToken))
}
