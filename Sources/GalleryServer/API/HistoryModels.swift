import GalleryCore
import Hummingbird

/// What a session can undo and redo in a gallery.
struct HistoryResponse: ResponseEncodable, Equatable {
    struct Action: Codable, Equatable {
        /// A short name for the button: "Move", "Drop"…
        var name: String
    }

    var undo: Action?
    var redo: Action?

    init(_ state: HistoryState) {
        undo = state.undo.map { Action(name: HistoryPlanner.name(of: $0)) }
        redo = state.redo.map { Action(name: HistoryPlanner.name(of: $0)) }
    }
}

/// `POST /api/galleries/{id}/undo` and `…/redo`
struct HistoryStepResponse: ResponseEncodable {
    var message: String
    var history: HistoryResponse
    var items: [ItemResponse]
}
