import Foundation
import GalleryCore

/// A file of an import's checked item entries, one JSON object a line, in order: written while the archive's
/// manifest is read and checked, read back a batch at a time while the gallery is made. An import of a million items
/// holds one batch of entries, never the list.
struct ManifestSpool: Sendable {
    /// Where the entries are.
    let url: URL
    /// How many there are.
    private(set) var count = 0

    /// Appends entries to a new spool at `url` (made empty), a megabyte of lines at a time.
    final class Writer {
        private(set) var spool: ManifestSpool
        private let handle: FileHandle
        private var buffer = Data()
        private let encoder = JSONEncoder()

        init(at url: URL) throws {
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw GalleryError.conflict("The server cannot take files now.")
            }
            handle = try FileHandle(forWritingTo: url)
            spool = ManifestSpool(url: url)
        }

        deinit { try? handle.close() }

        /// Adds an entry (JSON never holds a raw line break: one line an entry).
        func append(_ entry: GalleryManifest.Entry) throws {
            buffer.append(try encoder.encode(entry))
            buffer.append(UInt8(ascii: "\n"))
            spool.count += 1
            if buffer.count >= 1 << 20 { try flush() }
        }

        /// Writes what is buffered and returns the spool to read.
        func finish() throws -> ManifestSpool {
            try flush()
            try handle.close()
            return spool
        }

        private func flush() throws {
            try handle.write(contentsOf: buffer)
            buffer.removeAll(keepingCapacity: true)
        }
    }

    /// Reads a spool's entries back in order, a batch at a time.
    final class Reader {
        private let handle: FileHandle
        private var pending = Data()
        private var start = 0
        private var ended = false
        private let decoder = JSONDecoder()

        init(_ spool: ManifestSpool) throws {
            handle = try FileHandle(forReadingFrom: spool.url)
        }

        deinit { try? handle.close() }

        /// The next `limit` entries at most; none when all were read.
        func next(upTo limit: Int) throws -> [GalleryManifest.Entry] {
            var entries: [GalleryManifest.Entry] = []
            while entries.count < limit {
                if let end = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                    entries.append(try decoder.decode(GalleryManifest.Entry.self, from: pending[start..<end]))
                    start = end + 1
                    continue
                }
                if ended { break }
                if let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                    // What is left of the last chunk (part of a line) goes before the next one.
                    var joined = Data(capacity: pending.endIndex - start + chunk.count)
                    joined.append(pending[start...])
                    joined.append(chunk)
                    pending = joined
                    start = 0
                } else {
                    ended = true
                }
            }
            return entries
        }
    }

    /// Removes the spool's file.
    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
