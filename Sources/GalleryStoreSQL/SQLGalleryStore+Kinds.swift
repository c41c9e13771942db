import Foundation
import GalleryCore

// What only some kinds of item have: a note's text, a link's page.
extension SQLGalleryStore {
    public func editNote(_ id: ItemID, text: String, recordingFor session: HistorySession?) async throws -> Item {
        let text = try NoteText.validated(text)
        let date = now()
        return try await database.write { db in
            let item = try Self.fetchItem(db, id)
            guard item.kind == .note else { throw GalleryError.invalid("Only a note's text can be edited.") }
            guard item.trashedAt == nil else { throw GalleryError.notFound("The note is in the trash.") }
            _ = try Self.fetchGallery(db, item.galleryID)
            let before = item.text ?? ""
            guard before != text else { return item }
            var log = ChangeLog()
            try setText(db, item, text, log: &log, date: date)
            try log.commit(db, in: self)
            if let session {
                try recordHistory(
                    db, item.galleryID, session,
                    HistoryEntry(action: .editNote, texts: [.init(id: id, before: before, after: text)]), date: date)
            }
            return try Self.fetchItem(db, id)
        }
    }

    /// Sets a note's text and its title (its first line).
    func setText(_ db: any SQLSession, _ item: Item, _ text: String, log: inout ChangeLog, date: Date) throws {
        let sequence = try log.sequence(db, item.galleryID, date: date)
        try db.execute(
            sql: "UPDATE item SET text = ?, title = ?, updatedAt = ?, changeSequence = ? WHERE id = ?",
            arguments: [text, NoteText.title(of: text), date, sequence, item.id.rawValue])
        log.touch(item.galleryID, [item.id])
    }
}
