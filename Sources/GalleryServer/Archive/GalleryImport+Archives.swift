import BlobStore
import Foundation
import GalleryCore
import ZIPFoundation

// Archives: reading and checking a gallery archive (its zip entries, manifest and files) before anything is made.
extension GalleryImport {
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
                // A link's site icon is an image too.
                if item.kind == .link, let icon = item.siteIcon, wanted[icon, default: [:]][.image] == nil {
                    wanted[icon, default: [:]][.image] = (number, item.kind)
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

    private func article(_ kind: ItemKind) -> String {
        kind == .image ? "an image" : "a \(kind.rawValue)"
    }
}
