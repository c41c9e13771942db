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
        var response = ItemResponse(item, progress: loading, thumbnails: thumbnails(of: item))
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

    /// The thumbnails of an item's image, as it is shown: for one a person turned, its turned copies (made when first
    /// asked for: ``ThumbnailService/makeTurnedCopy(hash:width:orientation:)``), each told as wide as it is served
    /// (turned a quarter, as wide as its upright copy is tall: worked out from the image's aspect, without reading the
    /// copy, so it may be a pixel off, as libvips rounded); none when that is not known (the image's size is not).
    private func thumbnails(of item: Item) -> [ItemResponse.Thumbnail] {
        let upright = thumbnailList(item.blobHash, recorded: item.thumbnailWidths)
        let orientation = item.orientation
        guard orientation != .upright, let hash = item.blobHash else { return upright }
        guard let fileWidth = item.width, let fileHeight = item.height, fileWidth > 0, fileHeight > 0 else { return [] }
        return upright.map { copy in
            // The upright copy is `copy.width` wide and about as tall as the image's aspect makes it.
            let uprightHeight = max(1, Int((Double(copy.width) * Double(fileHeight) / Double(fileWidth)).rounded()))
            return ItemResponse.Thumbnail(
                width: orientation.swapsSides ? uprightHeight : copy.width,
                url: MediaPath.thumbnail(hash: hash, width: copy.width, turned: orientation))
        }
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
