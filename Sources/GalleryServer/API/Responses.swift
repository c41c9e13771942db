import GalleryCore
import HTTPTypes
import Hummingbird

extension IngestionService {
    /// An item as the API shows it, with its loading progress and the thumbnails that exist.
    func response(for item: Item) -> ItemResponse {
        let loading = progress.entry(for: item.id)
        var response = ItemResponse(
            item, progress: loading, thumbnails: thumbnailList(item.blobHash, recorded: item.thumbnailWidths))
        response.describePlayback(of: item, canMakeCopies: videoCopies.isEnabled, progress: loading)
        return response
    }

    /// A gallery as the API shows it, with the thumbnails of its cover.
    func response(for gallery: Gallery, role: GalleryRole? = nil) -> GalleryResponse {
        GalleryResponse(
            gallery, coverThumbnails: thumbnailList(gallery.cover?.blobHash, recorded: gallery.cover?.thumbnailWidths),
            role: role)
    }

    /// An event as views receive it.
    func response(for event: GalleryEvent) -> EventResponse {
        EventResponse(
            sequence: event.sequence, gallery: response(for: event.gallery), items: event.items.map(response(for:)),
            removed: event.removed.map(\.rawValue), runs: event.runs.isEmpty ? nil : event.runs.map(RunResponse.init))
    }

    /// The thumbnails of an image: as recorded with it (no file is touched), or, for one stored before they were
    /// recorded and not checked since, those whose files exist.
    private func thumbnailList(_ hash: String?, recorded: [Int]?) -> [ItemResponse.Thumbnail] {
        guard let hash else { return [] }
        return (recorded ?? thumbnails.existingWidths(hash: hash)).map {
            ItemResponse.Thumbnail(width: $0, url: MediaPath.thumbnail(hash: hash, width: $0))
        }
    }
}

extension Request {
    /// The undo history of the person making the request, in the tab named by `X-Gallery-Session` (nil: none named,
    /// or a read-only link, which changes nothing). A history belongs to the signed-in person: the tab's token only
    /// tells their tabs apart, so a token learned from somebody else's tab names no history of theirs.
    /// - Throws: ``GalleryError/invalid(_:)`` for a malformed token.
    func historySession(for identity: Identity?) throws(GalleryError) -> HistorySession? {
        guard let name = HTTPField.Name("X-Gallery-Session"), let text = headers[name] else { return nil }
        guard HistorySession(text) != nil else {
            throw .invalid("'X-Gallery-Session' must be 8 to 64 letters, digits and dashes.")
        }
        guard let user = identity?.user else { return nil }
        return HistorySession(SecretToken.hash("user \(user.id.rawValue) tab \(text)"))
    }

    /// The person's history in the tab, which this request needs.
    func requiredHistorySession(for identity: Identity?) throws(GalleryError) -> HistorySession {
        guard let session = try historySession(for: identity) else {
            throw .invalid("Undo and redo need the 'X-Gallery-Session' header naming the browser session.")
        }
        return session
    }
}
