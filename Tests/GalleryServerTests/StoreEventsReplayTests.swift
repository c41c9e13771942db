import Foundation
import GRDB
import GalleryCore
import TestSupport
import Testing
import Thumbnails

@testable import GalleryServer
@testable import GalleryStoreSQL
@testable import GalleryStoreSQLite

// The real SQLite store's events, replayed through the replica the browser ships.
//
// Concurrent writers change a gallery of the real store from what they last read of it (often stale, so the store
// refuses some writes, as it should); views open at random moments while they write, loading the gallery the way the
// browser does (the gallery first, then the items in small pages, so that other writers change it in between). Once
// every writer is done, the views' loads, every event and the store's final live order are written to a JSON file,
// each value exactly as the API writes it (`APIJSON.makeEncoder()` with the presenters `GalleryResponse`,
// `ItemResponse` and `EventResponse`), and `node Tests/Web/replay.mjs <file>` feeds them to `Web/model/replica.js`:
// for each view, in many scrambled orders, with duplicates, with lost events fetched again in catch-up pages and with
// reloads, the replica must end with exactly the store's gallery and live order (exit code 0; otherwise it prints the
// first difference and the order that led to it).
//
// Why a child process rather than a fixture for the node suite: the fixture is made by the store in this run, so the
// check runs in the same test that made it and fails there, with its seed; a fixture committed for `node --test` would
// be a stale copy of what the store once did. Node.js is required: without `node` on the PATH these tests fail (CI and
// scripts/install-deps install it).

/// A gallery and its live items as a view loads them, as the API writes them.
private struct LoadedGallery: Encodable {
    var gallery: GalleryResponse
    var items: [ItemResponse]

    init(_ gallery: Gallery, _ items: [Item]) {
        self.gallery = GalleryResponse(gallery)
        self.items = items.map { ItemResponse($0) }
    }
}

/// What `Tests/Web/replay.mjs` replays for one gallery.
private struct ReplayedGallery: Encodable {
    /// What views loaded, each at some moment (the first one before anything was written).
    var views: [LoadedGallery]
    /// Every event after the first view's sequence, in order, as the live socket and `GET …/events` send them.
    var events: [EventResponse]
    /// The gallery and its live order once every writer is done.
    var final: LoadedGallery
}

/// The file `Tests/Web/replay.mjs` reads.
private struct ReplayFixture: Encodable {
    /// Seeds the scrambled orders of the replay too.
    var seed: UInt64
    var galleries: [ReplayedGallery]
}

/// A view's load of a gallery: the gallery first, then its live items in pages of four, as the browser reads them.
private func load(_ store: SQLGalleryStore, _ gallery: GalleryID) async throws -> (Gallery, [Item]) {
    let current = try await store.gallery(gallery)
    var items: [Item] = []
    var cursor: OrderKey?
    repeat {
        let page = try await store.items(in: gallery, from: .after(cursor), limit: 4)
        items += page.items
        cursor = page.nextCursor
    } while cursor != nil
    return (current, items)
}

/// A gallery for the replay: the views' loads, every event after the first one's sequence, and the final state.
private func replayed(_ store: SQLGalleryStore, _ gallery: GalleryID, views: [(Gallery, [Item])]) async throws
    -> ReplayedGallery
{
    let first = try #require(views.first?.0.sequence)
    var events: [GalleryEvent] = []
    var last = first
    while true {
        guard case .events(let page, let current) = try await store.events(in: gallery, since: last, limit: 100) else {
            Issue.record("the store no longer keeps the events after \(last)")
            break
        }
        events += page
        guard let newest = page.last?.sequence, newest < current.sequence else { break }
        last = newest
    }
    let (current, items) = try await load(store, gallery)
    return ReplayedGallery(
        views: views.map { LoadedGallery($0.0, $0.1) },
        events: events.map {
            EventResponse(
                sequence: $0.sequence, gallery: GalleryResponse($0.gallery), items: $0.items.map { ItemResponse($0) },
                removed: $0.removed.map(\.rawValue))
        },
        final: LoadedGallery(current, items))
}

/// Writes the fixture and runs `node Tests/Web/replay.mjs` on it; records an issue with its output unless it converged.
private func replayInTheBrowsersReplica(_ fixture: ReplayFixture, sourceLocation: SourceLocation = #_sourceLocation)
    async throws
{
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let script = root.appendingPathComponent("Tests/Web/replay.mjs")
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    guard
        let node = paths.map({ URL(fileURLWithPath: String($0)).appendingPathComponent("node") })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
    else {
        let hint =
            "`node` is not on the PATH: this test replays the store's events through Web/model/replica.js with Node.js"
            + " (install it: apt-get install nodejs, or scripts/install-deps)."
        Issue.record(Comment(rawValue: hint), sourceLocation: sourceLocation)
        return
    }
    try await withTemporaryFolder { folder in
        let file = folder.appendingPathComponent("events.json")
        try APIJSON.makeEncoder().encode(fixture).write(to: file)
        // ExternalProgram blocks: it runs on a thread of Dispatch's, away from the cooperative pool.
        let outcome = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<ExternalProgram.Outcome, any Error>) in
            DispatchQueue.global().async {
                continuation.resume(
                    with: Result {
                        try ExternalProgram.run(node, [script.path, file.path], niceness: 0, timeLimit: 300)
                    })
            }
        }
        let status = outcome.status
        let text = String(decoding: outcome.output, as: UTF8.self) + outcome.messages
        #expect(
            status == 0, "seed \(fixture.seed): node \(script.lastPathComponent) said:\n\(text)",
            sourceLocation: sourceLocation)
    }
}

/// One writer: changes the gallery from what it last read of it, and now and then opens a view.
private struct Writer {
    let store: SQLGalleryStore
    let gallery: GalleryID
    /// Another gallery, for moves out of this one and back into it.
    let side: GalleryID
    var generator: SeededGenerator
    var live: [ItemID] = []
    var trashed: [ItemID] = []
    /// The views this writer opened, as they loaded the gallery.
    var views: [(Gallery, [Item])] = []

    /// Writes for `rounds` rounds, reading the gallery again now and then.
    mutating func run(rounds: Int) async throws {
        for round in 0..<rounds {
            if round == 0 || Int.random(in: 0..<3, using: &generator) == 0 {
                live = try await store.items(in: gallery, from: .after(nil), limit: 1000).items.map(\.id)
                trashed = try await store.trashedItems(in: gallery, limit: 1000).map(\.id)
            }
            if Int.random(in: 0..<5, using: &generator) == 0 {
                views.append(try await load(store, gallery))
            }
            try await write()
        }
    }

    /// One random write.
    mutating func write() async throws {
        do {
            switch Int.random(in: 0..<100, using: &generator) {
            case 0..<22:
                let titles = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                    "item \(generator.next() % 100_000)"
                }
                _ = try await store.insertPendingItems(
                    titles.map { ItemDraft(origin: .remote, sourceURL: "https://site.test/\($0)", title: $0) },
                    into: gallery, at: position(among: live + trashed))
            case 22..<40:
                _ = try await store.moveItems(pick(1, of: live), in: gallery, to: position(among: live + trashed))
            case 40..<52:
                let count = Int.random(in: 2...4, using: &generator)
                _ = try await store.moveItems(pick(count, of: live), in: gallery, to: position(among: live + trashed))
            case 52..<60:
                guard let id = pick(1, of: live).first else { return }
                let digit = "0123456789abcdef".randomElement(using: &generator) ?? "a"
                let image = StoredImage(
                    hash: String(repeating: digit, count: 64), mimeType: "image/png", width: 64, height: 48,
                    byteCount: 1234)
                _ = try await store.markReady(id, image: image)
            case 60..<72:
                _ = try await store.trashItems(pick(Int.random(in: 1...2, using: &generator), of: live), in: gallery)
            case 72..<84:
                _ = try await store.restoreItems(
                    pick(Int.random(in: 1...2, using: &generator), of: trashed), in: gallery)
            case 84..<89:
                _ = try await store.moveItems(
                    pick(Int.random(in: 1...2, using: &generator), of: live), to: side, at: .end, recordingFor: nil)
            case 89..<94:
                let away = try await store.items(in: side, from: .after(nil), limit: 1000).items.map(\.id)
                _ = try await store.moveItems(
                    pick(1, of: away), to: gallery, at: position(among: live), recordingFor: nil)
            case 94..<97:
                _ = try await store.updateGallery(
                    gallery, name: "Gallery \(generator.next() % 1000)", imagesPerRow: nil)
            default:
                _ = try await store.emptyTrash(in: gallery, removingFiles: { _ in })
            }
        } catch is GalleryError {
            // What the writer read was stale: an item is gone, trashed or restored meanwhile. Nothing changed.
        }
    }

    /// A random place: an end, an index, or next to an item the writer knows (which may be trashed or gone by now).
    mutating func position(among known: [ItemID]) -> InsertionPoint {
        let anchor = known.randomElement(using: &generator)
        switch Int.random(in: 0..<6, using: &generator) {
        case 0: return .start
        case 1: return .end
        case 2: return .index(Int.random(in: -1...(known.count + 1), using: &generator))
        case 3: return anchor.map(InsertionPoint.before) ?? .start
        default: return anchor.map(InsertionPoint.after) ?? .end
        }
    }

    /// Up to `count` different ids, in random order.
    mutating func pick(_ count: Int, of ids: [ItemID]) -> [ItemID] {
        Array(ids.shuffled(using: &generator).prefix(count))
    }
}

/// A store on a fresh database file, with its database.
private func withStore(_ body: (SQLGalleryStore, AppDatabase) async throws -> Void) async throws {
    try await withTemporaryFolder { folder in
        let database = try AppDatabase.open(atPath: folder.appendingPathComponent("gallery.sqlite").path)
        try await body(SQLGalleryStore(database: database), database)
    }
}

@Suite("The real store's events converge in the browser's replica")
struct StoreEventsReplayTests {
    /// Runs `writers` concurrent writers on a gallery of a fresh store for `rounds` rounds each, then replays what
    /// happened through the browser's replica. With narrow gaps, the gallery starts with keys as long as a key may be,
    /// so that nearly every write between two of them spreads its neighbours out (events carrying many items).
    private func simulate(seed: UInt64, writers: Int = 4, rounds: Int = 25, narrowGaps: Bool = false) async throws {
        try await withStore { store, database in
            let gallery = try await store.firstGallery().id
            let side = try await store.createGallery(named: "Side").id
            let first = try await store.insertPendingItems(
                (1...8).map { ItemDraft(origin: .remote, sourceURL: nil, title: "first \($0)") }, into: gallery,
                at: .end)
            if narrowGaps {
                for (index, item) in first.enumerated() {
                    // "a0000000000" then a digit: 12 characters, one step apart.
                    try await database.write { db in
                        _ = try db.execute(
                            sql: "UPDATE item SET orderKey = ? WHERE id = ?",
                            arguments: ["a0000000000\(index + 1)", item.id.rawValue])
                    }
                }
            }
            _ = try await store.insertPendingItems(
                (1...3).map { ItemDraft(origin: .remote, sourceURL: nil, title: "side \($0)") }, into: side, at: .end)
            let opening = try await load(store, gallery)

            // Each writer hands back the views it opened.
            let done = try await withThrowingTaskGroup(of: [(Gallery, [Item])].self) { group in
                for index in 0..<writers {
                    group.addTask {
                        var writer = Writer(
                            store: store, gallery: gallery, side: side,
                            generator: SeededGenerator(seed: seed &* 31 &+ UInt64(index)))
                        try await writer.run(rounds: rounds)
                        return writer.views
                    }
                }
                var done: [[(Gallery, [Item])]] = []
                for try await writer in group { done.append(writer) }
                return done
            }

            let order = try await store.items(in: gallery, from: .after(nil), limit: 1000).items
            #expect(Set(order.map(\.id)).count == order.count, "seed \(seed): an item twice in the store")
            #expect(
                order.allSatisfy { $0.orderKey.rawValue.count <= SQLGalleryStore.longestKey },
                "seed \(seed): \(order.map(\.orderKey.rawValue).max { $0.count < $1.count } ?? "")")
            let views = [opening] + done.flatMap(\.self).sorted { $0.0.sequence < $1.0.sequence }
            try await replayInTheBrowsersReplica(
                ReplayFixture(seed: seed, galleries: [try await replayed(store, gallery, views: views)]))
        }
    }

    @Test(arguments: 1...6 as ClosedRange<UInt64>)
    func viewsOfConcurrentWritersEndWithTheStoresOrder(seed: UInt64) async throws {
        try await simulate(seed: seed)
    }

    @Test(arguments: 301...304 as ClosedRange<UInt64>)
    func viewsConvergeWhileWritesIntoNarrowGapsSpreadTheNeighboursOut(seed: UInt64) async throws {
        try await simulate(seed: seed, narrowGaps: true)
    }

    @Test(arguments: 201...204 as ClosedRange<UInt64>)
    func concurrentMovesOfOneItemLeaveItInExactlyOnePlace(seed: UInt64) async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery().id
            let side = try await store.createGallery(named: "Side").id
            let items = try await store.insertPendingItems(
                (1...6).map { ItemDraft(origin: .remote, sourceURL: nil, title: "\($0)") }, into: gallery, at: .end)
            let sideItems = try await store.insertPendingItems(
                [ItemDraft(origin: .remote, sourceURL: nil, title: "S")], into: side, at: .end)
            let target = items[2].id
            let others = items.map(\.id).filter { $0 != target }
            let openings = [try await load(store, gallery), try await load(store, side)]

            try await withThrowingTaskGroup(of: Void.self) { group in
                for client in 0..<4 {
                    group.addTask {
                        var generator = SeededGenerator(seed: seed &* 31 &+ UInt64(client))
                        for _ in 0..<8 {
                            let into = Int.random(in: 0..<4, using: &generator) == 0 ? side : gallery
                            let point: InsertionPoint =
                                switch Int.random(in: 0..<4, using: &generator) {
                                case 0: .start
                                case 1: .end
                                case 2: .after(others.randomElement(using: &generator)!)
                                default: .index(Int.random(in: 0...6, using: &generator))
                                }
                            // Sometimes with another item, before or after it in the batch.
                            var moving = [target]
                            if Bool.random(using: &generator) {
                                moving.append(others.randomElement(using: &generator)!)
                            }
                            _ = try await store.moveItems(
                                moving.shuffled(using: &generator), to: into, at: point, recordingFor: nil)
                        }
                    }
                }
                try await group.waitForAll()
            }

            let here = try await store.items(in: gallery, from: .after(nil), limit: 1000).items
            let there = try await store.items(in: side, from: .after(nil), limit: 1000).items
            let everywhere = (here + there).map(\.id)
            #expect(everywhere.filter { $0 == target }.count == 1, "seed \(seed)")
            #expect(everywhere.count == items.count + 1, "seed \(seed)")
            #expect(Set(everywhere) == Set(items.map(\.id) + sideItems.map(\.id)), "seed \(seed)")

            // Views of both galleries that apply the events agree with the store.
            try await replayInTheBrowsersReplica(
                ReplayFixture(
                    seed: seed,
                    galleries: [
                        try await replayed(store, gallery, views: [openings[0]]),
                        try await replayed(store, side, views: [openings[1]]),
                    ]))
        }
    }
}
