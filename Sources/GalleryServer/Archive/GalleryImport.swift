import BlobStore
import Foundation
import GalleryCore
import ZIPFoundation

/// Makes a new gallery from a gallery archive (``GalleryExport``'s zip) or from a folder of images and videos.
///
/// Everything is checked before the gallery is made, so a refused archive leaves nothing behind: its names (no `..`,
/// absolute names or links: ``ArchivePath``), its size (entries, declared bytes; a file that inflates to more than it
/// declares — a zip bomb — is stopped there), its manifest (read entry by entry, each held to the limits the API
/// holds items to: ``GalleryManifest/Reader``, ``GalleryManifest/Entry/validated(number:archiveFiles:)``), and every
/// file it names (an image or video the gallery takes, of the kind the manifest says). Files are copied in chunks,
/// never whole in memory; identical files are stored once. The checked entries wait in a file (``ManifestSpool``) and
/// the gallery is made from it a batch of items at a time: memory follows a batch and the distinct files, not the
/// number of items.
public struct GalleryImport: Sendable {
    let store: any GalleryStore
    let ingestion: IngestionService
    let limits: Limits

    /// How much an archive may hold.
    public struct Limits: Sendable {
        /// The most entries (files and folders).
        public var entries: Int
        /// The most bytes its files may declare together.
        public var totalBytes: Int64
        /// The most bytes of its manifest.
        public var manifestBytes: Int64
        /// The most items its manifest may list: an archive listing more is refused whole.
        public var items: Int

        /// Makes limits: by default 100,001 entries (a million-item gallery's files are fewer: identical ones are kept
        /// once), 16 GiB, a 256 MiB manifest and ``GalleryManifest/maximumItems`` items.
        public init(
            entries: Int = 100_001, totalBytes: Int64 = 16 << 30, manifestBytes: Int64 = 256 << 20,
            items: Int = GalleryManifest.maximumItems
        ) {
            self.entries = entries
            self.totalBytes = totalBytes
            self.manifestBytes = manifestBytes
            self.items = items
        }
    }

    /// What an import made.
    public struct Summary: Sendable {
        /// The new gallery.
        public var gallery: Gallery
        /// How many items it holds.
        public var items: Int
        /// How many still load from their source (the gallery's pending items: start them once it is given to its
        /// owner).
        public var loading: Int
        /// How many files were stored (identical ones once).
        public var files: Int
        /// What was left out, and why (a folder's files that are no images, items that cannot be loaded again): at
        /// most ``maximumSkippedLines`` lines, the last saying how many more.
        public var skipped: [String]
    }

    /// The most lines ``Summary/skipped`` holds.
    public static let maximumSkippedLines = 100

    /// How far an import is: `done` of `total` steps of `phase` ("checking", "storing" or "adding").
    public typealias Progress = @Sendable (_ phase: String, _ done: Int, _ total: Int) -> Void

    /// An import into `store`, storing files through `ingestion`.
    public init(store: any GalleryStore, ingestion: IngestionService, limits: Limits = Limits()) {
        self.store = store
        self.ingestion = ingestion
        self.limits = limits
    }

    /// A file checked and written to the image folder's incoming area, not kept yet.
    struct CheckedFile: Sendable {
        var finished: BlobWriter.Finished
        var accepted: StoredImage
    }

    /// The written file as an image or video the gallery takes; else it is removed and `name` refused.
    func accepted(_ finished: BlobWriter.Finished, name: String) throws -> CheckedFile {
        switch ingestion.accept(finished) {
        case .success(let stored): return CheckedFile(finished: finished, accepted: stored)
        case .failure(let reason):
            try? FileManager.default.removeItem(at: finished.temporaryURL)
            throw GalleryError.invalid("\(name) cannot be taken: \(reason.message)")
        }
    }

    /// Keeps the checked files in the image folder (with their thumbnails), by name.
    func keep(_ checked: [String: CheckedFile], progress: Progress) async throws -> [String: StoredImage] {
        var kept: [String: StoredImage] = [:]
        var failure: GalleryError?
        for (index, (name, file)) in checked.sorted(by: { $0.key < $1.key }).enumerated() {
            if failure != nil {
                try? FileManager.default.removeItem(at: file.finished.temporaryURL)
                continue
            }
            switch await ingestion.keep(file.finished, file.accepted) {
            case .success(let stored): kept[name] = stored
            case .failure(let reason): failure = .invalid("'\(name)' cannot be taken: \(reason.message)")
            }
            progress("storing", index + 1, checked.count)
        }
        if let failure { throw failure }
        return kept
    }
}
