import Foundation
import GalleryCore
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import GalleryServer

/// An item's own answer tells the gallery's members who added it, by the account's name as it is now; lists, events
/// and read-only links never do (issue 29's details: "when it was added and by whom").
@Suite("Who added an item")
struct AddedByAPITests {
    private struct AddedJSON: Decodable {
        var id: String
        var addedBy: String?
    }

    private struct AddedListJSON: Decodable { var items: [AddedJSON] }

    @Test func membersAreToldWhoAddedAnItemAndLinksAndListsAreNot() async throws {
        try await testSignedInApplication { client, world in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            let gallery = world.ownerGallery
            #expect(
                try await client.send(
                    .put, "/api/galleries/\(gallery)/shares/bob", json: #"{"role":"editor"}"#, as: owner
                )
                .status == .ok)
            let bob = try await client.signIn("bob", SignedInWorld.bobPassword)
            let bobs: AddedListJSON = try await client.call(
                .post, "/api/galleries/\(gallery)/notes", json: #"{"text":"bob's note"}"#, as: bob, expecting: .created)
            let dropped: AddedListJSON = try await client.call(
                .post, "/api/galleries/\(gallery)/drops", json: #"{"payload":{"plainText":"the owner's note"}}"#,
                as: owner,
                expecting: .created)
            let note = try #require(bobs.items.first)
            let ownersNote = try #require(dropped.items.first)
            #expect(note.addedBy == nil && ownersNote.addedBy == nil, "an answer that adds says nothing of who")

            let seenByOwner: AddedJSON = try await client.call(.get, "/api/items/\(note.id)", as: owner)
            #expect(seenByOwner.addedBy == "bob")
            let ownersSeenByBob: AddedJSON = try await client.call(.get, "/api/items/\(ownersNote.id)", as: bob)
            #expect(ownersSeenByBob.addedBy == "owner")
            let page = try await client.send(.get, "/api/galleries/\(gallery)/items", as: owner)
            #expect(!String(buffer: page.body).contains("addedBy"))

            // By the name the account has now.
            let bobID = try #require(try await world.parts.accounts.user(named: "bob")).id
            try await world.parts.accounts.renameUser(bobID, to: "robert")
            let renamed: AddedJSON = try await client.call(.get, "/api/items/\(note.id)", as: owner)
            #expect(renamed.addedBy == "robert")

            // A copy keeps who added the original.
            let copyGallery = try await client.call(
                .post, "/api/galleries/\(gallery)/duplicate", json: #"{"name":"Copy"}"#, as: owner,
                expecting: .created, as: GalleryIDJSON.self
            ).id
            let copies: AddedListJSON = try await client.call(.get, "/api/galleries/\(copyGallery)/items", as: owner)
            var adders: [String] = []
            for copy in copies.items {
                #expect(copy.id != note.id && copy.id != ownersNote.id)
                let seen: AddedJSON = try await client.call(.get, "/api/items/\(copy.id)", as: owner)
                adders.append(seen.addedBy ?? "nobody")
            }
            #expect(adders.sorted() == ["owner", "robert"])

            let visitor = try await readOnlyLinkVisitor(client, world, owner: owner)
            let seenThroughLink: AddedJSON = try await client.call(.get, "/api/items/\(note.id)", as: visitor)
            #expect(seenThroughLink.addedBy == nil)
        }
    }

    private struct GalleryIDJSON: Decodable { var id: String }
}
