import BlobStore
import DragAndDrop
import Foundation
import GalleryCore
import ZIPFoundation

/// Writes a gallery into a zip archive: `gallery.json` (``GalleryManifest``: the gallery and its live items in order,
/// pending and failed ones with their state) and each stored file once, under `files/`, copied in chunks from the
/// image folder (never a whole file, nor the archive, in memory; stored as they are, since images and videos are
/// compressed already).
public struct GalleryExport: Sendable {
    let store: any GalleryStore
    let blobs: BlobStore

    /// What was written.
    public struct Summary: Sendable, Equatable {
        /// The gallery's name.
        public var name: String
        /// How many items the archive lists.
        public var items: Int
        /// How many files it holds.
        public var files: Int
        /// Their bytes.
        public var bytes: Int64
    }

    /// An export of the galleries of `store`, with the files of `blobs`.
    public init(store: any GalleryStore, blobs: BlobStore) {
        self.store = store
        self.blobs = blobs
    }

    /// Writes gallery `id` to a new archive at `destination` (an existing file is replaced only when the archive is
    /// complete: it is written beside it first). `progress(done, total)` is called after each file.
    public func write(
        _ id: GalleryID, to destination: URL, progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) async throws -> Summary {
        let gallery = try await store.gallery(id)
        let partial = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).\(UUID().uuidString).partial")
        let manifestFile = partial.appendingPathExtension("json")
        defer {
            try? FileManager.default.removeItem(at: partial)
            try? FileManager.default.removeItem(at: manifestFile)
        }
        // The manifest is written to a file a page of items at a time, and the archive's files are listed once each:
        // memory follows a page and the distinct files, not the gallery.
        let (items, files) = try await writeManifest(of: gallery, to: manifestFile)
        let archive = try Archive(url: partial, accessMode: .create)
        try archive.addEntry(with: GalleryManifest.fileName, fileURL: manifestFile, compressionMethod: .deflate)
        var bytes: Int64 = 0
        for (index, file) in files.enumerated() {
            let url = blobs.fileURL(forHash: file.hash)
            try archive.addEntry(with: file.name, fileURL: url, compressionMethod: .none)
            bytes += Int64((try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0)
            progress(index + 1, files.count)
        }
        if files.isEmpty { progress(0, 0) }
        if FileManager.default.fileExists(atPath: destination.path) {
            _ = try FileManager.default.replaceItemAt(destination, withItemAt: partial)
        } else {
            try FileManager.default.moveItem(at: partial, to: destination)
        }
        return Summary(name: gallery.name, items: items, files: files.count, bytes: bytes)
    }

    /// Writes the manifest of the gallery to `file`, reading its live items in order a page at a time. Returns how
    /// many items it lists, and each file they name once (its name in the archive and its hash), in order.
    func writeManifest(of gallery: Gallery, to file: URL) async throws -> (
        items: Int, files: [(name: String, hash: String)]
    ) {
        let pieces = try GalleryManifest.Pieces(
            name: gallery.name, imagesPerRow: gallery.imagesPerRow, view: gallery.view)
        guard FileManager.default.createFile(atPath: file.path, contents: pieces.opening) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
        let output = try FileHandle(forWritingTo: file)
        defer { try? output.close() }
        try output.seekToEnd()
        var files: [(name: String, hash: String)] = []
        var named: [String: String] = [:]
        var count = 0
        var start = ItemPage.Start.after(nil)
        while true {
            let page = try await store.items(in: gallery.id, from: start, limit: 1000)
            var chunk = Data()
            for item in page.items {
                // Each stored file once, by its hash: an item's own, a link's site icon.
                func archived(_ hash: String?, mimeType: String?) -> String? {
                    guard let hash else { return nil }
                    if let name = named[hash] { return name }
                    let name = GalleryManifest.fileName(
                        hash: hash,
                        fileExtension: mimeType.flatMap { TypeIdentifier(mimeType: $0)?.preferredFileExtension })
                    named[hash] = name
                    files.append((name, hash))
                    return name
                }
                let file = archived(item.blobHash, mimeType: item.mimeType)
                let siteIcon = item.kind == .link ? archived(item.siteIconHash, mimeType: item.siteIconMimeType) : nil
                if count > 0 { chunk.append(GalleryManifest.Pieces.separator) }
                chunk.append(
                    try pieces.entry(
                        GalleryManifest.Entry(
                            kind: item.kind, state: item.state, title: item.title, sourceURL: item.sourceURL,
                            file: file, text: item.text, pageDescription: item.pageDescription,
                            siteName: item.siteName, board: item.boardPosition, failure: item.failure?.message,
                            caption: item.caption, tags: item.tags.isEmpty ? nil : item.tags, siteIcon: siteIcon)))
                count += 1
            }
            try output.write(contentsOf: chunk)
            guard let next = page.nextCursor else { break }
            start = .after(next)
        }
        try output.write(contentsOf: GalleryManifest.Pieces.closing)
        return (count, files)
    }
}
