import Foundation
import GalleryCore
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@testable import GalleryServer
@testable import Thumbnails

/// "Find similar" and "Also in" (issue 28, "Similar images and duplicates"): the images near an item's across the
/// galleries the person may read, nearest first; a gallery they may not read is never searched nor named.
@Suite("Similar images")
struct SimilarAPITests {
    private struct FoundJSON: Decodable {
        var id: String
        var galleryId: String
        var galleryName: String
        var distance: Int
    }

    private struct SimilarJSON: Decodable { var items: [FoundJSON] }

    private struct AlsoInJSON: Decodable, Equatable {
        var galleryId: String
        var galleryName: String
    }

    private struct ItemAlsoInJSON: Decodable {
        var id: String
        var alsoIn: [AlsoInJSON]?
    }

    private struct GalleryIDJSON: Decodable { var id: String }

    static let hash: UInt64 = 0x5A5A_0F0F_3C3C_9999

    /// A ready image in the gallery, of the digit's bytes, whose perceptual hash is `hash` with `flipped` bits changed:
    /// written straight into the store (the hashes are chosen, not made).
    private func image(
        _ title: String, _ digit: Character, flipping flipped: [Int], in gallery: String, _ world: SignedInWorld
    ) async throws -> String {
        let store = world.parts.store
        let draft = ItemDraft(origin: .upload, sourceURL: nil, title: title)
        let pending = try #require(
            try await store.insertPendingItems([draft], into: GalleryID(trusted: gallery), at: .end).first)
        var image = StoredImage(
            hash: String(repeating: digit, count: 64), mimeType: "image/png", width: 64, height: 48, byteCount: 100)
        // A ready item's file must be stored (its bytes are not read here).
        let file = world.parts.blobs.fileURL(forHash: image.hash)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(repeating: 1, count: 100).write(to: file)
        image.perceptualHash = PerceptualHash(bits: flipped.reduce(Self.hash) { $0 ^ (1 << UInt64($1)) })
        _ = try await store.markReady(pending.id, image: image)
        return pending.id.rawValue
    }

    @Test func imagesAreFoundAcrossTheCallersGalleriesAndNeverInAnotherPersons() async throws {
        try await testSignedInApplication { client, world in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            let bob = try await client.signIn("bob", SignedInWorld.bobPassword)
            let moodboard = try await client.call(
                .post, "/api/galleries", json: #"{"name":"Moodboard"}"#, as: owner, expecting: .created,
                as: GalleryIDJSON.self
            ).id
            let bobs = try await client.call(
                .post, "/api/galleries", json: #"{"name":"Bob's secrets"}"#, as: bob, expecting: .created,
                as: GalleryIDJSON.self
            ).id
            let photo = try await image("photo.png", "a", flipping: [], in: world.ownerGallery, world)
            let near = try await image("near.png", "b", flipping: [3, 33], in: moodboard, world)
            let farther = try await image("farther.png", "c", flipping: Array(0..<9), in: world.ownerGallery, world)
            _ = try await image("other.png", "d", flipping: Array(0..<32), in: moodboard, world)
            let bobsCopy = try await image("bob.png", "e", flipping: [], in: bobs, world)

            let found: SimilarJSON = try await client.call(.get, "/api/items/\(photo)/similar", as: owner)
            #expect(found.items.map(\.id) == [near, farther])
            #expect(found.items.map(\.distance) == [2, 9])
            #expect(found.items.map(\.galleryName) == ["Moodboard", "My Gallery"])
            #expect(found.items.first?.galleryId == moodboard)
            let raw = try await client.send(.get, "/api/items/\(photo)/similar?limit=100", as: owner)
            #expect(!String(buffer: raw.body).contains("Bob"), "another person's gallery is never named")
            let one: SimilarJSON = try await client.call(.get, "/api/items/\(photo)/similar?limit=1", as: owner)
            #expect(one.items.map(\.id) == [near])

            // Bob reads his own gallery only: his copy finds nothing of the owner's.
            let bobsFound: SimilarJSON = try await client.call(.get, "/api/items/\(bobsCopy)/similar", as: bob)
            #expect(bobsFound.items.isEmpty)
            #expect(try await client.send(.get, "/api/items/\(photo)/similar", as: bob).status == .notFound)

            // "Also in": other galleries holding the same picture (within 4 bits), never another person's.
            let item: ItemAlsoInJSON = try await client.call(.get, "/api/items/\(photo)", as: owner)
            #expect(item.alsoIn == [AlsoInJSON(galleryId: moodboard, galleryName: "Moodboard")])
            let nearItem: ItemAlsoInJSON = try await client.call(.get, "/api/items/\(near)", as: owner)
            #expect(nearItem.alsoIn == [AlsoInJSON(galleryId: world.ownerGallery, galleryName: "My Gallery")])
            let bobsItem: ItemAlsoInJSON = try await client.call(.get, "/api/items/\(bobsCopy)", as: bob)
            #expect(bobsItem.alsoIn == [])

            // A read-only link reads its gallery alone.
            let visitor = try await readOnlyLinkVisitor(client, world, owner: owner)
            let seen: SimilarJSON = try await client.call(.get, "/api/items/\(photo)/similar", as: visitor)
            #expect(seen.items.map(\.id) == [farther])
        }
    }

    @Test func anUnknownItemIsNotFoundABadLimitRefusedAndANoteFindsNothing() async throws {
        try await testSignedInApplication { client, world in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            let photo = try await image("photo.png", "a", flipping: [], in: world.ownerGallery, world)
            let unknown = ItemID.make().rawValue
            #expect(try await client.send(.get, "/api/items/\(unknown)/similar", as: owner).status == .notFound)
            for limit in ["0", "101", "many", ""] {
                let refused = try await client.send(.get, "/api/items/\(photo)/similar?limit=\(limit)", as: owner)
                #expect(refused.status == .badRequest, "limit \(limit)")
            }
            struct NoteJSON: Decodable { var id: String }
            struct NotesJSON: Decodable { var items: [NoteJSON] }
            let notes = try await client.call(
                .post, "/api/galleries/\(world.ownerGallery)/notes", json: #"{"text":"words"}"#, as: owner,
                expecting: .created, as: NotesJSON.self)
            let note = try #require(notes.items.first).id
            let found: SimilarJSON = try await client.call(.get, "/api/items/\(note)/similar", as: owner)
            #expect(found.items.isEmpty)
        }
    }

    @Test(
        "A near-duplicate photo dropped into another gallery says where else it is, and each finds the other",
        .enabled(if: Thumbnailer.isAvailable, "libvips is not installed (apt install libvips42)"))
    func aNearDuplicateDropIsAlsoInTheOtherGallery() async throws {
        let web = FakeWeb([
            "http://site.test/photo.jpg": .bytes(try Fixture.data("similar-hopper.jpg")),
            "http://site.test/copy.jpg": .bytes(try Fixture.data("similar-hopper-q50-96.jpg")),
            "http://site.test/flower.jpg": .bytes(try Fixture.data("similar-flower.jpg")),
        ])
        try await testApplication(web: web) { client in
            let home = try await client.firstGalleryID()
            let moodboard = try await client.call(
                .post, "/api/galleries", json: #"{"name":"Moodboard"}"#, expecting: .created, as: GalleryIDJSON.self
            ).id
            let photo = try await client.drop(urls: ["http://site.test/photo.jpg"], into: moodboard).items[0].id
            let flower = try await client.drop(urls: ["http://site.test/flower.jpg"], into: moodboard).items[0].id
            #expect(try await client.settled(photo).state == "ready")
            #expect(try await client.settled(flower).state == "ready")
            let copy = try await client.drop(urls: ["http://site.test/copy.jpg"], into: home).items[0].id
            #expect(try await client.settled(copy).state == "ready")

            let item: ItemAlsoInJSON = try await client.call(.get, "/api/items/\(copy)")
            #expect(item.alsoIn == [AlsoInJSON(galleryId: moodboard, galleryName: "Moodboard")])
            let found: SimilarJSON = try await client.call(.get, "/api/items/\(copy)/similar")
            #expect(found.items.map(\.id) == [photo])
            let flowerItem: ItemAlsoInJSON = try await client.call(.get, "/api/items/\(flower)")
            #expect(flowerItem.alsoIn == [])
        }
    }
}
