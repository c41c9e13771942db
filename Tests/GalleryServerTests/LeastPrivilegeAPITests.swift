import Foundation
import GalleryCore
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

@testable import GalleryServer

/// What an attack run found: undo and redo past a revoked right, histories named by a value a stranger can send, a
/// read-only link reading more than the gallery's items, a gallery feed telling of galleries one may not see, and
/// guesses sent at once that the throttle did not count.
@Suite("Least privilege")
struct LeastPrivilegeAPITests {
    /// The owner's gallery holds a note; bob, its editor, has a gallery of his own and moved the note into it.
    private func noteMovedByBob(
        _ client: some TestClientProtocol, _ world: SignedInWorld, bobsTab: String = "bob-tab-1"
    ) async throws -> (owner: Visitor, bob: Visitor, bobs: String, note: String) {
        let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
        _ = try await client.send(
            .put, "/api/galleries/\(world.ownerGallery)/shares/bob", json: #"{"role":"editor"}"#, as: owner)
        let drop: DropJSON = try await client.call(
            .post, "/api/galleries/\(world.ownerGallery)/drops", json: #"{"payload":{"plainText":"private"}}"#,
            as: owner,
            expecting: .created)
        let note = try #require(drop.items.first?.id)
        let bob = try await client.signIn("bob", SignedInWorld.bobPassword)
        let bobs: RoleGalleryJSON = try await client.call(
            .post, "/api/galleries", json: #"{"name":"Bob's"}"#, as: bob, expecting: .created)
        let moved = try await client.send(
            .post, "/api/galleries/\(bobs.id)/moves", json: #"{"itemIds":["\#(note)"]}"#, as: bob,
            headers: tab(bobsTab))
        #expect(moved.status == .ok)
        return (owner, bob, bobs.id, note)
    }

    private func tab(_ token: String) -> HTTPFields {
        var fields = HTTPFields()
        fields.set("X-Gallery-Session", token)
        return fields
    }

    private func itemIDs(_ client: some TestClientProtocol, _ gallery: String, as visitor: Visitor) async throws
        -> [String]
    {
        try await client.call(.get, "/api/galleries/\(gallery)/items", as: visitor, as: ItemPageJSON.self).items
            .map(\.id)
    }

    @Test func aMemberWhoseAccessWasTakenAwayCannotRedoAMoveOutOfTheOwnersGallery() async throws {
        try await testSignedInApplication { client, world in
            let (owner, bob, bobs, note) = try await noteMovedByBob(client, world)
            let undone = try await client.send(
                .post, "/api/galleries/\(bobs)/undo", json: "{}", as: bob, headers: tab("bob-tab-1"))
            #expect(undone.status == .ok)
            #expect(try await itemIDs(client, world.ownerGallery, as: owner) == [note])

            _ = try await client.send(.delete, "/api/galleries/\(world.ownerGallery)/shares/bob", as: owner)
            let redone = try await client.send(
                .post, "/api/galleries/\(bobs)/redo", json: "{}", as: bob, headers: tab("bob-tab-1"))
            #expect(redone.status == .forbidden)
            #expect(String(buffer: redone.body).contains("can no longer be redone"))
            #expect(try await itemIDs(client, world.ownerGallery, as: owner) == [note])
            #expect(try await itemIDs(client, bobs, as: bob).isEmpty)
            #expect(try await client.send(.get, "/api/items/\(note)", as: bob).status == .notFound)
        }
    }

    @Test func aViewersUndoThatWouldPutItemsBackIntoTheSharedGalleryIsRefused() async throws {
        try await testSignedInApplication { client, world in
            let (owner, bob, bobs, note) = try await noteMovedByBob(client, world)
            _ = try await client.send(
                .put, "/api/galleries/\(world.ownerGallery)/shares/bob", json: #"{"role":"viewer"}"#, as: owner)
            let undone = try await client.send(
                .post, "/api/galleries/\(bobs)/undo", json: "{}", as: bob, headers: tab("bob-tab-1"))
            #expect(undone.status == .forbidden)
            #expect(try await itemIDs(client, bobs, as: bob) == [note])
            #expect(try await itemIDs(client, world.ownerGallery, as: owner).isEmpty)
        }
    }

    @Test func anotherPersonsTabTokenNamesNoHistoryOfTheirs() async throws {
        try await testSignedInApplication { client, world in
            let (owner, bob, bobs, note) = try await noteMovedByBob(client, world, bobsTab: "shared-token-1")
            _ = try await client.send(
                .put, "/api/galleries/\(bobs)/shares/owner", json: #"{"role":"editor"}"#, as: bob)
            // The owner learned bob's tab token: with it they reach their own (empty) history, not bob's.
            let undone = try await client.send(
                .post, "/api/galleries/\(bobs)/undo", json: "{}", as: owner, headers: tab("shared-token-1"))
            #expect(undone.status == .conflict)
            #expect(String(buffer: undone.body).contains("Nothing to undo."))
            #expect(try await itemIDs(client, bobs, as: owner) == [note])
        }
    }

    @Test func aReadOnlyLinkSeesTheItemsButNotTheTrashTheHistoryOrTheExport() async throws {
        try await testSignedInApplication { client, world in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            let link: SharesJSON.Link = try await client.call(
                .post, "/api/galleries/\(world.ownerGallery)/links", json: "{}", as: owner, expecting: .created)
            let token = String(try #require(link.url).dropFirst("/s/".count))
            let opened = try await client.send(.post, "/api/links/session", json: #"{"token":"\#(token)"}"#, as: nil)
            let session: SessionJSON = try opened.decoded()
            let pair = String(try #require(opened.headers[.setCookie]?.split(separator: ";").first))
            let visitor = Visitor(cookie: pair, csrfToken: try #require(session.csrfToken))

            #expect(
                try await client.send(.get, "/api/galleries/\(world.ownerGallery)/items", as: visitor).status == .ok)
            for path in ["trash", "history", "export"] {
                let response = try await client.send(
                    .get, "/api/galleries/\(world.ownerGallery)/\(path)", as: visitor, headers: tab("link-tab-1"))
                #expect(response.status == .forbidden, "\(path)")
            }
            // Their owner still has them.
            for path in ["trash", "history", "export"] {
                let response = try await client.send(
                    .get, "/api/galleries/\(world.ownerGallery)/\(path)", as: owner, headers: tab("owner-tab-1"))
                #expect(response.status == .ok, "\(path)")
            }
        }
    }

    @Test func theGalleryFeedIsSilentAboutAGalleryThePersonMayNotSee() async throws {
        try await testSignedInApplication { _, world in
            let store = world.parts.store
            let unseen = try await store.createGallery(named: "Someone else's").id
            let seen = try await store.createGallery(named: "Mine").id
            let asked = AsyncStream<Set<GalleryID>>.makeStream()
            let seenPublished = Atomic(false)
            let sentBeforeTheSeenChange = Atomic(0)
            let messages = AsyncStream<Void>.makeStream()
            let feed = GalleryListFeed(
                store: store,
                seesAny: { changed in
                    asked.continuation.yield(changed)
                    return changed.contains(seen)
                }, interval: .zero)
            let running = Task {
                try await feed.run { _ in
                    if !seenPublished.load(ordering: .sequentiallyConsistent) {
                        sentBeforeTheSeenChange.add(1, ordering: .sequentiallyConsistent)
                    }
                    messages.continuation.yield()
                }
            }
            var heard = messages.stream.makeAsyncIterator()
            await heard.next()  // the first message, at once
            _ = try await store.updateGallery(unseen, name: "Renamed", imagesPerRow: nil)
            var questions = asked.stream.makeAsyncIterator()
            #expect(await questions.next() == [unseen])
            seenPublished.store(true, ordering: .sequentiallyConsistent)
            _ = try await store.updateGallery(seen, name: "Mine, renamed", imagesPerRow: nil)
            await heard.next()
            running.cancel()
            #expect(sentBeforeTheSeenChange.load(ordering: .sequentiallyConsistent) == 1)
        }
    }

    @Test func guessesSentAtOnceAreThrottledLikeGuessesInARowAndNoneGetsIn() async throws {
        try await testSignedInApplication { client, _ in
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for attempt in 0..<200 {
                    // The right password among the guesses: throttled, it is refused like the others.
                    let password = attempt == 150 ? SignedInWorld.carolPassword : "guess-\(attempt)"
                    group.addTask {
                        try await client.send(
                            .post, "/api/session", json: #"{"name":"carol","password":"\#(password)"}"#, as: nil
                        ).status
                    }
                }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            // As in a row: five are checked freely, then one more only after each doubling wait (1 s, 2 s, 4 s …
            // after the last failure): ten checked would take guesses still arriving half a minute on.
            #expect(!statuses.contains(.ok))
            #expect(statuses.filter { $0 == .unauthorized }.count < 10)
            #expect(statuses.filter { $0 == .tooManyRequests }.count > 190)
        }
    }

    @Test func theOwnersRightPasswordIsTakenFromAnotherAddressWhileAStrangerIsThrottled() async throws {
        try await testSignedInApplication { _, world in
            let authenticator = world.parts.authenticator
            for attempt in 0..<5 {
                await #expect(throws: HTTPError.self) {
                    try await authenticator.signIn(name: "owner", password: "guess-\(attempt)", from: "203.0.113.9")
                }
            }
            // The stranger is refused whatever they send, the right password too…
            do {
                _ = try await authenticator.signIn(
                    name: "owner", password: SignedInWorld.ownerPassword, from: "203.0.113.9")
                Issue.record("A throttled address got in")
            } catch let error as HTTPError {
                #expect(error.status == .tooManyRequests)
            }
            // …while the owner, elsewhere, gets in.
            let signedIn = try await authenticator.signIn(
                name: "owner", password: SignedInWorld.ownerPassword, from: "198.51.100.20")
            #expect(signedIn.credentials.identity.user?.name == "owner")
        }
    }
}
