import Foundation
import GRDB
import GalleryCore
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

/// Opens a store on a fresh database file and hands it (and its database) to `body`.
@discardableResult
func withStore<T>(_ body: (SQLiteGalleryStore, AppDatabase) async throws -> T) async throws -> T {
    try await withTemporaryFolder { folder in
        let database = try AppDatabase.open(atPath: databasePath(in: folder))
        return try await body(SQLiteGalleryStore(database: database), database)
    }
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
}

extension AppDatabase {
    /// Runs raw SQL in a write transaction (to probe the schema's constraints).
    func executeRaw(_ sql: String, arguments: StatementArguments = []) async throws {
        try await writer.write { db in try db.execute(sql: sql, arguments: arguments) }
    }
}

/// Whether keys are in strictly ascending order.
func isStrictlyAscending(_ keys: [OrderKey]) -> Bool {
    zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 }
}
