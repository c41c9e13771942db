import BlobStore
import Foundation
import GalleryCore

// Folders: a gallery of the images and videos in a folder.
extension GalleryImport {
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
}
