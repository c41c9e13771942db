import Foundation
import GRDB
import GalleryCore
import Synchronization
import Testing

@testable import GalleryStoreSQLite

/// A folder under the system's temporary folder, removed when `body` ends.
@discardableResult
func withTemporaryFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("GalleryStoreSQLiteTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(folder)
}

/// The path of the database file inside a test folder.
func databasePath(in folder: URL) -> String {
    folder.appendingPathComponent("gallery.sqlite").path
}

/// Opens a store on a fresh database file and hands it (and its database) to `body`; with a clock, the store reads
/// the time from it, and with files, it asks them whether an image's file is there.
@discardableResult
func withStore<T>(
    clock: TickingClock? = nil, files: FakeFiles? = nil, _ body: (SQLiteGalleryStore, AppDatabase) async throws -> T
) async throws -> T {
    try await withTemporaryFolder { folder in
        let database = try AppDatabase.open(atPath: databasePath(in: folder))
        let store = SQLiteGalleryStore(
            database: database, now: { clock?.now() ?? Date() }, blobExists: { files?.contains($0) ?? true })
        return try await body(store, database)
    }
}

/// A clock that moves one second on at each reading, so that each change has its own time.
final class TickingClock: Sendable {
    private let time = Mutex(Date(timeIntervalSince1970: 1_700_000_000))

    func now() -> Date {
        time.withLock { time in
            time = time.addingTimeInterval(1)
            return time
        }
    }
}

/// Image files as a set of hashes, standing in for the blob folder.
final class FakeFiles: Sendable {
    private let hashes = Mutex<Set<String>>([])
    private let removals = Mutex<[[String]]>([])

    /// Stores the file of a hash.
    func add(_ hash: String) { _ = hashes.withLock { $0.insert(hash) } }

    /// Whether the file of a hash is stored.
    func contains(_ hash: String) -> Bool { hashes.withLock { $0.contains(hash) } }

    /// Removes files, remembering each call.
    func remove(_ removed: [String]) {
        hashes.withLock { $0.subtract(removed) }
        removals.withLock { $0.append(removed) }
    }

    /// The hashes of every call to `remove`, in order.
    var removedBatches: [[String]] { removals.withLock { $0 } }
}

/// A draft of a remote item whose title is `title`.
func draft(_ title: String) -> ItemDraft {
    ItemDraft(origin: .remote, sourceURL: "https://site.test/\(title)", title: title)
}

/// Drafts named by the given titles.
func drafts(_ titles: String...) -> [ItemDraft] {
    titles.map(draft)
}

/// A stored image whose hash is made of one repeated hex digit.
func storedImage(digit: Character = "a", width: Int = 640, height: Int = 480) -> StoredImage {
    StoredImage(
        hash: String(repeating: digit, count: 64), mimeType: "image/png", width: width, height: height,
        byteCount: 1234)
}

extension SQLiteGalleryStore {
    /// Every live item of the gallery, in order.
    func allItems(in gallery: GalleryID) async throws -> [Item] {
        try await items(in: gallery, after: nil, limit: 1000).items
    }

    /// The titles of the live items of the gallery, in order.
    func titles(in gallery: GalleryID) async throws -> [String] {
        try await allItems(in: gallery).map(\.title)
    }

    /// The titles of the items in the gallery's trash, newest first.
    func trashedTitles(in gallery: GalleryID) async throws -> [String] {
        try await trashedItems(in: gallery, limit: 1000).map(\.title)
    }
}

extension AppDatabase {
    /// The hashes of the image rows, sorted.
    func blobHashes() async throws -> [String] {
        try await writer.read { db in try String.fetchAll(db, sql: "SELECT hash FROM blob ORDER BY hash") }
    }

    /// Runs raw SQL in a write transaction (to probe the schema's constraints).
    func executeRaw(_ sql: String, arguments: StatementArguments = []) async throws {
        try await writer.write { db in try db.execute(sql: sql, arguments: arguments) }
    }
}

/// Whether keys are in strictly ascending order.
func isStrictlyAscending(_ keys: [OrderKey]) -> Bool {
    zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 }
}

/// The gallery error `body` throws, or nil if it throws none (or another error).
func galleryError(_ body: () async throws -> Void) async -> GalleryError? {
    do {
        try await body()
        return nil
    } catch {
        return error as? GalleryError
    }
}

extension GalleryError {
    /// The case of an error, without its message.
    enum Kind: Sendable { case notFound, invalid, conflict }

    /// The case of this error.
    var kind: Kind {
        switch self {
        case .notFound: .notFound
        case .invalid: .invalid
        case .conflict: .conflict
        }
    }
}
