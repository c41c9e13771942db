import Foundation
import GalleryCore
import Testing

@testable import GalleryStoreSQL

/// What the camera wrote, kept with each stored image on both engines; images kept before it was read wait for the
/// check at start; a gallery's owner hides where its photos were taken (issue 29).
@Suite("Photo details, recorded with their files")
struct PhotoDetailsRecordTests {
    static let details = PhotoDetails(
        takenAt: "2024-05-17T14:03:22+02:00", cameraMake: "Canon", cameraModel: "Canon EOS R5", focalLength: 50,
        aperture: 2.8, exposureTime: 0.004, iso: 400, location: PhotoLocation(latitude: 48.858333, longitude: 2.2945))

    @Test func anImagesDetailsAreKeptWithItAndTheFirstReadStays() async throws {
        try await withLetteredGallery("ABC") { store, _, items in
            var image = storedImage(digit: "a")
            image.photo = Self.details
            let ready = try #require(try await store.markReady(try itemID("A", items), image: image))
            #expect(ready.photo == Self.details)
            image.photo = PhotoDetails()
            let again = try #require(try await store.markReady(try itemID("B", items), image: image))
            #expect(again.photo == Self.details)
            var plain = storedImage(digit: "b")
            plain.photo = PhotoDetails()
            #expect(try await store.markReady(try itemID("C", items), image: plain)?.photo == PhotoDetails())
            #expect(try await store.imagesAwaitingPhotoDetails(after: nil, limit: 10).isEmpty)
        }
    }

    @Test func anImageKeptBeforeDetailsWereReadWaitsForThemUntilRecorded() async throws {
        try await withLetteredGallery("AB") { store, _, items in
            let unread = storedImage(digit: "c")
            _ = try await store.markReady(try itemID("A", items), image: unread)
            _ = try await store.markReady(try itemID("B", items), image: storedVideo(digit: "d", playback: nil))
            #expect(try await store.item(try itemID("A", items)).photo == nil)
            #expect(try await store.imagesAwaitingPhotoDetails(after: nil, limit: 10) == [unread.hash])
            #expect(try await store.imagesAwaitingPhotoDetails(after: unread.hash, limit: 10).isEmpty)
            try await store.recordPhotoDetails(hash: unread.hash, Self.details)
            #expect(try await store.item(try itemID("A", items)).photo == Self.details)
            #expect(try await store.imagesAwaitingPhotoDetails(after: nil, limit: 10).isEmpty)
        }
    }

    @Test func theOwnerHidesTheLocationInOneChangeOfTheGallery() async throws {
        try await withStore(clock: TickingClock()) { store, _ in
            let gallery = try await store.firstGallery()
            #expect(!gallery.hidesLocation)
            let hidden = try await store.setHidesLocation(gallery.id, true)
            #expect(hidden.hidesLocation && hidden.sequence == gallery.sequence + 1)
            #expect(try await store.gallery(gallery.id).hidesLocation)
            // The same again changes nothing.
            #expect(try await store.setHidesLocation(gallery.id, true).sequence == hidden.sequence)
            #expect(!(try await store.setHidesLocation(gallery.id, false).hidesLocation))
        }
    }
}
