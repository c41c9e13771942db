import Foundation
import GalleryCore
import Testing

@testable import GalleryStoreSQL
@testable import GalleryStoreSQLite

@Suite("Notes, links and videos in the store")
struct ItemKindTests {
    @Test func aNoteIsReadyAsItIsMadeAndKeepsItsTextExactly() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery()
            let text = "  Lisbon\r\nPorto\n\n<img src=x onerror=alert(1)>  "
            let items = try await store.insertPendingItems(
                [ItemDraft(note: text)], into: gallery.id, at: .end, recordingFor: sessionOne)
            let note = try #require(items.first)
            #expect(note.kind == .note)
            #expect(note.state == .ready)
            #expect(note.text == text)
            #expect(note.title == "Lisbon")
            #expect(try await store.item(note.id).text == text)
            #expect(try await store.history(in: gallery.id, for: sessionOne).undo == .drop)
        }
    }

    @Test func anEditIsOneUndoableActionThatUndoAndRedoCarryOut() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery()
            let note = try #require(
                try await store.insertPendingItems(
                    [ItemDraft(note: "first")], into: gallery.id, at: .end, recordingFor: sessionOne
                ).first)
            let edited = try await store.editNote(note.id, text: "second\nline", recordingFor: sessionOne)
            #expect(edited.text == "second\nline")
            #expect(edited.title == "second")
            #expect(edited.changeSequence > note.changeSequence)
            #expect(try await store.history(in: gallery.id, for: sessionOne).undo == .editNote)

            let undone = try await store.step(.undo, in: gallery.id, for: sessionOne, mayChange: { _ in true })
            #expect(undone.message == "Undid the edit of the note.")
            #expect(try await store.item(note.id).text == "first")
            #expect(undone.items.map(\.id) == [note.id])
            _ = try await store.step(.redo, in: gallery.id, for: sessionOne, mayChange: { _ in true })
            #expect(try await store.item(note.id).text == "second\nline")
        }
    }

    @Test func anUndoLeavesANoteSomebodyEditedSinceAsItIs() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery()
            let note = try #require(
                try await store.insertPendingItems(
                    [ItemDraft(note: "first")], into: gallery.id, at: .end, recordingFor: nil
                ).first)
            _ = try await store.editNote(note.id, text: "mine", recordingFor: sessionOne)
            _ = try await store.editNote(note.id, text: "theirs", recordingFor: sessionTwo)
            let outcome = try await store.step(.undo, in: gallery.id, for: sessionOne, mayChange: { _ in true })
            #expect(
                outcome.message == "Could not undo the edit of the note: the note was changed by someone else since.")
            #expect(try await store.item(note.id).text == "theirs")
        }
    }

    @Test func anEditThatChangesNothingIsNoAction() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery()
            let note = try #require(
                try await store.insertPendingItems(
                    [ItemDraft(note: "same")], into: gallery.id, at: .end, recordingFor: nil
                ).first)
            let after = try await store.editNote(note.id, text: "same", recordingFor: sessionOne)
            #expect(after.changeSequence == note.changeSequence)
            #expect(try await store.history(in: gallery.id, for: sessionOne).undo == nil)
        }
    }

    @Test func tooLongTextsAndItemsThatAreNoNotesAreRefusedAndChangeNothing() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery()
            let items = try await store.insertPendingItems(
                [ItemDraft(note: "short"), draft("picture")], into: gallery.id, at: .end, recordingFor: nil)
            let long = String(repeating: "a", count: NoteText.maximumLength + 1)
            await #expect(throws: GalleryError.self) {
                _ = try await store.editNote(items[0].id, text: long, recordingFor: sessionOne)
            }
            await #expect(throws: GalleryError.self) {
                _ = try await store.editNote(items[1].id, text: "hello", recordingFor: sessionOne)
            }
            #expect(try await store.item(items[0].id).text == "short")
            #expect(try await store.item(items[1].id).text == nil)
        }
    }

    @Test func aLinkIsReadyWithOrWithoutItsPreviewImage() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery()
            let items = try await store.insertPendingItems(
                drafts("with", "without"), into: gallery.id, at: .end, recordingFor: nil)
            let page = LinkDetails(title: "A page", description: "About it", siteName: "Site")
            let with = try #require(try await store.markLinkReady(items[0].id, page: page, preview: storedImage()))
            let without = try #require(try await store.markLinkReady(items[1].id, page: page, preview: nil))
            #expect(with.kind == .link)
            #expect(with.state == .ready)
            #expect(with.title == "A page")
            #expect(with.pageDescription == "About it")
            #expect(with.siteName == "Site")
            #expect(with.blobHash == storedImage().hash)
            #expect(without.kind == .link)
            #expect(without.blobHash == nil)
            // A gallery's cover is an image: a link's preview counts, a link without one does not.
            #expect(try await store.gallery(gallery.id).cover?.itemID == with.id)
        }
    }

    @Test func aVideoFileMakesAVideoWithItsDurationAndPoster() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery()
            let item = try #require(
                try await store.insertPendingItems(drafts("clip"), into: gallery.id, at: .end, recordingFor: nil)
                    .first)
            let video = StoredImage(
                hash: String(repeating: "v", count: 64), mimeType: "video/mp4", width: 1920, height: 1080,
                byteCount: 5_000_000, thumbnailWidths: [256], durationSeconds: 12.5, hasPoster: true)
            let ready = try #require(try await store.markReady(item.id, image: video))
            #expect(ready.kind == .video)
            #expect(ready.durationSeconds == 12.5)
            #expect(ready.hasPoster)
            #expect(ready.thumbnailWidths == [256])
            #expect(try await store.gallery(gallery.id).cover == nil)
        }
    }

    @Test func copiesKeepTheKindAndWhatItNeeds() async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery()
            let items = try await store.insertPendingItems(
                [ItemDraft(note: "a note")] + drafts("page"), into: gallery.id, at: .end, recordingFor: nil)
            _ = try await store.markLinkReady(
                items[1].id, page: LinkDetails(title: "Page", description: "D", siteName: "S"), preview: nil)
            let other = try await store.createGallery(named: "Other")
            let copies = try await store.copyItems(
                items.map(\.id), to: other.id, at: .end, recordingFor: nil)
            #expect(copies.map(\.kind) == [.note, .link])
            #expect(copies[0].text == "a note")
            #expect(copies[1].pageDescription == "D")
            #expect(copies[1].siteName == "S")
        }
    }
}

@Suite("Item kinds in a database made before them")
struct ItemKindMigrationTests {
    @Test func existingItemsBecomeImagesAndKeepTheirBoardPlacesAndCounts() async throws {
        try await withTemporaryFolder { folder in
            let path = databasePath(in: folder)
            try await makeOlderDatabase(
                at: path, upTo: "v8: recorded thumbnails",
                """
                INSERT INTO gallery (id, name, imagesPerRow, sequence, createdAt, updatedAt)
                  VALUES ('00000000-0000-4000-8000-000000000001', 'Old', 4, 0, 0, 0);
                INSERT INTO item (id, galleryId, orderKey, state, origin, title, createdAt, updatedAt,
                  trashedAt, changeSequence)
                VALUES
                  ('00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-000000000001', 'a0',
                   'pending', 'remote', 'A', 0, 0, NULL, 0),
                  ('00000000-0000-4000-8000-00000000000b', '00000000-0000-4000-8000-000000000001', 'a1',
                   'pending', 'remote', 'B', 0, 0, 0, 0);
                INSERT INTO board_position (itemId, x, y, width, z)
                  VALUES ('00000000-0000-4000-8000-00000000000a', 10, 20, 300, 1);
                """)
            let store = SQLGalleryStore(database: try AppDatabase.open(atPath: path))
            let galleryID = GalleryID(trusted: "00000000-0000-4000-8000-000000000001")
            let items = try await store.allItems(in: galleryID)
            #expect(items.map(\.kind) == [.image])
            #expect(items.first?.boardPosition == BoardPosition(x: 10, y: 20, width: 300, z: 1))
            // And it is found on the board by where it lies (v12's index, 300 × 225 for a pending item).
            let board = try await store.boardItems(
                in: galleryID, meeting: BoardRect(x: 300, y: 240, width: 50, height: 50), limit: 10)
            #expect(board.items.map(\.title) == ["A"])
            // The kept counts' triggers were made again with the table.
            _ = try await store.insertPendingItems(
                [ItemDraft(note: "new")], into: galleryID, at: .end, recordingFor: nil)
            let gallery = try await store.gallery(galleryID)
            #expect(gallery.itemCount == 2)
            #expect(gallery.trashCount == 1)
        }
    }
}
