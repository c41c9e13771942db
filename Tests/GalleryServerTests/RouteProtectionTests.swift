import Foundation
import GalleryServer
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

/// Every route of the real router, tried by people who should not get in: a new route that forgets its check fails
/// here without anyone listing it.
@Suite("Every route is protected")
struct RouteProtectionTests {
    /// The only routes reached without signing in: the sign-in, setup and link pages (a link's with an item open
    /// too, for a link that works) and the calls they make, and the health checks (which say only "ok" or "ready").
    static let publicRoutes: Set<String> = [
        "GET /signin", "GET /setup", "GET /s/{token}", "GET /s/{token}/items/{item}", "GET /api/session",
        "POST /api/session",
        "POST /api/setup", "POST /api/links/session", "GET /healthz", "GET /readyz",
    ]

    /// Changes a viewer may make: copying a gallery they see into one of their own, saying they opened it, and
    /// putting the items not on a big board yet where they go (which follows from the gallery, not from who asks).
    static let viewerChanges: Set<String> = [
        "POST /api/galleries/{gallery}/duplicate", "POST /api/galleries/{gallery}/opened",
        "POST /api/galleries/{gallery}/board/rest",
    ]

    /// Every route, with its parameters filled in with things the owner has.
    func routes(_ world: SignedInWorld, item: String) -> [(name: String, method: HTTPRequest.Method, uri: String)] {
        let router = buildRouter(
            world.parts, configuration: ServerConfiguration(dataDirectory: URL(fileURLWithPath: "/")))
        return router.routes.map { route in
            let path = route.path.description
            let uri = path.replacingOccurrences(of: "{gallery}", with: world.ownerGallery)
                .replacingOccurrences(of: "{item}", with: item)
                .replacingOccurrences(of: "{file}", with: String(repeating: "a", count: 64) + ".png")
                .replacingOccurrences(of: "{user}", with: "bob")
                .replacingOccurrences(of: "{link}", with: UUID().uuidString.lowercased())
                .replacingOccurrences(of: "{token}", with: "x")
            return ("\(route.method) \(path)", route.method, uri.hasPrefix("/") ? uri : "/" + uri)
        }
    }

    /// An item in the owner's gallery.
    func ownerItem(_ client: some TestClientProtocol, _ world: SignedInWorld, _ owner: Visitor) async throws -> String {
        let drop: DropJSON = try await client.call(
            .post, "/api/galleries/\(world.ownerGallery)/drops",
            json: #"{"payload":{"files":[{"name":"a.png","type":"image/png","size":10}]}}"#, as: owner,
            expecting: .created)
        return try #require(drop.items.first?.id)
    }

    @Test func everyRouteButTheSignInPagesAsksForASession() async throws {
        try await testSignedInApplication { client, world in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            let item = try await ownerItem(client, world, owner)
            let all = routes(world, item: item)
            #expect(all.count > 25)
            for route in all where !Self.publicRoutes.contains(route.name) {
                let response = try await client.send(route.method, route.uri, json: "{}", as: nil)
                let pageRedirect =
                    response.status == .found && response.headers[.location]?.hasPrefix("/signin?next=") == true
                #expect(
                    response.status == .unauthorized || pageRedirect,
                    "\(route.name) answered \(response.status) without a session")
            }
        }
    }

    @Test func someoneGivenNothingFindsNoGalleryAndNoItemOfIt() async throws {
        try await testSignedInApplication { client, world in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            let item = try await ownerItem(client, world, owner)
            let carol = try await client.signIn("carol", SignedInWorld.carolPassword)
            for route in routes(world, item: item)
            where route.name.contains("{gallery}") || route.name.contains("{item}") {
                let response = try await client.send(route.method, route.uri, json: "{}", as: carol)
                #expect(response.status == .notFound, "\(route.name) answered \(response.status) to a stranger")
            }
        }
    }

    @Test func aViewerCanReadButChangesNothing() async throws {
        try await testSignedInApplication { client, world in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            let item = try await ownerItem(client, world, owner)
            let shared = try await client.send(
                .put, "/api/galleries/\(world.ownerGallery)/shares/bob", json: #"{"role":"viewer"}"#, as: owner)
            #expect(shared.status == .ok)
            let bob = try await client.signIn("bob", SignedInWorld.bobPassword)
            let before = try await client.call(
                .get, "/api/galleries/\(world.ownerGallery)/items", as: owner, as: ItemPageJSON.self)
            for route in routes(world, item: item)
            where (route.name.contains("{gallery}") || route.name.contains("{item}")) && route.method != .get
                && !Self.viewerChanges.contains(route.name)
            {
                let response = try await client.send(route.method, route.uri, json: "{}", as: bob)
                #expect(response.status == .forbidden, "\(route.name) answered \(response.status) to a viewer")
            }
            let read = try await client.send(.get, "/api/galleries/\(world.ownerGallery)/items", as: bob)
            #expect(read.status == .ok)
            let after = try await client.call(
                .get, "/api/galleries/\(world.ownerGallery)/items", as: owner, as: ItemPageJSON.self)
            #expect(after.items == before.items)
            #expect(after.gallery.name == before.gallery.name)
        }
    }
}
