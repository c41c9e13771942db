import Crypto
import Foundation
import GalleryCore

/// Content-addressed files: each stored file is named by the SHA-256 of its bytes, so identical bytes are kept once.
public struct BlobStore: Sendable {
    /// The folder holding the files.
    public let root: URL
    /// The folder's path, without a trailing `/`.
    private let rootPath: String

    /// Why a blob operation failed.
    public enum Error: Swift.Error, Equatable, Sendable {
        /// More bytes than the writer's limit.
        case tooLarge
        /// The file system refused.
        case io(String)
    }

    /// Opens (and creates if needed) a blob folder.
    public init(root: URL) throws {
        self.root = root
        var rootPath = root.path
        while rootPath.hasSuffix("/") { rootPath.removeLast() }
        self.rootPath = rootPath
        try FileManager.default.createDirectory(at: temporaryFolder, withIntermediateDirectories: true)
    }

    var temporaryFolder: URL { root.appendingPathComponent("incoming", isDirectory: true) }

    /// Whether a hash is a well-formed SHA-256 hex string.
    public static func isValidHash(_ hash: String) -> Bool {
        hash.utf8.count == 64 && hash.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// Where the file of a hash lives (whether or not it exists).
    public func fileURL(forHash hash: String) -> URL {
        URL(fileURLWithPath: filePath(forHash: hash), isDirectory: false)
    }

    /// The path of ``fileURL(forHash:)``, made without `URL` (what serving a file needs, many times a second).
    public func filePath(forHash hash: String) -> String {
        "\(rootPath)/\(hash.prefix(2))/\(hash)"
    }

    /// Whether the bytes of this hash are stored.
    public func contains(hash: String) -> Bool {
        Self.isValidHash(hash) && FileManager.default.fileExists(atPath: fileURL(forHash: hash).path)
    }

    /// Removes the files of these hashes; a missing file or a malformed hash is skipped.
    public func remove(hashes: [String]) {
        let manager = FileManager.default
        for hash in hashes where Self.isValidHash(hash) {
            try? manager.removeItem(at: fileURL(forHash: hash))
        }
    }

    /// Starts writing a new file of at most `maximumBytes`; with `limitForHeader`, of at most what it says once the
    /// file's first ``BlobWriter/decisionLength`` bytes are written (a video may be larger than an image).
    public func makeWriter(
        maximumBytes: Int64, limitForHeader: (@Sendable (_ header: Data) -> Int64)? = nil
    ) throws -> BlobWriter {
        try BlobWriter(folder: temporaryFolder, maximumBytes: maximumBytes, limitForHeader: limitForHeader)
    }

    /// A new path in the incoming area, for a file kept only for a while (an archive being read or sent); what is left
    /// there is removed at the next start.
    public func temporaryFileURL() -> URL {
        temporaryFolder.appendingPathComponent(UUID().uuidString)
    }

    /// Moves a finished file into place under its hash; if the same bytes are already stored, keeps the existing file.
    public func commit(_ finished: BlobWriter.Finished) throws {
        let destination = fileURL(forHash: finished.hash)
        let manager = FileManager.default
        do {
            try manager.createDirectory(
                at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            if manager.fileExists(atPath: destination.path) {
                try? manager.removeItem(at: finished.temporaryURL)
                return
            }
            // rename(2) is atomic: a reader sees no file or the whole file, and two writers of the same bytes both succeed.
            if rename(finished.temporaryURL.path, destination.path) != 0 {
                throw Error.io("could not move the file into place (errno \(errno))")
            }
        } catch let error as Error {
            throw error
        } catch {
            throw Error.io(error.localizedDescription)
        }
    }

    /// Removes leftovers of writes that never finished (for example after a crash).
    public func removeIncomingLeftovers() {
        let manager = FileManager.default
        for name in (try? manager.contentsOfDirectory(atPath: temporaryFolder.path)) ?? [] {
            try? manager.removeItem(at: temporaryFolder.appendingPathComponent(name))
        }
    }
}

/// Writes one file chunk by chunk, hashing it and keeping its first bytes for probing.
public final class BlobWriter: @unchecked Sendable {
    /// A written file not yet moved into place.
    public struct Finished: Sendable {
        /// SHA-256, hex.
        public var hash: String
        /// Size in bytes.
        public var byteCount: Int64
        /// The first bytes, for probing the format.
        public var header: Data
        /// Where the bytes are now.
        public var temporaryURL: URL
    }

    /// How many of the first bytes are kept for probing.
    public static let headerLength = 4 * 1024 * 1024

    let lock = NSLock()
    let temporaryURL: URL
    let handle: FileHandle
    var maximumBytes: Int64
    var limitForHeader: (@Sendable (Data) -> Int64)?
    var hasher = SHA256()
    var header = Data()
    var byteCount: Int64 = 0
    var isClosed = false

    /// How many first bytes a writer's `limitForHeader` is given to decide its limit.
    public static let decisionLength = 64

    init(folder: URL, maximumBytes: Int64, limitForHeader: (@Sendable (Data) -> Int64)? = nil) throws {
        self.limitForHeader = limitForHeader
        temporaryURL = folder.appendingPathComponent(UUID().uuidString)
        guard FileManager.default.createFile(atPath: temporaryURL.path, contents: nil) else {
            throw BlobStore.Error.io("could not create a file in \(folder.path)")
        }
        handle = try FileHandle(forWritingTo: temporaryURL)
        self.maximumBytes = maximumBytes
    }

    /// The bytes written so far.
    public var bytesWritten: Int64 { lock.withLock { byteCount } }

    /// The most bytes this file may have: as made, or as decided from its first bytes.
    public var limit: Int64 { lock.withLock { maximumBytes } }

    /// Appends a chunk; throws `tooLarge` past the limit (and the partial file is discarded).
    public func write<Bytes: Collection>(_ chunk: Bytes) throws where Bytes.Element == UInt8 {
        try lock.withLock {
            guard !isClosed else { throw BlobStore.Error.io("writer already closed") }
            guard byteCount + Int64(chunk.count) <= maximumBytes else {
                discardLocked()
                throw BlobStore.Error.tooLarge
            }
            let data = Data(chunk)
            if header.count < Self.headerLength {
                header.append(data.prefix(Self.headerLength - header.count))
            }
            if let decide = limitForHeader, header.count >= Self.decisionLength {
                limitForHeader = nil
                maximumBytes = decide(header)
                guard byteCount + Int64(data.count) <= maximumBytes else {
                    discardLocked()
                    throw BlobStore.Error.tooLarge
                }
            }
            hasher.update(data: data)
            byteCount += Int64(data.count)
            do {
                try handle.write(contentsOf: data)
            } catch {
                discardLocked()
                throw BlobStore.Error.io(error.localizedDescription)
            }
        }
    }

    /// Flushes to disk and returns the finished file.
    public func finish() throws -> Finished {
        try lock.withLock {
            guard !isClosed else { throw BlobStore.Error.io("writer already closed") }
            isClosed = true
            do {
                try handle.synchronize()
                try handle.close()
            } catch {
                try? FileManager.default.removeItem(at: temporaryURL)
                throw BlobStore.Error.io(error.localizedDescription)
            }
            let hash = hasher.finalize().map { String(format: "%02x", $0) }.joined()
            return Finished(hash: hash, byteCount: byteCount, header: header, temporaryURL: temporaryURL)
        }
    }

    /// Throws the partial file away.
    public func discard() {
        lock.withLock { discardLocked() }
    }

    private func discardLocked() {
        guard !isClosed else {
            try? FileManager.default.removeItem(at: temporaryURL)
            return
        }
        isClosed = true
        try? handle.close()
        try? FileManager.default.removeItem(at: temporaryURL)
    }
}
