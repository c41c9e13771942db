import GalleryCore
import Hummingbird

/// A change's answer with the history it left for the browser session that made it, so the page updates its Undo and
/// Redo buttons without a second request. Encodes as the body's own fields and `history` (absent without a session).
struct RecordedResponse<Body: Encodable & Sendable>: ResponseEncodable {
    let body: Body
    let history: HistoryResponse?

    enum CodingKeys: String, CodingKey {
        case history
    }

    func encode(to encoder: any Encoder) throws {
        try body.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(history, forKey: .history)
    }
}

extension GalleryStore {
    /// `body` with the history `session` now has in `gallery` (none without a session).
    func recorded<Body: Encodable & Sendable>(
        _ body: Body, in gallery: GalleryID, for session: HistorySession?
    ) async throws -> RecordedResponse<Body> {
        guard let session else { return RecordedResponse(body: body, history: nil) }
        return RecordedResponse(body: body, history: try await historyResponse(in: gallery, for: session))
    }
}
