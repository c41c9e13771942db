import Foundation
import GalleryCore
import Hummingbird

/// Notes: `POST /api/galleries/{id}/notes` writes a new one, `PUT /api/items/{id}/text` changes one's text.
struct NoteRoutes<Context: IdentifiedRequestContext> {
    let store: any GalleryStore
    /// Renders items as the API shows them.
    let presenter: Presenter
    let access: GalleryAccess
    /// The largest JSON body accepted.
    let jsonBodyBytes: Int

    func add(to router: Router<Context>) {
        router.post("api/galleries/:gallery/notes") { request, context in
            let id = try await access.gallery(request, context)
            let body = try await request.decodeJSON(as: NewNoteRequest.self, limit: jsonBodyBytes)
            let session = try request.historySession(for: context.identity)
            var note = ItemDraft(note: try NoteText.validated(body.text ?? ""))
            note.addedBy = context.identity?.user?.id
            let items = try await store.insertPendingItems(
                [note], into: id, at: try body.at.insertionPoint(), recordingFor: session)
            return EditedResponse(
                status: .created,
                response: try await store.recorded(
                    ItemListResponse(items: items.map(presenter.response(for:))), in: id, for: session))
        }
        router.put("api/items/:item/text") { request, context in
            let id = try await access.item(request, context)
            let body = try await request.decodeJSON(as: NoteTextRequest.self, limit: jsonBodyBytes)
            let session = try request.historySession(for: context.identity)
            let item = try await store.editNote(id, text: body.text, recordingFor: session)
            return try await store.recorded(presenter.response(for: item), in: item.galleryID, for: session)
        }
    }
}

/// `POST /api/galleries/{id}/notes`: the text (empty when absent) and where the note goes (the end when absent).
struct NewNoteRequest: Decodable {
    var text: String?
    var at: PositionRequest?
}

/// `PUT /api/items/{id}/text`
struct NoteTextRequest: Decodable {
    var text: String
}
