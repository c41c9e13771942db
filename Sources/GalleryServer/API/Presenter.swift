import GalleryCore

/// Renders items, galleries and events as the API shows them: with the progress of what is loading, the thumbnails
/// that exist and how a video plays. Holds only what that needs, so routes that merely answer with items do not need
/// the ingestion service.
struct Presenter: Sendable {
    /// Progress of items being loaded (and of videos' copies being made).
    let progress: ProgressBoard
    /// Where the thumbnails of images stored before they were recorded are looked up.
    let thumbnails: ThumbnailService
    /// Whether copies are made of videos browsers do not play (ffmpeg is installed).
    let makesVideoCopies: Bool

    /// The presenter of what `ingestion` loads: its progress, thumbnails and video copies.
    init(of ingestion: IngestionService) {
        progress = ingestion.progress
        thumbnails = ingestion.thumbnails
        makesVideoCopies = ingestion.videoCopies.isEnabled
    }

    /// An item as the API shows it, with its loading progress and the thumbnails that exist; never where its photo was
    /// taken (lists and live events go to every viewer, read-only links too).
    func response(for item: Item) -> ItemResponse {
        let loading = progress.entry(for: item.id)
        var response = ItemResponse(
            item, progress: loading, thumbnails: thumbnailList(item.blobHash, recorded: item.thumbnailWidths))
        response.describePlayback(of: item, canMakeCopies: makesVideoCopies, progress: loading)
        return response
    }

    /// An item as ``response(for:)`` shows it, and where its photo was taken when `showingLocation` (a person the
    /// gallery lets see it: ``GalleryAccess/seesLocation(_:in:)``), with the name of the account that added it and the
    /// text read in its image.
    func response(for item: Item, showingLocation: Bool, addedBy: String?, imageText: String?) -> ItemResponse {
        var response = response(for: item)
        if showingLocation, let photo = item.photo, !photo.isEmpty { response.photo = photo }
        response.addedBy = addedBy
        response.imageText = imageText
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
