import Foundation
import GalleryCore
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import GalleryServer

/// `GET /api/search` (issue "Find anything"): results from every gallery the person may read and none other (not
/// their count, not a gallery's name), a read-only link's gallery alone, pages by cursor, and every bad input a clear
/// 400 — text that looks like query syntax is plain words, never a 500.
@Suite("Search over HTTP")
struct SearchAPITests {
    private struct FoundJSON: Decodable {
        struct Item: Decodable {
            var id: String
            var title: String
            var galleryId: String
            var galleryName: String
        }

        var items: [Item]
        var count: Int
        var more: Bool
        var nextCursor: String?
    }

    private struct AddedJSON: Decodable {
        struct Item: Decodable { var id: String }
        var items: [Item]
    }

    /// `/api/search` with these query parameters, each encoded.
    private func searchURI(_ parameters: [String: String]) -> String {
        var components = URLComponents()
        components.path = "/api/search"
        components.queryItems = parameters.sorted { $0.key < $1.key }.map {
            URLQueryItem(name: $0.key, value: $0.value)
        }
        // `+` is a space to some readers: sent encoded, it is a plus.
        return components.string!.replacingOccurrences(of: "+", with: "%2B")
    }

    private func addNote(_ client: some TestClientProtocol, _ text: String, to gallery: String, as visitor: Visitor)
        async throws -> String
    {
        let added: AddedJSON = try await client.call(
            .post, "/api/galleries/\(gallery)/notes", json: #"{"text":\#(jsonString(text))}"#, as: visitor,
            expecting: .created)
        return try #require(added.items.first?.id)
    }

    @Test func peopleFindOnlyWhatTheyMayReadAndALinkOnlyItsGallery() async throws {
        try await testSignedInApplication { client, world in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            let shown = try await addNote(client, "Kerning specimen", to: world.ownerGallery, as: owner)
            let secret: GalleryIDJSON = try await client.call(
                .post, "/api/galleries", json: #"{"name":"Secret plans"}"#, as: owner, expecting: .created)
            _ = try await addNote(client, "kerning secrets", to: secret.id, as: owner)

            let all: FoundJSON = try await client.call(.get, searchURI(["q": "kern"]), as: owner)
            #expect(Set(all.items.map(\.galleryId)) == [world.ownerGallery, secret.id] && all.count == 2)

            let carol = try await client.signIn("carol", SignedInWorld.carolPassword)
            let strangers = try await client.send(.get, searchURI(["q": "kerning"]), as: carol)
            #expect(strangers.status == .ok)
            let nothing = try strangers.decoded(as: FoundJSON.self)
            #expect(nothing.items.isEmpty && nothing.count == 0 && !nothing.more)
            let body = String(buffer: strangers.body)
            #expect(!body.contains("Secret") && !body.contains(shown))
            // Naming a gallery they may not read finds nothing either, the same way.
            let named: FoundJSON = try await client.call(
                .get, searchURI(["q": "kerning", "gallery": secret.id]), as: carol)
            #expect(named.items.isEmpty && named.count == 0)

            let visitor = try await readOnlyLinkVisitor(client, world, owner: owner)
            let seen: FoundJSON = try await client.call(.get, searchURI(["q": "kerning"]), as: visitor)
            #expect(seen.items.map(\.id) == [shown])
            #expect(seen.items.first?.galleryName == "My Gallery")
            let asked: FoundJSON = try await client.call(
                .get, searchURI(["q": "kerning", "gallery": secret.id]), as: visitor)
            #expect(asked.items.isEmpty)
        }
    }

    @Test func resultsArePagedByCursorAndFilteredByKindAndTag() async throws {
        try await testSignedInApplication { client, world in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            var ids: [String] = []
            for index in 0..<5 {
                ids.append(try await addNote(client, "paged \(index)", to: world.ownerGallery, as: owner))
            }
            var seen: [String] = []
            var cursor: String?
            repeat {
                var parameters = ["q": "PAGED", "limit": "2"]
                if let cursor { parameters["cursor"] = cursor }
                let page: FoundJSON = try await client.call(.get, searchURI(parameters), as: owner)
                #expect(page.count == 5)
                seen += page.items.map(\.id)
                cursor = page.nextCursor
            } while cursor != nil
            #expect(seen == ids.reversed())

            let images: FoundJSON = try await client.call(.get, searchURI(["q": "paged", "kind": "image"]), as: owner)
            #expect(images.items.isEmpty)
            let described = try await client.send(
                .post, "/api/galleries/\(world.ownerGallery)/descriptions",
                json: #"{"itemIds":["\#(ids[2])"],"addTags":["Café crème"]}"#, as: owner)
            #expect(described.status == .ok)
            let tagged: FoundJSON = try await client.call(.get, searchURI(["tag": "café CRÈME"]), as: owner)
            #expect(tagged.items.map(\.id) == [ids[2]])
            let accents: FoundJSON = try await client.call(.get, searchURI(["q": "creme"]), as: owner)
            #expect(accents.items.map(\.id) == [ids[2]])
        }
    }

    @Test func resultsAreNarrowedToWhenTheyWereAdded() async throws {
        try await testSignedInApplication { client, world in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            let id = try await addNote(client, "dated kerning", to: world.ownerGallery, as: owner)
            let day: TimeInterval = 86_400
            func iso(_ offset: TimeInterval) -> String {
                ISO8601DateFormatter().string(from: Date().addingTimeInterval(offset))
            }
            let since: FoundJSON = try await client.call(
                .get, searchURI(["q": "dated", "from": iso(-day), "to": iso(day)]), as: owner)
            #expect(since.items.map(\.id) == [id])
            let later: FoundJSON = try await client.call(.get, searchURI(["q": "dated", "from": iso(day)]), as: owner)
            #expect(later.items.isEmpty && later.count == 0)
            let before: FoundJSON = try await client.call(.get, searchURI(["q": "dated", "to": iso(-day)]), as: owner)
            #expect(before.items.isEmpty)
            let days: FoundJSON = try await client.call(
                .get, searchURI(["q": "dated", "from": "2000-01-01", "to": "2999-01-01"]), as: owner)
            #expect(days.items.map(\.id) == [id])
        }
    }

    /// Text that looks like query syntax: words are searched; text without any letter or digit is a 400 saying so.
    static let syntaxLikeQueries = [
        "\"", "*", "NEAR(", "title:", "-", "(", "AND OR NOT", "\"unclosed phrase", "a\u{0}b", "'", "\\", "%", "caf* OR",
        "{tags} : x", "^", "&|!", ":*", "😀", "\u{202E}rtl",
    ]

    /// Each bad input, and what its 400 says.
    static let badInputs: [([String: String], String)] = [
        // One character over the limit. (A query of 10,000 characters is refused the same way, in 4 ms, but sent in this
        // suite it made three live-socket tests of the same test process time out, for a reason not found yet.)
        (["q": String(repeating: "a", count: 1_001)], "at most 1,000 characters"),
        (["q": ""], "Type a word"),
        (["q": "x", "tag": String(repeating: "t", count: 101)], "at most 100 characters"),
        (["q": "x", "tag": "two\nlines"], "tag"),
        (["q": "x", "kind": "pdf"], "'kind' must be one of"),
        (["q": "x", "cursor": "-1"], "'cursor'"),
        (["q": "x", "cursor": "abc"], "'cursor'"),
        (["q": "x", "cursor": "99999999"], "'cursor'"),
        (["q": "x", "limit": "0"], "'limit'"),
        (["q": "x", "limit": "201"], "'limit'"),
        (["q": "x", "gallery": "not-an-id"], "'gallery'"),
        (["q": "x", "from": "yesterday"], "'from' must be a day"),
        (["q": "x", "to": "2026-13-45"], "'to' must be a day"),
        (["q": "x", "from": "2026-11-27", "to": "2026-11-26"], "'from' must be before 'to'"),
    ]

    // One signed-in server for all the cases: each costs its users' password hashing, which a loaded CI feels.
    @Test func textThatLooksLikeQuerySyntaxIsAnsweredNeverA500AndBadInputIsAClearError() async throws {
        try await testSignedInApplication { client, world in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            _ = try await addNote(client, "AND OR NOT near title", to: world.ownerGallery, as: owner)
            for text in Self.syntaxLikeQueries {
                let response = try await client.send(.get, searchURI(["q": text]), as: owner)
                #expect(response.status == .ok || response.status == .badRequest, "\(text): \(response.status)")
                if response.status == .badRequest {
                    #expect(String(buffer: response.body).contains("Type a word"), "\(text)")
                }
            }
            for (parameters, said) in Self.badInputs {
                let response = try await client.send(.get, searchURI(parameters), as: owner)
                #expect(response.status == .badRequest, "\(parameters)")
                #expect(String(buffer: response.body).contains(said), "\(String(buffer: response.body))")
            }
        }
    }

    private struct GalleryIDJSON: Decodable { var id: String }

    private struct TagsJSON: Decodable {
        struct Use: Decodable, Equatable {
            var name: String
            var count: Int
        }
        var tags: [Use]
    }

    /// `GET /api/tags`: the tags of every gallery the person may read, most used first, one spelling for tags equal
    /// without regard to case; a stranger hears of none, a read-only link of its gallery's alone; a bad limit is a 400.
    @Test func tagsInUseAreCountedInTheGalleriesOneMayReadAlone() async throws {
        try await testSignedInApplication { client, world in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            let secret: GalleryIDJSON = try await client.call(
                .post, "/api/galleries", json: #"{"name":"Secret plans"}"#, as: owner, expecting: .created)
            let first = try await addNote(client, "one", to: world.ownerGallery, as: owner)
            let second = try await addNote(client, "two", to: world.ownerGallery, as: owner)
            let hidden = try await addNote(client, "three", to: secret.id, as: owner)
            for (id, tags) in [(first, #"["Red","sky"]"#), (second, #"["red"]"#), (hidden, #"["Red","plans"]"#)] {
                _ = try await client.send(.patch, "/api/items/\(id)", json: #"{"tags":\#(tags)}"#, as: owner)
            }

            let all: TagsJSON = try await client.call(.get, "/api/tags", as: owner)
            // (Spelt as on the item tagged last: two changes in the same millisecond may come either way.)
            #expect(
                all.tags.map { [$0.name.lowercased(), "\($0.count)"] } == [
                    ["red", "3"], ["plans", "1"], ["sky", "1"],
                ])
            let two: TagsJSON = try await client.call(.get, "/api/tags?limit=1", as: owner)
            #expect(two.tags.map(\.name) == ["Red"])

            let carol = try await client.signIn("carol", SignedInWorld.carolPassword)
            let none: TagsJSON = try await client.call(.get, "/api/tags", as: carol)
            #expect(none.tags.isEmpty)

            let visitor = try await readOnlyLinkVisitor(client, world, owner: owner)
            let seen: TagsJSON = try await client.call(.get, "/api/tags", as: visitor)
            #expect(seen.tags.map { [$0.name.lowercased(), "\($0.count)"] } == [["red", "2"], ["sky", "1"]])
            #expect(!seen.tags.contains { $0.name == "plans" })

            for limit in ["0", "201", "x"] {
                let bad = try await client.send(.get, "/api/tags?limit=\(limit)", as: owner)
                #expect(bad.status == .badRequest)
            }
        }
    }
}
