import Foundation
import GalleryCore
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import GalleryServer

/// `/api/searches` (issue "Find anything", saved searches): a person saves, lists and deletes their own searches and
/// never sees or deletes another's; a read-only link has none; every bad input is a 400 saying why, and nothing is
/// saved; saves at the same moment are all kept.
@Suite("Saved searches over HTTP")
struct SavedSearchAPITests {
    private struct SavedJSON: Decodable, Equatable {
        var id: String
        var name: String
        var q: String
        var kind: String?
        var tag: String?
        var gallery: String?
    }

    private struct ListJSON: Decodable {
        var searches: [SavedJSON]
    }

    @Test func peopleSaveListAndDeleteOnlyTheirOwn() async throws {
        try await testSignedInApplication { client, world in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            let body = #"{"name":"  Kerning notes ","q":"kerning \"pairs\"","kind":"note","gallery":"GALLERY"}"#
            let saved: SavedJSON = try await client.call(
                .post, "/api/searches", json: body.replacingOccurrences(of: "GALLERY", with: world.ownerGallery),
                as: owner, expecting: .created)
            #expect(saved.name == "Kerning notes" && saved.q == "kerning \"pairs\"" && saved.kind == "note")
            #expect(saved.gallery == world.ownerGallery)
            let tagged: SavedJSON = try await client.call(
                .post, "/api/searches", json: #"{"name":"Red","tag":" red "}"#, as: owner, expecting: .created)
            #expect(tagged.tag == "red" && tagged.q.isEmpty)
            let mine: ListJSON = try await client.call(.get, "/api/searches", as: owner)
            #expect(mine.searches == [saved, tagged])

            let carol = try await client.signIn("carol", SignedInWorld.carolPassword)
            let hers: ListJSON = try await client.call(.get, "/api/searches", as: carol)
            #expect(hers.searches.isEmpty)
            let refused = try await client.send(.delete, "/api/searches/\(saved.id)", as: carol)
            #expect(refused.status == .notFound)

            let visitor = try await readOnlyLinkVisitor(client, world, owner: owner)
            #expect(try await client.send(.get, "/api/searches", as: visitor).status == .forbidden)
            let linkSave = try await client.send(
                .post, "/api/searches", json: #"{"name":"x","q":"x"}"#, as: visitor)
            #expect(linkSave.status == .forbidden)

            #expect(try await client.send(.delete, "/api/searches/\(saved.id)", as: owner).status == .noContent)
            #expect(try await client.send(.delete, "/api/searches/\(saved.id)", as: owner).status == .notFound)
            let left: ListJSON = try await client.call(.get, "/api/searches", as: owner)
            #expect(left.searches == [tagged])
        }
    }

    /// Each bad body, and what its 400 says.
    static let badBodies: [(String, String)] = [
        (#"{"name":"","q":"x"}"#, "Give the search a name"),
        (#"{"name":"\#(String(repeating: "n", count: 201))","q":"x"}"#, "at most 200 characters"),
        (#"{"name":"two\nlines","q":"x"}"#, "control characters"),
        (#"{"name":"n","q":"\#(String(repeating: "a", count: 1_001))"}"#, "at most 1,000 characters"),
        (#"{"name":"n","q":"\"* -("}"#, "Type a word"),
        (#"{"name":"n","q":"x","kind":"pdf"}"#, "'kind' must be one of"),
        (#"{"name":"n","q":"x","tag":"\#(String(repeating: "t", count: 101))"}"#, "at most 100 characters"),
        (#"{"name":"n","q":"x","gallery":"not-an-id"}"#, "'gallery'"),
        (#"{"name":"n","q":"x","from":"soon"}"#, "'from' must be a day"),
        (#"{"q":"x"}"#, "missing 'name'"),
    ]

    @Test func badInputIsRefusedSayingWhyAndNothingIsSaved() async throws {
        try await testSignedInApplication { client, _ in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            for (body, message) in Self.badBodies {
                let response = try await client.send(.post, "/api/searches", json: body, as: owner)
                #expect(response.status == .badRequest, "\(body.prefix(40))")
                #expect(String(buffer: response.body).contains(message), "\(body.prefix(40))")
            }
            let none: ListJSON = try await client.call(.get, "/api/searches", as: owner)
            #expect(none.searches.isEmpty)
        }
    }

    @Test func savesAtTheSameMomentAreAllKeptUpToTheLimit() async throws {
        try await testSignedInApplication { client, _ in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for index in 0..<(SavedSearch.maximumCount + 5) {
                    group.addTask {
                        try await client.send(
                            .post, "/api/searches", json: #"{"name":"s\#(index)","q":"word\#(index)"}"#, as: owner
                        ).status
                    }
                }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .created }.count == SavedSearch.maximumCount)
            #expect(statuses.filter { $0 == .badRequest }.count == 5)
            let kept: ListJSON = try await client.call(.get, "/api/searches", as: owner)
            #expect(kept.searches.count == SavedSearch.maximumCount)
            #expect(Set(kept.searches.map(\.id)).count == SavedSearch.maximumCount)
        }
    }
}
