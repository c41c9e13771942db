import Foundation
import GRDB
import GalleryCore
import Synchronization
import Testing

@testable import GalleryStoreSQL
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

/// Opens a store on a fresh database and hands it (and its database) to `body`, once for each engine there is (see
/// ``TestEngine``); with a clock, the store reads the time from it, and with files, it asks them whether an image's
/// file is there. With an event retention, each gallery keeps only that many of its latest events.
@discardableResult
func withStore<T>(
    clock: TickingClock? = nil, files: FakeFiles? = nil,
    eventRetention: Int = SQLGalleryStore.defaultEventRetention,
    _ body: (SQLGalleryStore, any SQLDatabase) async throws -> T
) async throws -> T {
    try await TestEngine.eachAvailable { database in
        files?.startAgain()
        let store = SQLGalleryStore(
            database: database, now: { clock?.now() ?? Date() }, blobExists: { files?.contains($0) ?? true },
            eventRetention: eventRetention)
        return try await body(store, database)
    }
}

/// Makes, at `path`, a database as the store left it after migration `migration`, holding what `sql` writes: the
/// database of an older version of the server, for tests of the later migrations.
func makeOlderDatabase(at path: String, upTo migration: String, _ sql: String) async throws {
    let queue = try DatabaseQueue(path: path)
    try AppDatabase.migrator.migrate(queue, upTo: migration)
    try await queue.write { db in try db.execute(sql: sql) }
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
    private let atStart = Mutex<Set<String>?>(nil)

    /// Puts the files back as they were the first time this was called, with no removals: each engine's run of a test
    /// starts from the same files.
    func startAgain() {
        let start = atStart.withLock { start in
            if start == nil { start = hashes.withLock { $0 } }
            return start ?? []
        }
        hashes.withLock { $0 = start }
        removals.withLock { $0 = [] }
    }

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

extension SQLGalleryStore {
    /// Every live item of the gallery, in order.
    func allItems(in gallery: GalleryID) async throws -> [Item] {
        var all: [Item] = []
        while true {
            let window = try await items(in: gallery, from: .after(all.last?.orderKey), limit: 1000).items
            all += window
            if window.count < 1000 { return all }
        }
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

extension SQLDatabase {
    /// The hashes of the image rows, sorted.
    func blobHashes() async throws -> [String] {
        try await read { db in try db.values(String.self, sql: "SELECT hash FROM blob ORDER BY hash") }
    }

    /// Runs raw SQL in a write transaction (to probe the schema's constraints).
    func executeRaw(_ sql: String, arguments: SQLArguments = []) async throws {
        try await write { db in _ = try db.execute(sql: sql, arguments: arguments) }
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
    enum Kind: Sendable { case notFound, invalid, conflict, forbidden, unavailable }

    /// The case of this error.
    var kind: Kind {
        switch self {
        case .notFound: .notFound
        case .invalid: .invalid
        case .conflict: .conflict
        case .forbidden: .forbidden
        case .unavailable: .unavailable
        }
    }
}

// MARK: - Galleries of lettered items, events, and undo sessions

/// A store (on a ticking clock) whose first gallery holds items titled by the letters of `letters`, in that order;
/// `body` gets the store, the gallery and its items by title.
func withLetteredGallery(
    _ letters: String, eventRetention: Int = SQLGalleryStore.defaultEventRetention,
    _ body: (SQLGalleryStore, GalleryID, [String: Item]) async throws -> Void
) async throws {
    try await withStore(clock: TickingClock(), eventRetention: eventRetention) { store, _ in
        let gallery = try await store.firstGallery()
        let items = try await store.addLetters(letters, to: gallery.id)
        try await body(store, gallery.id, items)
    }
}

/// The ids of the items titled by the letters of `letters`, in that order.
func itemIDs(_ letters: String, _ items: [String: Item]) -> [ItemID] {
    letters.compactMap { items[String($0)]?.id }
}

/// The id of the item titled `title`.
func itemID(_ title: String, _ items: [String: Item]) throws -> ItemID {
    try #require(items[title]?.id, "no item titled \(title)")
}

/// The undo session of most tests, and a second one.
let sessionOne = HistorySession("session-one")!
let sessionTwo = HistorySession("session-two")!

extension SQLGalleryStore {
    /// Adds items titled by the letters of `letters` at the end of the gallery; returns them by title.
    func addLetters(_ letters: String, to gallery: GalleryID) async throws -> [String: Item] {
        let items = try await insertPendingItems(letters.map { draft(String($0)) }, into: gallery, at: .end)
        return Dictionary(uniqueKeysWithValues: items.map { ($0.title, $0) })
    }

    /// Makes a gallery holding items titled by the letters of `letters`; returns it and its items by title.
    func makeGallery(named name: String, holding letters: String) async throws -> (GalleryID, [String: Item]) {
        let gallery = try await createGallery(named: name)
        return (gallery.id, try await addLetters(letters, to: gallery.id))
    }

    /// The titles of the live items, joined: "ABC".
    func letters(in gallery: GalleryID) async throws -> String {
        try await titles(in: gallery).joined()
    }

    /// Every live item of the gallery in order, read in pages of `pageSize` (for galleries of any size).
    func everyLiveItem(in gallery: GalleryID, pageSize: Int = 1000) async throws -> [Item] {
        var items: [Item] = []
        var cursor: OrderKey?
        repeat {
            let page = try await self.items(in: gallery, from: .after(cursor), limit: pageSize)
            items += page.items
            cursor = page.nextCursor
        } while cursor != nil
        return items
    }

    /// Every event of the gallery after change `sequence`, in order, read in pages of `pageSize`; nil if the store
    /// answers that a view at `sequence` must load the gallery afresh.
    func events(in gallery: GalleryID, after sequence: Int64, pageSize: Int = 1000) async throws -> [GalleryEvent]? {
        var events: [GalleryEvent] = []
        var last = sequence
        while true {
            switch try await self.events(in: gallery, since: last, limit: pageSize) {
            case .reset:
                return nil
            case .events(let page, let current):
                events += page
                guard let newest = page.last?.sequence, newest < current.sequence else { return events }
                last = newest
            }
        }
    }

    /// The one event of each of `galleries` that `write` makes, after checking that it makes exactly one in each,
    /// numbered right after the gallery's previous change, none in `unchanged`, and that each event carries its
    /// gallery and its items as they are right after the write.
    func onlyEvents(
        in galleries: [GalleryID], unchanged: [GalleryID] = [], sourceLocation: SourceLocation = #_sourceLocation,
        of write: () async throws -> Void
    ) async throws -> [GalleryEvent] {
        var before: [GalleryID: Int64] = [:]
        for gallery in galleries + unchanged { before[gallery] = try await self.gallery(gallery).sequence }
        try await write()
        var result: [GalleryEvent] = []
        for gallery in galleries {
            let sequence = before[gallery] ?? 0
            let events = try #require(
                try await events(in: gallery, after: sequence), "reset", sourceLocation: sourceLocation)
            #expect(events.map(\.sequence) == [sequence + 1], sourceLocation: sourceLocation)
            let event = try #require(events.first, sourceLocation: sourceLocation)
            #expect(event.gallery == (try await self.gallery(gallery)), sourceLocation: sourceLocation)
            for item in event.items {
                #expect(item == (try await self.item(item.id)), sourceLocation: sourceLocation)
            }
            result.append(event)
        }
        for gallery in unchanged {
            #expect(try await self.gallery(gallery).sequence == before[gallery], sourceLocation: sourceLocation)
        }
        return result
    }
}
