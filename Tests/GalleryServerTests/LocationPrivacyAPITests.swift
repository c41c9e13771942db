import Foundation
import GalleryCore
import HTTPTypes
import HummingbirdTesting
import TestSupport
import Testing

@testable import GalleryServer
@testable import MediaProbe

/// A read-only link never learns where a photo was taken, from the API or from the bytes of any file it is served;
/// members see it unless the owner hides it (issue 29).
@Suite("Where photos were taken")
struct LocationPrivacyAPITests {
    /// The owner's photo, ready in the owner's gallery.
    private func ownersPhoto(_ client: any TestClientProtocol, _ world: SignedInWorld, owner: Visitor) async throws
        -> PhotoItemJSON
    {
        let drop: DropJSON = try await client.call(
            .post, "/api/galleries/\(world.ownerGallery)/drops",
            json: #"{"payload":\#(uriListPayload([PhotoDetailsAPITests.photoURL]))}"#, as: owner, expecting: .created)
        let id = try #require(drop.items.first?.id)
        for _ in 0..<1000 {
            let item: PhotoItemJSON = try await client.call(.get, "/api/items/\(id)", as: owner)
            if item.state != "pending" { return item }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("the photo is still pending")
        return try await client.call(.get, "/api/items/\(id)", as: owner)
    }

    /// The details in the bytes served at `url` to `visitor`.
    private func servedDetails(_ client: any TestClientProtocol, _ url: String, as visitor: Visitor) async throws
        -> PhotoDetails?
    {
        let response = try await client.send(.get, url, as: visitor)
        #expect(response.status == .ok, "\(url)")
        return ImageProbe.photoDetails(Data(buffer: response.body))
    }

    @Test(arguments: [false, true])
    func aReadOnlyLinkIsToldAndServedNoLocation(live: Bool) async throws {
        try await testSignedInApplication(live: live, web: try PhotoDetailsAPITests.web()) { client, world in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            let photo = try await ownersPhoto(client, world, owner: owner)
            #expect(photo.photo?.location != nil)
            let imageURL = try #require(photo.imageURL)
            #expect(try await servedDetails(client, imageURL, as: owner)?.location != nil)

            let visitor = try await readOnlyLinkVisitor(client, world, owner: owner)
            let seen: PhotoItemJSON = try await client.call(.get, "/api/items/\(photo.id)", as: visitor)
            #expect(seen.photo?.cameraModel == "Canon EOS R5")
            #expect(seen.photo?.location == nil)
            let page = try await client.send(.get, "/api/galleries/\(world.ownerGallery)/items", as: visitor)
            #expect(!String(buffer: page.body).contains("latitude"))

            // The original, by its media URL (the lean path passes it to the router) and as a download.
            let served = try #require(try await servedDetails(client, imageURL, as: visitor))
            #expect(served.location == nil && served.cameraModel == "Canon EOS R5")
            let downloadURL = try #require(photo.downloadURL)
            let downloaded = try #require(try await servedDetails(client, downloadURL, as: visitor))
            #expect(downloaded.location == nil && downloaded.iso == 400)
            // Asked for in a range, it is still the copy without GPS.
            let ranged = try await client.send(.get, imageURL, as: visitor, headers: [.range: "bytes=0-"])
            #expect(ImageProbe.photoDetails(Data(buffer: ranged.body))?.location == nil)
            // Thumbnails carry no metadata at all.
            let item = try await client.send(.get, "/api/items/\(photo.id)", as: visitor)
            let thumbnails = try item.decoded(as: ShownImageJSON.self).thumbnails
            for thumbnail in thumbnails {
                #expect(try await servedDetails(client, thumbnail.url, as: visitor)?.location == nil)
            }
        }
    }

    @Test func membersSeeTheLocationUnlessTheOwnerHidesIt() async throws {
        try await testSignedInApplication(web: try PhotoDetailsAPITests.web()) { client, world in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            let photo = try await ownersPhoto(client, world, owner: owner)
            #expect(
                try await client.send(
                    .put, "/api/galleries/\(world.ownerGallery)/shares/bob", json: #"{"role":"editor"}"#, as: owner
                ).status == .ok)
            let bob = try await client.signIn("bob", SignedInWorld.bobPassword)
            var seen: PhotoItemJSON = try await client.call(.get, "/api/items/\(photo.id)", as: bob)
            #expect(seen.photo?.location != nil)
            let downloadURL = try #require(photo.downloadURL)
            #expect(try await servedDetails(client, downloadURL, as: bob)?.location != nil)

            // Only the owner may hide it; an editor's try changes nothing.
            let refused = try await client.send(
                .patch, "/api/galleries/\(world.ownerGallery)", json: #"{"hideLocation":true}"#, as: bob)
            #expect(refused.status == .forbidden)
            let hidden = try await client.send(
                .patch, "/api/galleries/\(world.ownerGallery)", json: #"{"hideLocation":true}"#, as: owner)
            #expect(hidden.status == .ok)
            #expect(String(buffer: hidden.body).contains(#""hideLocation":true"#))

            seen = try await client.call(.get, "/api/items/\(photo.id)", as: bob)
            #expect(seen.photo?.cameraModel == "Canon EOS R5" && seen.photo?.location == nil)
            #expect(try await servedDetails(client, downloadURL, as: bob)?.location == nil)
            let owners: PhotoItemJSON = try await client.call(.get, "/api/items/\(photo.id)", as: owner)
            #expect(owners.photo?.location != nil)
        }
    }

    @Test func anItemOfAGalleryOneMayNotReadIsTheSameAsNone() async throws {
        try await testSignedInApplication(web: try PhotoDetailsAPITests.web()) { client, world in
            let owner = try await client.signIn("owner", SignedInWorld.ownerPassword)
            let photo = try await ownersPhoto(client, world, owner: owner)
            let carol = try await client.signIn("carol", SignedInWorld.carolPassword)
            for path in ["/api/items/\(photo.id)", "/api/items/\(photo.id)/download"] {
                let hidden = try await client.send(.get, path, as: carol)
                let missing = try await client.send(
                    .get, path.replacingOccurrences(of: photo.id, with: UUID().uuidString.lowercased()), as: carol)
                #expect(hidden.status == .notFound && missing.status == .notFound)
                #expect(String(buffer: hidden.body) == String(buffer: missing.body))
            }
        }
    }
}
