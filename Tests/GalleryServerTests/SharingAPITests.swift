import Foundation
import GalleryServer
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

struct SharesJSON: Decodable {
    struct User: Decodable, Equatable {
        var name: String
        var role: String
    }

    struct Link: Decodable {
        var id: String
        var url: String?
    }

    var users: [User]
    var links: [Link]
}

struct RoleGalleryJSON: Decodable {
    var id: String
    var name: String
    var role: String?
}

struct RoleGalleryListJSON: Decodable { var galleries: [RoleGalleryJSON] }

/// Galleries belong to their owners; they are given to others as viewer or editor, or shown by a read-only link.
@Suite("Sharing galleries")
struct SharingAPITests {
    @Test func eachPersonListsOnlyTheGalleriesTheyOwnOrWereGivenWithTheirRole() async throws {
        try await testSignedInApplication { client, world in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            let bob = try await client.signIn("bob", SignedInWorld.bobPassword)
            let bobs: RoleGalleryJSON = try await client.call(
                .post, "/api/galleries", json: #"{"name":"Bob's"}"#, as: bob, expecting: .created)
            #expect(bobs.role == "owner")
            let ownerList = try await client.call(.get, "/api/galleries", as: owner, as: RoleGalleryListJSON.self)
            #expect(ownerList.galleries.map(\.name) == ["My Gallery"])
            let given: SharesJSON.User = try await client.call(
                .put, "/api/galleries/\(world.ownerGallery)/shares/bob", json: #"{"role":"editor"}"#, as: owner)
            #expect(given == .init(name: "bob", role: "editor"))
            let bobList = try await client.call(.get, "/api/galleries", as: bob, as: RoleGalleryListJSON.self)
            #expect(bobList.galleries.map(\.name) == ["Bob's", "My Gallery"])
            #expect(bobList.galleries.map(\.role) == ["owner", "editor"])
            let shares: SharesJSON = try await client.call(
                .get, "/api/galleries/\(world.ownerGallery)/shares", as: owner)
            #expect(shares.users == [.init(name: "bob", role: "editor")])
            let unknown = try await client.send(
                .put, "/api/galleries/\(world.ownerGallery)/shares/nobody", json: #"{"role":"viewer"}"#, as: owner)
            #expect(unknown.status == .notFound)
        }
    }

    @Test func anEditorChangesItemsButCannotDeleteOrShareTheGallery() async throws {
        try await testSignedInApplication { client, world in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            _ = try await client.send(
                .put, "/api/galleries/\(world.ownerGallery)/shares/bob", json: #"{"role":"editor"}"#, as: owner)
            let bob = try await client.signIn("bob", SignedInWorld.bobPassword)
            let renamed = try await client.send(
                .patch, "/api/galleries/\(world.ownerGallery)", json: #"{"name":"Ours"}"#, as: bob)
            #expect(renamed.status == .ok)
            let deleted = try await client.send(.delete, "/api/galleries/\(world.ownerGallery)", as: bob)
            #expect(deleted.status == .forbidden)
            let shared = try await client.send(
                .put, "/api/galleries/\(world.ownerGallery)/shares/carol", json: #"{"role":"viewer"}"#, as: bob)
            #expect(shared.status == .forbidden)
        }
    }

    @Test func itemsCannotBeMovedOrCopiedOutOfAGalleryOneWasNotGiven() async throws {
        try await testSignedInApplication { client, world in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            let drop: DropJSON = try await client.call(
                .post, "/api/galleries/\(world.ownerGallery)/drops",
                json: #"{"payload":{"files":[{"name":"a.png","type":"image/png","size":10}]}}"#, as: owner,
                expecting: .created)
            let item = try #require(drop.items.first?.id)
            let carol = try await client.signIn("carol", SignedInWorld.carolPassword)
            let mine: RoleGalleryJSON = try await client.call(
                .post, "/api/galleries", json: #"{"name":"Carol's"}"#, as: carol, expecting: .created)
            for kind in ["moves", "copies"] {
                let response = try await client.send(
                    .post, "/api/galleries/\(mine.id)/\(kind)", json: #"{"itemIds":["\#(item)"]}"#, as: carol)
                #expect(response.status == .notFound, "\(kind)")
            }
            let items = try await client.call(
                .get, "/api/galleries/\(world.ownerGallery)/items", as: owner, as: ItemPageJSON.self)
            #expect(items.items.map(\.id) == [item])
            // A viewer may copy out (into their own gallery) but not move out.
            _ = try await client.send(
                .put, "/api/galleries/\(world.ownerGallery)/shares/carol", json: #"{"role":"viewer"}"#, as: owner)
            let moved = try await client.send(
                .post, "/api/galleries/\(mine.id)/moves", json: #"{"itemIds":["\#(item)"]}"#, as: carol)
            #expect(moved.status == .forbidden)
            let copied = try await client.send(
                .post, "/api/galleries/\(mine.id)/copies", json: #"{"itemIds":["\#(item)"]}"#, as: carol)
            #expect(copied.status == .created)
        }
    }

    @Test func aReadOnlyLinkShowsItsGalleryOnlyAndStopsWhenRevoked() async throws {
        try await testSignedInApplication { client, world in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            let other: RoleGalleryJSON = try await client.call(
                .post, "/api/galleries", json: #"{"name":"Private"}"#, as: owner, expecting: .created)
            let link: SharesJSON.Link = try await client.call(
                .post, "/api/galleries/\(world.ownerGallery)/links", json: "{}", as: owner, expecting: .created)
            let url = try #require(link.url)
            let token = String(url.dropFirst("/s/".count))
            // Its page with an item open is there before a session is made; a link that does not work has none.
            let item = UUID().uuidString.lowercased()
            #expect(try await client.send(.get, "\(url)/items/\(item)", as: nil).status == .ok)
            #expect(try await client.send(.get, "/s/\(token)x/items/\(item)", as: nil).status == .notFound)
            let opened = try await client.send(.post, "/api/links/session", json: #"{"token":"\#(token)"}"#, as: nil)
            #expect(opened.status == .ok)
            let session: SessionJSON = try opened.decoded()
            #expect(session.galleryId == world.ownerGallery)
            #expect(session.user == nil)
            let pair = String(try #require(opened.headers[.setCookie]?.split(separator: ";").first))
            let visitor = Visitor(cookie: pair, csrfToken: try #require(session.csrfToken))
            let items = try await client.send(.get, "/api/galleries/\(world.ownerGallery)/items", as: visitor)
            #expect(items.status == .ok)
            #expect(try await client.send(.get, "/api/galleries/\(other.id)", as: visitor).status == .notFound)
            let drop = try await client.send(
                .post, "/api/galleries/\(world.ownerGallery)/drops", json: #"{"payload":{"text":"x"}}"#, as: visitor)
            #expect(drop.status == .forbidden)
            let list = try await client.call(.get, "/api/galleries", as: visitor, as: RoleGalleryListJSON.self)
            #expect(list.galleries.map(\.role) == ["viewer"])
            let shares: SharesJSON = try await client.call(
                .get, "/api/galleries/\(world.ownerGallery)/shares", as: owner)
            #expect(shares.links.count == 1)
            #expect(shares.links.first?.url == nil)
            let revoked = try await client.send(
                .delete, "/api/galleries/\(world.ownerGallery)/links/\(link.id)", as: owner)
            #expect(revoked.status == .noContent)
            #expect(try await client.send(.get, "/api/galleries", as: visitor).status == .unauthorized)
            let reopened = try await client.send(
                .post, "/api/links/session", json: #"{"token":"\#(token)"}"#, as: nil)
            #expect(reopened.status == .notFound)
            #expect(try await client.send(.get, "\(url)/items/\(item)", as: nil).status == .notFound)
        }
    }

    @Test func onePersonsBurstOfLinksLeavesRoomForEveryoneElse() async throws {
        let web = FakeWeb(
            Dictionary(uniqueKeysWithValues: (1...5).map { ("http://site.test/slow\($0).png", WebAnswer.silence) }))
        try await testSignedInApplication(bounds: .init(pendingLoads: 10, pendingLoadsPerPerson: 3), web: web) {
            client, world in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            let links = uriListPayload((1...3).map { "http://site.test/slow\($0).png" })
            let first = try await client.send(
                .post, "/api/galleries/\(world.ownerGallery)/drops", json: #"{"payload":\#(links)}"#, as: owner)
            #expect(first.status == .created)
            let more = try await client.send(
                .post, "/api/galleries/\(world.ownerGallery)/drops",
                json: #"{"payload":\#(uriListPayload(["http://site.test/slow4.png"]))}"#, as: owner)
            #expect(more.status == .serviceUnavailable)
            #expect(String(buffer: more.body).contains("You have too many images loading (at most 3 at once)"))
            #expect(more.headers[.retryAfter] == "30")
            let bob = try await client.signIn("bob", SignedInWorld.bobPassword)
            let bobs: RoleGalleryJSON = try await client.call(
                .post, "/api/galleries", json: #"{"name":"Bob's"}"#, as: bob, expecting: .created)
            let other = try await client.send(
                .post, "/api/galleries/\(bobs.id)/drops",
                json: #"{"payload":\#(uriListPayload(["http://site.test/slow5.png"]))}"#, as: bob)
            #expect(other.status == .created)
            let items = try await client.call(
                .get, "/api/galleries/\(world.ownerGallery)/items", as: owner, as: ItemPageJSON.self)
            #expect(items.items.count == 3)
        }
    }

    @Test func copiesDuplicatesAndRetriesCountAmongThePersonsLoads() async throws {
        let slow = (1...3).map { "http://site.test/slow\($0).png" }
        let web = FakeWeb(Dictionary(uniqueKeysWithValues: slow.map { ($0, WebAnswer.silence) }))
        try await testSignedInApplication(bounds: .init(pendingLoads: 10, pendingLoadsPerPerson: 3), web: web) {
            client, world in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            let gallery = world.ownerGallery
            // An item that failed (unknown links answer 404), then the owner's three places taken by loading links.
            let broken: DropJSON = try await client.call(
                .post, "/api/galleries/\(gallery)/drops",
                json: #"{"payload":\#(uriListPayload(["http://site.test/gone.png"]))}"#, as: owner,
                expecting: .created)
            let brokenID = try #require(broken.items.first?.id)
            var state = ""
            while state != "failed" {
                state = try await client.call(.get, "/api/items/\(brokenID)", as: owner, as: ItemJSON.self).state
                try await Task.sleep(for: .milliseconds(10))
            }
            let loading: DropJSON = try await client.call(
                .post, "/api/galleries/\(gallery)/drops", json: #"{"payload":\#(uriListPayload(slow))}"#, as: owner,
                expecting: .created)
            let second: RoleGalleryJSON = try await client.call(
                .post, "/api/galleries", json: #"{"name":"Second"}"#, as: owner, expecting: .created)

            let ids = loading.items.map { #""\#($0.id)""# }.joined(separator: ",")
            let copy = try await client.send(
                .post, "/api/galleries/\(second.id)/copies", json: #"{"itemIds":[\#(ids)]}"#,
                as: owner)
            #expect(copy.status == .serviceUnavailable)
            #expect(copy.headers[.retryAfter] == "30")
            let copied = try await client.call(
                .get, "/api/galleries/\(second.id)/items", as: owner, as: ItemPageJSON.self)
            #expect(copied.items.isEmpty)

            let galleriesBefore = try await client.call(.get, "/api/galleries", as: owner, as: RoleGalleryListJSON.self)
            let duplicate = try await client.send(.post, "/api/galleries/\(gallery)/duplicate", json: "{}", as: owner)
            #expect(duplicate.status == .serviceUnavailable)
            let galleriesAfter = try await client.call(.get, "/api/galleries", as: owner, as: RoleGalleryListJSON.self)
            #expect(galleriesAfter.galleries.count == galleriesBefore.galleries.count)

            let retry = try await client.send(.post, "/api/items/\(brokenID)/retry", json: "{}", as: owner)
            #expect(retry.status == .serviceUnavailable)
            #expect(
                try await client.call(.get, "/api/items/\(brokenID)", as: owner, as: ItemJSON.self).state == "failed")

            // What loads nothing needs no room: the failed item copies.
            let failedCopy = try await client.send(
                .post, "/api/galleries/\(second.id)/copies",
                json: #"{"itemIds":["\#(brokenID)"]}"#, as: owner)
            #expect(failedCopy.status == .created)
        }
    }
}
