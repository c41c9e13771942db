import GalleryCore
import Hummingbird

extension Parameters {
    /// The typed id in a path parameter; a malformed id is a 404, like an unknown one.
    func typedID<Tag>(_ name: String, what: String) throws -> TypedID<Tag> {
        guard let id = TypedID<Tag>(try require(name)) else {
            throw GalleryError.notFound("There is no such \(what).")
        }
        return id
    }
}

extension IngestionService {
    /// An item as the API shows it, with its loading progress and the thumbnails that exist.
    func response(for item: Item) -> ItemResponse {
        let thumbnails = item.blobHash.map { hash in
            self.thumbnails.existingWidths(hash: hash).map {
                ItemResponse.Thumbnail(width: $0, url: MediaPath.thumbnail(hash: hash, width: $0))
            }
        }
        return ItemResponse(item, progress: progress.entry(for: item.id), thumbnails: thumbnails ?? [])
    }
}
