import BlobStore
import Foundation
import GalleryStoreSQL
import GalleryStoreSQLite

/// `image-gallery backup DEST`: a consistent copy of a data folder, made while the server runs: the database as it is
/// at one moment (SQLite's online backup), then every stored file it refers to, with their thumbnails, posters and
/// display copies. `DEST` is a data folder of its own: `serve --data DEST` opens it.
public enum Backup {
    /// What a backup copied.
    public struct Summary: Sendable, Equatable {
        /// Stored files copied.
        public var files: Int
        /// Their bytes.
        public var bytes: Int64
        /// Files the copied database refers to that were gone by the time they were copied (a trash emptied
        /// meanwhile: their items are in the backup's trash, without their files).
        public var missing: Int
    }

    /// Why a backup was not made.
    public enum Error: Swift.Error, CustomStringConvertible {
        /// The destination exists and is not empty.
        case destinationNotEmpty(String)
        /// There is no database in the data folder.
        case noDatabase(String)

        public var description: String {
            switch self {
            case .destinationNotEmpty(let path):
                "\(path) is not empty: back up into a new (or empty) folder, so that nothing in it is overwritten."
            case .noDatabase(let path): "There is no gallery database at \(path)."
            }
        }
    }

    /// Backs up the data folder `dataDirectory` into `destination` (made if missing; it must be empty); `report`
    /// hears a line now and then.
    public static func make(
        dataDirectory: URL, destination: URL, report: (String) -> Void = { _ in }
    ) throws -> Summary {
        let manager = FileManager.default
        let source = ServerConfiguration(dataDirectory: dataDirectory)
        let target = ServerConfiguration(dataDirectory: destination)
        guard manager.fileExists(atPath: source.databasePath) else { throw Error.noDatabase(source.databasePath) }
        if let contents = try? manager.contentsOfDirectory(atPath: destination.path), !contents.isEmpty {
            throw Error.destinationNotEmpty(destination.path)
        }
        try manager.createDirectory(at: destination, withIntermediateDirectories: true)
        let hashes = try AppDatabase.open(atPath: source.databasePath).backup(toPath: target.databasePath)
        report("Copied the database (\(hashes.count) stored files to copy).")

        let from = try BlobStore(root: source.blobDirectory)
        let to = try BlobStore(root: target.blobDirectory)
        let fromExtras = source.blobDirectory.appendingPathComponent("thumbnails", isDirectory: true)
        let toExtras = target.blobDirectory.appendingPathComponent("thumbnails", isDirectory: true)
        try manager.createDirectory(at: toExtras, withIntermediateDirectories: true)
        let extras = Set((try? manager.contentsOfDirectory(atPath: fromExtras.path)) ?? [])
        var summary = Summary(files: 0, bytes: 0, missing: 0)
        for (index, hash) in hashes.enumerated() {
            let file = from.fileURL(forHash: hash)
            guard manager.fileExists(atPath: file.path) else {
                summary.missing += 1
                continue
            }
            let copy = to.fileURL(forHash: hash)
            try manager.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
            try manager.copyItem(at: file, to: copy)
            summary.files += 1
            summary.bytes += (try? manager.attributesOfItem(atPath: copy.path)[.size] as? Int64) ?? 0
            // What is made of it: thumbnails, a video's poster, a TIFF's display copy.
            for name in extras where name.hasPrefix("\(hash)-") {
                try manager.copyItem(
                    at: fromExtras.appendingPathComponent(name), to: toExtras.appendingPathComponent(name))
            }
            if (index + 1) % 1000 == 0 { report("Copied \(index + 1) of \(hashes.count) files.") }
        }
        return summary
    }
}
