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
/// the gallery is made from it a thousand items at a time: memory follows a batch and the distinct files, not the
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

    // MARK: - Archives

    /// Makes a gallery (named `name`, else as the archive says) from the archive at `url`. The archive is read and
    /// checked on a thread of its own (``BlockingWork``): unzipping and checking its files and manifest never hold up
    /// the threads that answer requests. How many imports run at once is the caller's to bound.
    /// - Throws: ``GalleryError/invalid(_:)`` saying what is wrong with the archive; nothing is made then.
    public func importArchive(at url: URL, named name: String? = nil, progress: @escaping Progress = { _, _, _ in })
        async throws -> Summary
    {
        let read = try await BlockingWork.run { try self.read(archiveAt: url, named: name, progress: progress) }
        defer { read.items.remove() }
        let kept = try await keep(read.files, progress: progress)
        return try await make(read.head, items: read.items, files: kept, progress: progress)
    }

    /// An archive read and checked: its gallery, its item entries (in a file), and its files written to the incoming
    /// area, by name.
    struct ReadArchive: Sendable {
        var head: GalleryManifest.Head
        var items: ManifestSpool
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
        let spool = try ManifestSpool.Writer(at: ingestion.blobs.temporaryFileURL())
        var checked: [String: CheckedFile] = [:]
        do {
            var (head, wanted) = try readManifest(
                manifestEntry, of: archive, archiveFiles: Set(files.keys), into: spool)
            if let name { head.name = try Gallery.validatedName(name) }
            for (index, (fileName, kinds)) in wanted.sorted(by: { $0.key < $1.key }).enumerated() {
                guard let entry = files[fileName] else { continue }
                let file = try check(fileName, entry: entry, of: archive)
                checked[fileName] = file
                // The first item that wants the file to be another kind than it is.
                let wrong = kinds.filter { $0.key != file.accepted.kind }.values.min { $0.number < $1.number }
                if let wrong {
                    throw GalleryError.invalid(
                        "Item \(wrong.number) of the archive is listed as \(article(wrong.listed)), but its file"
                            + " '\(fileName)' is \(article(file.accepted.kind)).")
                }
                progress("checking", index + 1, wanted.count)
            }
            return ReadArchive(head: head, items: try spool.finish(), files: checked)
        } catch {
            for file in checked.values { try? FileManager.default.removeItem(at: file.finished.temporaryURL) }
            spool.spool.remove()
            throw error
        }
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

    /// The first item (by number) that wants a file to be of a kind (a link's file is its preview: an image), and the
    /// kind that item is listed as.
    typealias Wanted = [String: [ItemKind: (number: Int, listed: ItemKind)]]

    /// Reads the archive's manifest a chunk at a time (``GalleryManifest/Reader``): each item's entry is decoded and
    /// checked (``GalleryManifest/Entry/validated(number:archiveFiles:)``) as soon as it is read, and the first one
    /// that breaks a limit stops the reading. Checked entries go to `spool`; what is kept is the gallery's head and,
    /// for each file named, the kinds its items want it to be — never the manifest or its entries whole.
    func readManifest(
        _ entry: Entry, of archive: Archive, archiveFiles: Set<String>, into spool: ManifestSpool.Writer
    ) throws -> (GalleryManifest.Head, Wanted) {
        let name = GalleryManifest.fileName
        guard Int64(entry.uncompressedSize) <= limits.manifestBytes else {
            throw GalleryError.invalid(
                "The archive's '\(name)' is larger than \(limits.manifestBytes / (1 << 20)) MiB.")
        }
        var reader = GalleryManifest.Reader()
        var wanted: Wanted = [:]
        let decoder = JSONDecoder()
        try extract(entry, of: archive) { chunk in
            try reader.read(chunk) { json, number in
                guard number <= limits.items else {
                    throw GalleryError.invalid(
                        "The archive lists more than \(limits.items.grouped) items, the most one import takes; nothing "
                            + "was imported. Split the gallery into several archives.")
                }
                let item: GalleryManifest.Entry
                do {
                    item = try decoder.decode(GalleryManifest.Entry.self, from: json)
                } catch {
                    throw GalleryError.invalid("Item \(number) of the archive's \(name) is not an item of a gallery.")
                }
                try item.validated(number: number, archiveFiles: archiveFiles)
                if let file = item.file {
                    let kind: ItemKind = item.kind == .link ? .image : item.kind
                    if wanted[file, default: [:]][kind] == nil {
                        wanted[file, default: [:]][kind] = (number, item.kind)
                    }
                }
                try spool.append(item)
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
        return (try head.validated(), wanted)
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
        var skipped = LeftOut(limit: Self.maximumSkippedLines)
        var checked: [String: CheckedFile] = [:]
        let spool = try ManifestSpool.Writer(at: ingestion.blobs.temporaryFileURL())
        defer { spool.spool.remove() }
        for (index, file) in files.enumerated() {
            let title = file.lastPathComponent
            do {
                let found = try check(fileAt: file)
                checked[title] = found
                try spool.append(
                    GalleryManifest.Entry(kind: found.accepted.kind, state: .ready, title: title, file: title))
            } catch let error as GalleryError {
                skipped.append(error.message)
            }
            progress("checking", index + 1, files.count)
        }
        let items = try spool.finish()
        guard items.count > 0 else {
            throw GalleryError.invalid(
                "The folder \(url.path) holds no image or video the gallery takes."
                    + (skipped.isEmpty ? "" : " " + skipped.said.joined(separator: " ")))
        }
        let head = GalleryManifest.Head(
            format: GalleryManifest.currentFormat, name: try Gallery.validatedName(name ?? url.lastPathComponent),
            imagesPerRow: Gallery.defaultImagesPerRow, view: .default)
        let kept = try await keep(checked, progress: progress)
        return try await make(head, items: items, files: kept, skipped: skipped, progress: progress)
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
    /// failed, load again from their source, and are left out without one) and their places on the board — a
    /// thousand items at a time, read from `items`: inserted in one transaction, made ready in another, placed in a
    /// third.
    func make(
        _ head: GalleryManifest.Head, items: ManifestSpool, files: [String: StoredImage],
        skipped: LeftOut = LeftOut(limit: maximumSkippedLines), progress: Progress
    ) async throws -> Summary {
        let gallery = try await store.createGallery(named: head.name)
        do {
            _ = try await store.updateGallery(gallery.id, name: nil, imagesPerRow: head.imagesPerRow, view: head.view)
            var skipped = skipped
            var count = 0
            var added = 0
            var loading = 0
            let reader = try ManifestSpool.Reader(items)
            while case let batch = try reader.next(upTo: 1000), !batch.isEmpty {
                var chosen: [(entry: GalleryManifest.Entry, draft: ItemDraft)] = []
                for (offset, entry) in batch.enumerated() {
                    if let draft = draft(for: entry, files: files) {
                        chosen.append((entry, draft))
                    } else {
                        skipped.append(
                            "Item \(count + offset + 1), '\(entry.title)', was \(entry.state.rawValue) without a source"
                                + " to load it from: left out.")
                    }
                }
                count += batch.count
                let inserted = try await store.insertPendingItems(chosen.map(\.draft), into: gallery.id, at: .end)
                let settlements = zip(chosen, inserted).compactMap { pair, item in
                    settlement(of: item, as: pair.entry, files: files)
                }
                let settled = Set(try await store.settle(settlements).map(\.id))
                added += inserted.count
                loading += inserted.count { $0.state == .pending && !settled.contains($0.id) }
                let placed = zip(chosen, inserted).compactMap { pair, item in pair.entry.board.map { (item.id, $0) } }
                if !placed.isEmpty { _ = try await store.placeItems(placed, in: gallery.id) }
                progress("adding", count, items.count)
            }
            // Videos browsers do not play get their copies in the background.
            if files.values.contains(where: { $0.videoPlayback?.copy == .wanted }) { ingestion.videoCopies.wake() }
            return Summary(
                gallery: try await store.gallery(gallery.id), items: added, loading: loading,
                files: Set(files.values.map(\.hash)).count, skipped: skipped.said)
        } catch {
            // Not left half made: the gallery goes to the trash of galleries.
            _ = try? await store.trashGallery(gallery.id)
            throw error
        }
    }

    /// How an entry becomes an item: ready ones with their files, notes with their text, links with their page;
    /// items that were still loading, or had failed, load again from their source. Nil for one without a source.
    func draft(for entry: GalleryManifest.Entry, files: [String: StoredImage]) -> ItemDraft? {
        let ready = entry.state == .ready
        switch entry.kind {
        case .note:
            return ItemDraft(note: entry.text ?? "")
        case .link where ready:
            return ItemDraft(origin: .remote, sourceURL: entry.sourceURL, title: entry.title)
        case .image, .video, .link:
            if ready, let file = entry.file, files[file] != nil {
                return ItemDraft(origin: .upload, sourceURL: entry.sourceURL, title: entry.title)
            }
            return entry.sourceURL.map { ItemDraft(origin: .remote, sourceURL: $0, title: entry.title) }
        }
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
