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
/// never whole in memory; identical files are stored once.
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

        /// Makes limits: by default 100,001 entries (a million-item gallery's files are fewer: identical ones are kept
        /// once), 16 GiB and a 256 MiB manifest.
        public init(entries: Int = 100_001, totalBytes: Int64 = 16 << 30, manifestBytes: Int64 = 256 << 20) {
            self.entries = entries
            self.totalBytes = totalBytes
            self.manifestBytes = manifestBytes
        }
    }

    /// What an import made.
    public struct Summary: Sendable {
        /// The new gallery.
        public var gallery: Gallery
        /// How many items it holds.
        public var items: Int
        /// Those still to load from their source, in order (``IngestionService/startFetching(_:reservedFor:)``).
        public var loading: [Item]
        /// How many files were stored (identical ones once).
        public var files: Int
        /// What was left out, and why (a folder's files that are no images, items that cannot be loaded again).
        public var skipped: [String]
    }

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

    // MARK: - Archives

    /// Makes a gallery (named `name`, else as the archive says) from the archive at `url`. The archive is read and
    /// checked on a thread of its own (``BlockingWork``): unzipping and checking its files and manifest never hold up
    /// the threads that answer requests. How many imports run at once is the caller's to bound.
    /// - Throws: ``GalleryError/invalid(_:)`` saying what is wrong with the archive; nothing is made then.
    public func importArchive(at url: URL, named name: String? = nil, progress: @escaping Progress = { _, _, _ in })
        async throws -> Summary
    {
        let read = try await BlockingWork.run { try self.read(archiveAt: url, named: name, progress: progress) }
        let kept = try await keep(read.files, progress: progress)
        return try await make(read.manifest, files: kept, progress: progress)
    }

    /// An archive read and checked: its manifest, and its files written to the incoming area, by name.
    struct ReadArchive: Sendable {
        var manifest: GalleryManifest
        var files: [String: CheckedFile]
    }

    /// Reads and checks the archive at `url` (blocking: run it on a thread of its own).
    func read(archiveAt url: URL, named name: String?, progress: Progress) throws -> ReadArchive {
        try refuseUnlessEndRecord(at: url)
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw GalleryError.invalid("This is not a zip archive, or it is damaged (cut short?).")
        }
        let files = try checkedEntries(of: archive)
        guard let manifestEntry = files[GalleryManifest.fileName] else {
            throw GalleryError.invalid("This zip has no \(GalleryManifest.fileName): it is not a gallery archive.")
        }
        var manifest = try readManifest(manifestEntry, of: archive, archiveFiles: Set(files.keys))
        if let name { manifest.name = try Gallery.validatedName(name) }

        let names = Array(Set(manifest.items.compactMap(\.file))).sorted()
        var checked: [String: CheckedFile] = [:]
        do {
            for (index, fileName) in names.enumerated() {
                guard let entry = files[fileName] else { continue }
                checked[fileName] = try check(fileName, entry: entry, of: archive)
                progress("checking", index + 1, names.count)
            }
            for (index, item) in manifest.items.enumerated() {
                guard let file = item.file, let stored = checked[file]?.accepted else { continue }
                let expected: Set<ItemKind> = item.kind == .link ? [.image] : [item.kind]
                if !expected.contains(stored.kind) {
                    throw GalleryError.invalid(
                        "Item \(index + 1) of the archive is listed as \(article(item.kind)), but its file '\(file)'"
                            + " is \(article(stored.kind)).")
                }
            }
        } catch {
            for file in checked.values { try? FileManager.default.removeItem(at: file.finished.temporaryURL) }
            throw error
        }
        return ReadArchive(manifest: manifest, files: checked)
    }

    /// Refuses a file whose last bytes hold no zip end record (``ZipSignature/hasEndRecord(inLast:)``): it is no
    /// zip, or is cut short. Reads those bytes only (the zip reader would search the whole file for the record).
    func refuseUnlessEndRecord(at url: URL) throws {
        let notZip = GalleryError.invalid("This is not a zip archive, or it is damaged (cut short?).")
        guard let handle = try? FileHandle(forReadingFrom: url) else { throw notZip }
        defer { try? handle.close() }
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size - min(size, UInt64(ZipSignature.endRecordReach)))
        let tail = try handle.readToEnd() ?? Data()
        guard ZipSignature.hasEndRecord(inLast: [UInt8](tail)) else { throw notZip }
    }

    /// The archive's manifest, read a chunk at a time (``GalleryManifest/Reader``): each item's entry is decoded
    /// and checked (``GalleryManifest/Entry/validated(number:archiveFiles:)``) as soon as it is read, and the first
    /// one that breaks a limit stops the reading. Only the checked entries are kept, never the manifest's JSON whole.
    func readManifest(_ entry: Entry, of archive: Archive, archiveFiles: Set<String>) throws -> GalleryManifest {
        let name = GalleryManifest.fileName
        guard Int64(entry.uncompressedSize) <= limits.manifestBytes else {
            throw GalleryError.invalid(
                "The archive's '\(name)' is larger than \(limits.manifestBytes / (1 << 20)) MiB.")
        }
        var reader = GalleryManifest.Reader()
        var items: [GalleryManifest.Entry] = []
        let decoder = JSONDecoder()
        try extract(entry, of: archive) { chunk in
            try reader.read(chunk) { json, number in
                guard number <= GalleryManifest.maximumItems else {
                    throw GalleryError.invalid(
                        "The archive lists more than \(GalleryManifest.maximumItems) items; no more are taken.")
                }
                let item: GalleryManifest.Entry
                do {
                    item = try decoder.decode(GalleryManifest.Entry.self, from: json)
                } catch {
                    throw GalleryError.invalid("Item \(number) of the archive's \(name) is not an item of a gallery.")
                }
                try item.validated(number: number, archiveFiles: archiveFiles)
                items.append(item)
            }
        }
        let head: GalleryManifest.Head
        do {
            head = try decoder.decode(GalleryManifest.Head.self, from: try reader.finish())
        } catch let error as GalleryError {
            throw error
        } catch {
            throw GalleryError.invalid("The archive's \(name) is not a gallery manifest.")
        }
        let checked = try head.validated()
        return GalleryManifest(
            name: checked.name, imagesPerRow: checked.imagesPerRow, view: checked.view, items: items)
    }

    /// The archive's plain files by name, after checking every entry's name, type and size.
    func checkedEntries(of archive: Archive) throws -> [String: Entry] {
        var files: [String: Entry] = [:]
        var count = 0
        var declared: Int64 = 0
        for entry in archive {
            count += 1
            guard count <= limits.entries else {
                throw GalleryError.invalid("The archive holds more than \(limits.entries) entries.")
            }
            if let problem = ArchivePath.problem(with: entry.path) {
                throw GalleryError.invalid("The archive holds \(problem); nothing was imported.")
            }
            switch entry.type {
            case .symlink:
                throw GalleryError.invalid("The archive holds a link, '\(entry.path)'; nothing was imported.")
            case .directory:
                continue
            case .file:
                guard files[entry.path] == nil else {
                    throw GalleryError.invalid("The archive holds '\(entry.path)' twice.")
                }
                // Deflate never makes data much larger: a file compressed to more than it declares unpacked lies
                // about its size (a zip bomb's way of looking small).
                let size = Int64(entry.uncompressedSize)
                if Int64(entry.compressedSize) > size + size / 100 + 1024 {
                    throw GalleryError.invalid(
                        "The archive's '\(entry.path)' declares \(size) bytes but holds \(entry.compressedSize)"
                            + " compressed: its sizes lie (a zip bomb?); nothing was imported.")
                }
                declared += size
                guard declared <= limits.totalBytes else {
                    throw GalleryError.invalid(
                        "The archive's files come to more than \(limits.totalBytes / (1 << 20)) MiB.")
                }
                files[entry.path] = entry
            }
        }
        return files
    }

    /// Copies an entry's bytes to `consume` in chunks, stopping with a refusal when they come to more than the entry
    /// declares (a zip bomb) or do not match its checksum (a damaged archive).
    func extract(_ entry: Entry, of archive: Archive, consume: (Data) throws -> Void) throws {
        let declared = Int64(entry.uncompressedSize)
        var received: Int64 = 0
        do {
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                received += Int64(chunk.count)
                if received > declared { throw ArchiveLie() }
                try consume(chunk)
            }
        } catch is ArchiveLie {
            throw GalleryError.invalid(
                "The archive's '\(entry.path)' holds more than the \(declared) bytes it declares; nothing was imported."
            )
        } catch let error as GalleryError {
            throw error
        } catch let error as BlobStore.Error {
            throw error
        } catch {
            throw GalleryError.invalid("The archive's '\(entry.path)' is damaged: \(error).")
        }
    }

    struct ArchiveLie: Error {}

    /// Writes an entry to the incoming area and checks that it is an image or video the gallery takes.
    func check(_ name: String, entry: Entry, of archive: Archive) throws -> CheckedFile {
        let writer = try ingestion.makeBlobWriter()
        do {
            try extract(entry, of: archive) { chunk in try writer.write(chunk) }
            return try accepted(writer.finish(), name: "The archive's '\(name)'")
        } catch BlobStore.Error.tooLarge {
            writer.discard()
            throw GalleryError.invalid("The archive's '\(name)' is larger than the gallery takes.")
        } catch {
            writer.discard()
            throw error
        }
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

    // MARK: - Folders

    /// Makes a gallery (named `name`, else as the folder) of the images and videos in the folder at `url`, in file-name
    /// order (numbers by value: "2.png" before "10.png"); other files (and hidden ones) are left out, each saying why.
    /// - Throws: ``GalleryError/invalid(_:)`` for a folder that cannot be read or holds nothing the gallery takes.
    public func importFolder(at url: URL, named name: String? = nil, progress: Progress = { _, _, _ in })
        async throws -> Summary
    {
        let manager = FileManager.default
        let listed: [URL]
        do {
            listed = try manager.contentsOfDirectory(
                at: url, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        } catch {
            throw GalleryError.invalid("The folder \(url.path) cannot be read.")
        }
        let files = listed.filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .sorted {
                $0.lastPathComponent.compare($1.lastPathComponent, options: [.numeric, .caseInsensitive])
                    == .orderedAscending
            }
        var skipped: [String] = []
        var checked: [String: CheckedFile] = [:]
        var entries: [GalleryManifest.Entry] = []
        for (index, file) in files.enumerated() {
            let title = file.lastPathComponent
            do {
                let found = try check(fileAt: file)
                checked[title] = found
                entries.append(
                    GalleryManifest.Entry(kind: found.accepted.kind, state: .ready, title: title, file: title))
            } catch let error as GalleryError {
                skipped.append(error.message)
            }
            progress("checking", index + 1, files.count)
        }
        guard !entries.isEmpty else {
            throw GalleryError.invalid(
                "The folder \(url.path) holds no image or video the gallery takes."
                    + (skipped.isEmpty ? "" : " " + skipped.joined(separator: " ")))
        }
        let manifest = GalleryManifest(
            name: try Gallery.validatedName(name ?? url.lastPathComponent), imagesPerRow: Gallery.defaultImagesPerRow,
            view: .default, items: entries)
        let kept = try await keep(checked, progress: progress)
        var summary = try await make(manifest, files: kept, progress: progress)
        summary.skipped = skipped + summary.skipped
        return summary
    }

    /// Writes a file of a folder to the incoming area and checks it.
    func check(fileAt url: URL) throws -> CheckedFile {
        let name = "'\(url.lastPathComponent)'"
        guard let handle = try? FileHandle(forReadingFrom: url) else {
            throw GalleryError.invalid("\(name) cannot be read.")
        }
        defer { try? handle.close() }
        let writer = try ingestion.makeBlobWriter()
        do {
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { try writer.write(chunk) }
            return try accepted(writer.finish(), name: name)
        } catch BlobStore.Error.tooLarge {
            writer.discard()
            throw GalleryError.invalid("\(name) is larger than the gallery takes.")
        } catch let error as GalleryError {
            writer.discard()
            throw error
        } catch {
            writer.discard()
            throw GalleryError.invalid("\(name) cannot be read: \(error).")
        }
    }

    // MARK: - Making the gallery

    /// Makes the gallery of a checked manifest whose files are kept: its items in order (ready ones with their
    /// files, notes with their text, links with their page and preview; items that were still loading, or had
    /// failed, load again from their source, and are left out without one) and their places on the board.
    func make(_ manifest: GalleryManifest, files: [String: StoredImage], progress: Progress) async throws -> Summary {
        var skipped: [String] = []
        var chosen: [(entry: GalleryManifest.Entry, draft: ItemDraft)] = []
        for (index, entry) in manifest.items.enumerated() {
            let ready = entry.state == .ready
            switch entry.kind {
            case .note:
                chosen.append((entry, ItemDraft(note: entry.text ?? "")))
            case .link where ready:
                chosen.append((entry, ItemDraft(origin: .remote, sourceURL: entry.sourceURL, title: entry.title)))
            case .image, .video, .link:
                if ready, let file = entry.file, files[file] != nil {
                    chosen.append((entry, ItemDraft(origin: .upload, sourceURL: entry.sourceURL, title: entry.title)))
                } else if let source = entry.sourceURL {
                    chosen.append((entry, ItemDraft(origin: .remote, sourceURL: source, title: entry.title)))
                } else {
                    skipped.append(
                        "Item \(index + 1), '\(entry.title)', was \(entry.state.rawValue) without a source to load it"
                            + " from: left out.")
                }
            }
        }
        let gallery = try await store.createGallery(named: manifest.name)
        do {
            return try await fill(gallery, manifest, chosen, files: files, skipped: skipped, progress: progress)
        } catch {
            // Not left half made: the gallery goes to the trash of galleries.
            _ = try? await store.trashGallery(gallery.id)
            throw error
        }
    }

    func fill(
        _ gallery: Gallery, _ manifest: GalleryManifest, _ chosen: [(entry: GalleryManifest.Entry, draft: ItemDraft)],
        files: [String: StoredImage], skipped: [String], progress: Progress
    ) async throws -> Summary {
        _ = try await store.updateGallery(
            gallery.id, name: nil, imagesPerRow: manifest.imagesPerRow, view: manifest.view)
        var count = 0
        var loading: [Item] = []
        var placed: [(id: ItemID, position: BoardPosition)] = []
        // A thousand items a batch: inserted in one transaction, made ready in another.
        for start in stride(from: 0, to: chosen.count, by: 1000) {
            let batch = Array(chosen[start..<min(chosen.count, start + 1000)])
            let inserted = try await store.insertPendingItems(batch.map(\.draft), into: gallery.id, at: .end)
            let settlements = zip(batch, inserted).compactMap { pair, item in
                settlement(of: item, as: pair.entry, files: files)
            }
            let settled = Set(try await store.settle(settlements).map(\.id))
            for (pair, item) in zip(batch, inserted) {
                if item.state == .pending, !settled.contains(item.id) { loading.append(item) }
                if let board = pair.entry.board { placed.append((item.id, board)) }
            }
            count += inserted.count
            progress("adding", count, chosen.count)
        }
        for start in stride(from: 0, to: placed.count, by: 1000) {
            _ = try await store.placeItems(Array(placed[start..<min(placed.count, start + 1000)]), in: gallery.id)
        }
        return Summary(
            gallery: try await store.gallery(gallery.id), items: count, loading: loading,
            files: Set(files.values.map(\.hash)).count, skipped: skipped)
    }

    /// What makes a new item what its entry says, when its file or page is there; nil leaves it as it is (a note is
    /// ready already; an item to load again stays pending).
    func settlement(of item: Item, as entry: GalleryManifest.Entry, files: [String: StoredImage]) -> Settlement? {
        guard entry.state == .ready, item.state == .pending else { return nil }
        let stored = entry.file.flatMap { files[$0] }
        if entry.kind == .link {
            let page = LinkDetails(title: entry.title, description: entry.pageDescription, siteName: entry.siteName)
            return .link(item.id, page, preview: stored)
        }
        return stored.map { .file(item.id, $0) }
    }

    private func article(_ kind: ItemKind) -> String {
        kind == .image ? "an image" : "a \(kind.rawValue)"
    }
}
