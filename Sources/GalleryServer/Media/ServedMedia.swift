import GalleryCore
import Synchronization

/// The path and type stored files of recently served hashes are served under (at most ``capacity``, forgotten all at
/// once past it): what a media request is checked against, without a database read once known.
final class ServedMedia: Sendable {
    static let capacity = 50_000
    private let known = Mutex<[String: (path: String, mimeType: String)]>([:])

    /// The path (`/media/<hash>.<ext>`) and the type the file of this hash is served with, when known without a
    /// database read.
    func knownMedia(of hash: String) -> (path: String, mimeType: String)? {
        known.withLock { $0[hash] }
    }

    /// The path (`/media/<hash>.<ext>`) and the type the file of this hash is served with; nil when no file of the
    /// hash is stored, or its type is not served.
    func media(of hash: String, in store: any GalleryStore) async throws -> (path: String, mimeType: String)? {
        if let media = knownMedia(of: hash) { return media }
        guard let stored = try await store.storedImage(hash: hash)?.mimeType,
            let type = MediaPath.servedType(forStored: stored)
        else { return nil }
        let media = (path: MediaPath.make(hash: hash, mimeType: stored), mimeType: type.mimeType)
        known.withLock { known in
            if known.count >= Self.capacity { known.removeAll(keepingCapacity: true) }
            known[hash] = media
        }
        return media
    }
}
