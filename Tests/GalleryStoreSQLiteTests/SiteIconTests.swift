import Foundation
import GalleryCore
import Testing

@testable import GalleryStoreSQL

@Suite("Links' site icons")
struct SiteIconTests {
    private let page = LinkDetails(title: "A page", description: "About it", siteName: "Site")

    @Test func aLinkWithoutPreviewKeepsItsSiteIconWithItsType() async throws {
        try await withStore { store, database in
            let gallery = try await store.firstGallery()
            let items = try await store.insertPendingItems(drafts("icon", "none"), into: gallery.id, at: .end)
            let icon = storedImage(digit: "c", width: 64, height: 64)
            let settled = try await store.settle([
                .link(items[0].id, page, preview: nil, siteIcon: icon), .link(items[1].id, page, preview: nil),
            ])
            #expect(settled.map(\.siteIconHash) == [icon.hash, nil])
            #expect(settled[0].siteIconMimeType == "image/png")
            #expect(settled[0].blobHash == nil)
            #expect(try await store.item(items[0].id).siteIconHash == icon.hash)
            #expect(try await database.blobHashes() == [icon.hash])
            // An icon is no preview: the gallery has no cover.
            #expect(try await store.gallery(gallery.id).cover == nil)
        }
    }

    @Test func anIconWhoseFileIsGoneIsNotKept() async throws {
        let files = FakeFiles()
        try await withStore(files: files) { store, _ in
            let gallery = try await store.firstGallery()
            let item = try await store.insertPendingItems(drafts("link"), into: gallery.id, at: .end)[0]
            let settled = try await store.settle([
                .link(item.id, page, preview: nil, siteIcon: storedImage(digit: "c"))
            ])
            #expect(settled.first?.state == .ready)
            #expect(settled.first?.siteIconHash == nil)
        }
    }

    @Test func copiesAndDuplicatesKeepTheIcon() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery()
            let item = try await store.insertPendingItems(drafts("link"), into: gallery.id, at: .end)[0]
            let icon = storedImage(digit: "c", width: 32, height: 32)
            _ = try await store.settle([.link(item.id, page, preview: nil, siteIcon: icon)])
            let other = try await store.createGallery(named: "Other")
            let copy = try await store.copyItems([item.id], to: other.id, at: .end, recordingFor: nil)[0]
            #expect(copy.siteIconHash == icon.hash)
            #expect(copy.siteIconMimeType == "image/png")
            let duplicate = try await store.duplicateGallery(gallery.id, named: "Twin").gallery
            let twin = try #require(try await store.allItems(in: duplicate.id).first)
            #expect(twin.kind == .link)
            #expect(twin.siteIconHash == icon.hash)
        }
    }

    @Test func emptyingATrashRemovesAnIconOnlyWhenNoItemUsesItAnyMore() async throws {
        let files = FakeFiles()
        let icon = storedImage(digit: "c", width: 32, height: 32)
        let preview = storedImage(digit: "d")
        files.add(icon.hash)
        files.add(preview.hash)
        try await withStore(files: files) { store, database in
            let gallery = try await store.firstGallery()
            let other = try await store.createGallery(named: "Other")
            let link = try await store.insertPendingItems(drafts("link"), into: gallery.id, at: .end)[0]
            let twin = try await store.insertPendingItems(drafts("twin"), into: other.id, at: .end)[0]
            _ = try await store.settle([
                .link(link.id, page, preview: nil, siteIcon: icon), .link(twin.id, page, preview: nil, siteIcon: icon),
            ])
            // Another gallery's image keeps its own file throughout.
            let image = try await store.insertPendingItems(drafts("image"), into: other.id, at: .end)[0]
            _ = try await store.markReady(image.id, image: preview)

            _ = try await store.trashItems([link.id], in: gallery.id, recordingFor: nil)
            #expect(try await store.emptyTrash(in: gallery.id) { files.remove($0) } == 1)
            #expect(files.removedBatches.isEmpty)
            #expect(try await store.item(twin.id).siteIconHash == icon.hash)

            _ = try await store.trashItems([twin.id], in: other.id, recordingFor: nil)
            #expect(try await store.emptyTrash(in: other.id) { files.remove($0) } == 1)
            #expect(files.removedBatches == [[icon.hash]])
            #expect(try await database.blobHashes() == [preview.hash])
        }
    }
}
