import Foundation
import GalleryCore
import Testing

@testable import GalleryStoreSQL
@testable import GalleryStoreSQLite

@Suite("Galleries")
struct GalleryStoreGalleryTests {
    @Test func theFirstOpeningMakesMyGalleryOnce() async throws {
        try await withStore { store, _ in
            #expect(try await store.galleries().isEmpty)
            let first = try await store.firstGallery()
            let second = try await store.firstGallery()
            #expect(first.name == "My Gallery")
            #expect(first.imagesPerRow == Gallery.defaultImagesPerRow)
            #expect(second.id == first.id)
            #expect(try await store.galleries().map(\.id) == [first.id])
        }
    }

    @Test func theFirstGalleryIsTheOldestLiveOne() async throws {
        try await withStore { store, _ in
            let first = try await store.firstGallery()
            let other = try await store.createGallery(named: "  Other  ")
            #expect(other.name == "Other")
            #expect(try await store.firstGallery().id == first.id)
            _ = try await store.trashGallery(first.id)
            #expect(try await store.firstGallery().id == other.id)
        }
    }

    @Test func galleriesAreListedByName() async throws {
        try await withStore { store, _ in
            _ = try await store.createGallery(named: "beta")
            _ = try await store.createGallery(named: "Alpha")
            _ = try await store.createGallery(named: "gamma")
            #expect(try await store.galleries().map(\.name) == ["Alpha", "beta", "gamma"])
        }
    }

    @Test func aValidUpdateChangesNameAndImagesPerRowAndCountsAsAChange() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery()
            let updated = try await store.updateGallery(gallery.id, name: " Trips ", imagesPerRow: 3)
            #expect(updated.name == "Trips")
            #expect(updated.imagesPerRow == 3)
            #expect(updated.sequence == gallery.sequence + 1)
            #expect(try await store.gallery(gallery.id) == updated)
        }
    }

    @Test(arguments: [
        (String?.none, Int?.some(0)),
        (nil, 13),
        (nil, -1),
        ("   ", nil),
        ("", 3),
        (String(repeating: "x", count: 201), nil),
        ("Fine", 0),
    ])
    func anInvalidUpdateIsRefusedAndChangesNothing(name: String?, imagesPerRow: Int?) async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery()
            let error = await #expect(throws: GalleryError.self) {
                _ = try await store.updateGallery(gallery.id, name: name, imagesPerRow: imagesPerRow)
            }
            guard case .invalid = error else {
                Issue.record("expected GalleryError.invalid, got \(String(describing: error))")
                return
            }
            #expect(try await store.gallery(gallery.id) == gallery)
        }
    }

    @Test func theLimitsOfImagesPerRowAreAccepted() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery()
            #expect(try await store.updateGallery(gallery.id, name: nil, imagesPerRow: 1).imagesPerRow == 1)
            #expect(try await store.updateGallery(gallery.id, name: nil, imagesPerRow: 12).imagesPerRow == 12)
            let longest = String(repeating: "x", count: 200)
            #expect(try await store.updateGallery(gallery.id, name: longest, imagesPerRow: nil).name == longest)
        }
    }

    @Test func updatingAnUnknownGalleryIsNotFound() async throws {
        try await withStore { store, _ in
            let error = await #expect(throws: GalleryError.self) {
                _ = try await store.updateGallery(GalleryID.make(), name: "Name", imagesPerRow: nil)
            }
            guard case .notFound = error else {
                Issue.record("expected GalleryError.notFound, got \(String(describing: error))")
                return
            }
        }
    }
}
