import Foundation
import GalleryCore
import MediaProbe

// The second half of the migration that added photo details (SQLite's v15, PostgreSQL's v7): SQL cannot read files,
// so the images kept before are read here, in the background at start, a hundred at a time.
extension IngestionService {
    /// Reads and records what the camera wrote in every stored image whose details are not read yet. A file that is
    /// gone or is no image this reads gets empty details, so that it is not looked at again.
    func readMissingPhotoDetails() async {
        var after: String?
        while !Task.isCancelled {
            guard let hashes = try? await store.imagesAwaitingPhotoDetails(after: after, limit: 100),
                let last = hashes.last
            else { return }
            for hash in hashes {
                let url = blobs.fileURL(forHash: hash)
                let data = try? Data(contentsOf: url, options: .alwaysMapped)
                let details = data.flatMap(ImageProbe.photoDetails) ?? PhotoDetails()
                try? await store.recordPhotoDetails(hash: hash, details)
            }
            after = last
        }
    }
}
