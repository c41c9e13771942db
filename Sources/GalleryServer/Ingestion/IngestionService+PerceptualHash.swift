import Foundation
import GalleryCore

// The second half of the migration that added perceptual hashes (SQLite's v21, PostgreSQL's v13): SQL cannot decode
// images, so the images kept before are hashed here, in the background at start, a hundred at a time, each from its
// smallest thumbnail (a cheap decode) or, without one, its original.
extension IngestionService {
    /// Makes and records the perceptual hash of every stored still image that has none. One that cannot be decoded
    /// (its file is gone, no decoder here reads it) keeps none and is tried again at the next start.
    func makeMissingPerceptualHashes() async {
        guard thumbnails.isEnabled else { return }
        var after: String?
        while !Task.isCancelled {
            guard let hashes = try? await store.imagesAwaitingPerceptualHash(after: after, limit: 100),
                let last = hashes.last
            else { return }
            for hash in hashes {
                let made = await thumbnails.perceptualHash(hash: hash, original: blobs.fileURL(forHash: hash))
                if let made { try? await store.recordPerceptualHash(hash: hash, PerceptualHash(bits: made)) }
            }
            after = last
        }
    }
}
