import GalleryCore
import Hummingbird

/// What a session can undo and redo in a gallery.
struct HistoryResponse: ResponseEncodable, Equatable {
    struct Action: Codable, Equatable {
        /// A short name for the button: "Move", "Drop"…
        var name: String
        /// For the action an undo would undo: the number of its entry, to undo exactly it (`?entry=`).
        var entry: Int64?
        /// For the action an undo would undo: what it did, in words ("Moved 3 items to 'Sky'").
        var summary: String?
    }

    var undo: Action?
    var redo: Action?

    init(_ state: HistoryState, undoable: UndoableAction?) {
        undo = state.undo.map {
            Action(name: HistoryPlanner.name(of: $0), entry: undoable?.entry, summary: undoable?.summary)
        }
        redo = state.redo.map { Action(name: HistoryPlanner.name(of: $0)) }
    }
}

extension GalleryStore {
    /// What `session` can undo and redo in `gallery`, with the action an undo would undo told in words.
    func historyResponse(in gallery: GalleryID, for session: HistorySession) async throws -> HistoryResponse {
        let state = try await history(in: gallery, for: session)
        let undoable = state.undo == nil ? nil : try await undoableAction(in: gallery, for: session)
        return HistoryResponse(state, undoable: undoable)
    }
}

/// `POST /api/galleries/{id}/undo` and `…/redo`
struct HistoryStepResponse: ResponseEncodable {
    var message: String
    var history: HistoryResponse
    var items: [ItemResponse]
}
