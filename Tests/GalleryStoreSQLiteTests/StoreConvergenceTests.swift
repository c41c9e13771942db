import Foundation
import GalleryCore
import TestSupport
import Testing

@testable import GalleryStoreSQLite

/// What a simulated view ends with, and what it went through on the way.
private struct ClientReport: Sendable {
    var replica: GalleryReplica
    /// Writes the store refused (an item gone or trashed meanwhile), as it should.
    var refusedWrites = 0
    /// Events that came before the ones preceding them and waited in the replica's buffer.
    var bufferedEvents = 0
    /// Events received twice (duplicates, or fetched again after a reconnection) and ignored.
    var staleEvents = 0
    /// Times the store said the view was too far behind and it loaded the gallery afresh.
    var resets = 0
    /// Times the view lost its connection and what it had not read yet.
    var disconnects = 0

    /// Adds up the counts of several reports.
    static func total(_ reports: [ClientReport]) -> ClientReport? {
        guard var total = reports.first else { return nil }
        for report in reports.dropFirst() {
            total.refusedWrites += report.refusedWrites
            total.bufferedEvents += report.bufferedEvents
            total.staleEvents += report.staleEvents
            total.resets += report.resets
            total.disconnects += report.disconnects
        }
        return total
    }
}

/// What a simulated view holds between two stretches of work: its report (with its replica), what was sent to it and
/// not read yet, and the newest event sent.
private struct ClientState: Sendable {
    var report: ClientReport
    var inbox: [GalleryEvent] = []
    var sent: Int64
}

/// One simulated browser tab on a gallery of the real store: it writes to the store directly, from what its replica
/// shows (possibly stale), and receives the gallery's events the way a live socket would deliver them when things go
/// wrong: shuffled, some twice, and sometimes not at all because the connection dropped.
private struct SimulatedClient {
    let store: SQLiteGalleryStore
    let gallery: GalleryID
    /// Another gallery, for moves out of this one and back into it.
    let side: GalleryID
    var state: ClientState
    var generator: SeededGenerator

    var report: ClientReport {
        get { state.report }
        set { state.report = newValue }
    }

    /// Resumes a view in the state it had.
    init(store: SQLiteGalleryStore, gallery: GalleryID, side: GalleryID, state: ClientState, seed: UInt64) {
        self.store = store
        self.gallery = gallery
        self.side = side
        self.state = state
        self.generator = SeededGenerator(seed: seed)
    }

    /// Opens a view: loads the gallery.
    init(connectingTo store: SQLiteGalleryStore, gallery: GalleryID, side: GalleryID, seed: UInt64) async throws {
        let snapshot = try await Self.snapshot(store, gallery)
        self.init(
            store: store, gallery: gallery, side: side,
            state: ClientState(
                report: ClientReport(replica: GalleryReplica(gallery: snapshot.gallery, items: snapshot.items)),
                sent: snapshot.gallery.sequence),
            seed: seed)
    }

    /// The gallery and its live items, as a view loads them: the gallery first, then the items in small pages.
    ///
    /// The store has no single read for both, so other writers may change the gallery between these reads: the items
    /// can be newer than `gallery.sequence` (some moved, trashed, added or gone after it, some even seen twice or
    /// missed while moving between pages). The replica starts at `gallery.sequence` anyway and is then given every
    /// event after it. That converges because every change made after the gallery was read is one of those events,
    /// and an event sets each item it carries to its state right after that change (and drops the ones it removes)
    /// without looking at what the replica had: once the replica has applied the events up to the last change the
    /// pages could have seen, each item changed since holds its state from the last event that touched it, which is its
    /// state now, and each item not changed since is as the pages showed it. Older events may briefly put an item back
    /// to an earlier state, but a later event always follows and fixes it.
    static func snapshot(_ store: SQLiteGalleryStore, _ gallery: GalleryID) async throws -> (
        gallery: Gallery, items: [Item]
    ) {
        let current = try await store.gallery(gallery)
        let items = try await store.everyLiveItem(in: gallery, pageSize: 4)
        return (current, items)
    }

    // MARK: Writing

    /// One random write, chosen from what the replica shows.
    mutating func write() async throws {
        let live = report.replica.liveItems.map(\.id)
        let trashed = report.replica.trashedItems.map(\.id)
        do {
            switch Int.random(in: 0..<100, using: &generator) {
            case 0..<25:
                let count = Int.random(in: 1...3, using: &generator)
                let titles = (0..<count).map { _ in "item \(generator.next() % 100_000)" }
                _ = try await store.insertPendingItems(
                    titles.map(draft), into: gallery, at: position(among: live + trashed))
            case 25..<45:
                _ = try await store.moveItems(pick(1, of: live), in: gallery, to: position(among: live + trashed))
            case 45..<60:
                let count = Int.random(in: 2...4, using: &generator)
                _ = try await store.moveItems(pick(count, of: live), in: gallery, to: position(among: live + trashed))
            case 60..<75:
                _ = try await store.trashItems(pick(Int.random(in: 1...2, using: &generator), of: live), in: gallery)
            case 75..<87:
                _ = try await store.restoreItems(
                    pick(Int.random(in: 1...2, using: &generator), of: trashed), in: gallery)
            case 87..<92:
                _ = try await store.moveItems(
                    pick(Int.random(in: 1...2, using: &generator), of: live), to: side, at: .end, recordingFor: nil)
            case 92..<97:
                let away = try await store.allItems(in: side).map(\.id)
                _ = try await store.moveItems(
                    pick(1, of: away), to: gallery, at: position(among: live), recordingFor: nil)
            default:
                _ = try await store.emptyTrash(in: gallery, removingFiles: { _ in })
            }
        } catch is GalleryError {
            // The replica was stale: an item is gone, trashed or restored meanwhile. Nothing changed.
            report.refusedWrites += 1
        }
    }

    /// A random place: an end, an index, or next to an item the view knows (which may be trashed or gone by now).
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

    // MARK: Receiving

    /// What the live socket does after a change: sends every event since the last one sent, a few of them twice;
    /// or, when the view is further behind than the events kept, tells it to load the gallery afresh.
    mutating func receiveSentEvents() async throws {
        switch try await store.events(in: gallery, since: state.sent, limit: 1000) {
        case .reset:
            try await reload()
        case .events(let events, _):
            state.inbox += events
            state.inbox += events.filter { _ in Int.random(in: 0..<5, using: &generator) == 0 }
            state.sent = events.last?.sequence ?? state.sent
        }
    }

    /// Reads some of what arrived, in a shuffled order.
    mutating func read() {
        state.inbox.shuffle(using: &generator)
        let count = Int.random(in: 0...state.inbox.count, using: &generator)
        for event in state.inbox.prefix(count) { receive(event) }
        state.inbox.removeFirst(count)
    }

    /// Asks for the events missing before the ones waiting in the replica's buffer.
    mutating func fillGap() async throws {
        guard let missing = report.replica.missing else { return }
        if case .events(let events, _) = try await store.events(
            in: gallery, since: missing.lowerBound - 1, limit: missing.count)
        {
            for event in events { receive(event) }
        }
    }

    /// The connection drops, losing what was sent and not read; the view reconnects from what it has applied.
    mutating func reconnect() async throws {
        report.disconnects += 1
        state.inbox.removeAll()
        try await catchUp()
    }

    /// Reads every event after the replica's sequence, loading the gallery afresh if the store says so.
    mutating func catchUp() async throws {
        while true {
            switch try await store.events(in: gallery, since: report.replica.sequence, limit: 20) {
            case .reset:
                try await reload()
            case .events(let events, let current):
                for event in events { receive(event) }
                if report.replica.sequence >= current.sequence {
                    state.sent = report.replica.sequence
                    return
                }
            }
        }
    }

    /// Loads the gallery afresh after the store said the view was too far behind.
    mutating func reload() async throws {
        report.resets += 1
        state.inbox.removeAll()
        let snapshot = try await Self.snapshot(store, gallery)
        report.replica.reset(gallery: snapshot.gallery, items: snapshot.items)
        state.sent = report.replica.sequence
        try await catchUp()
    }

    mutating func receive(_ event: GalleryEvent) {
        switch report.replica.receive(event) {
        case .applied: break
        case .buffered: report.bufferedEvents += 1
        case .stale: report.staleEvents += 1
        }
    }

    /// Writes and receives for a number of rounds.
    mutating func run(rounds: Int) async throws {
        for _ in 0..<rounds {
            try await write()
            try await receiveSentEvents()
            read()
            switch Int.random(in: 0..<10, using: &generator) {
            case 0: try await reconnect()
            case 1, 2: try await fillGap()
            default: break
            }
        }
    }

    /// Once every writer is done: reads what is left, in any order, and catches up with what it never got.
    mutating func finish() async throws {
        try await receiveSentEvents()
        state.inbox.shuffle(using: &generator)
        for event in state.inbox { receive(event) }
        state.inbox.removeAll()
        try await catchUp()
    }
}

/// Runs `clients` simulated views of one gallery of a fresh store at once, each writing for `rounds` rounds, and
/// hands their reports (once every writer is done and each caught up) to `check` with the store and the gallery.
///
/// With narrow gaps, the gallery starts with keys as long as a key may be, so that nearly every write between two of
/// them spreads its neighbours out.
private func simulate(
    seed: UInt64, clients: Int = 4, rounds: Int = 25, eventRetention: Int, narrowGaps: Bool = false,
    check: (SQLiteGalleryStore, GalleryID, [ClientReport]) async throws -> Void
) async throws {
    try await withStore(eventRetention: eventRetention) { store, database in
        let gallery = try await store.firstGallery().id
        let side = try await store.createGallery(named: "Side").id
        let first = try await store.insertPendingItems((1...8).map { draft("first \($0)") }, into: gallery, at: .end)
        if narrowGaps {
            for (index, item) in first.enumerated() {
                // "a0000000000" then a digit: 12 characters, one step apart.
                try await database.executeRaw(
                    "UPDATE item SET orderKey = ? WHERE id = ?",
                    arguments: ["a0000000000\(index + 1)", item.id.rawValue])
            }
        }
        _ = try await store.insertPendingItems((1...3).map { draft("side \($0)") }, into: side, at: .end)

        // The views open while the others already write, and write all at once.
        let paused = try await withThrowingTaskGroup(of: ClientState.self) { group in
            for index in 0..<clients {
                group.addTask {
                    var client = try await SimulatedClient(
                        connectingTo: store, gallery: gallery, side: side, seed: seed &* 31 &+ UInt64(index))
                    try await client.run(rounds: rounds)
                    return client.state
                }
            }
            var states: [ClientState] = []
            for try await state in group { states.append(state) }
            return states
        }
        var finished: [ClientReport] = []
        for (index, state) in paused.enumerated() {
            var client = SimulatedClient(
                store: store, gallery: gallery, side: side, state: state, seed: seed &* 37 &+ UInt64(index))
            try await client.finish()
            finished.append(client.report)
        }
        try await check(store, gallery, finished)
    }
}

@Suite("Views of the real store converge")
struct StoreConvergenceTests {
    /// Checks that every view shows exactly the store's live order, each item once, with the items as stored.
    private static func expectConverged(
        _ store: SQLiteGalleryStore, _ gallery: GalleryID, _ reports: [ClientReport], seed: UInt64
    ) async throws {
        let order = try await store.everyLiveItem(in: gallery)
        let current = try await store.gallery(gallery)
        let trash = Set(try await store.trashedItems(in: gallery, limit: 1000).map(\.id))
        #expect(Set(order.map(\.id)).count == order.count, "seed \(seed): an item twice in the store")
        #expect(
            order.allSatisfy { $0.orderKey.rawValue.count <= SQLiteGalleryStore.longestKey },
            "seed \(seed): \(order.map(\.orderKey.rawValue).max { $0.count < $1.count } ?? "")")
        for (index, report) in reports.enumerated() {
            #expect(report.replica.liveItems == order, "seed \(seed), client \(index)")
            #expect(report.replica.gallery == current, "seed \(seed), client \(index)")
            #expect(report.replica.missing == nil, "seed \(seed), client \(index)")
            #expect(Set(report.replica.trashedItems.map(\.id)).isSubset(of: trash), "seed \(seed), client \(index)")
        }
    }

    @Test(arguments: 1...6 as ClosedRange<UInt64>)
    func viewsReceivingEventsShuffledTwiceAndAfterDisconnectionsConverge(seed: UInt64) async throws {
        try await simulate(seed: seed, eventRetention: SQLiteGalleryStore.defaultEventRetention) {
            store, gallery, reports in
            try await Self.expectConverged(store, gallery, reports, seed: seed)
            let total = try #require(ClientReport.total(reports))
            #expect(total.bufferedEvents > 0, "seed \(seed): no event ever came early")
            #expect(total.staleEvents > 0, "seed \(seed): no event ever came twice")
            #expect(total.disconnects > 0, "seed \(seed): no view ever lost its connection")
        }
    }

    @Test(arguments: 101...106 as ClosedRange<UInt64>)
    func viewsFurtherBehindThanTheKeptEventsReloadAndConverge(seed: UInt64) async throws {
        try await simulate(seed: seed, eventRetention: 4) { store, gallery, reports in
            try await Self.expectConverged(store, gallery, reports, seed: seed)
            let total = try #require(ClientReport.total(reports))
            #expect(total.resets > 0, "seed \(seed): no view ever had to reload")
        }
    }

    @Test(arguments: 301...306 as ClosedRange<UInt64>)
    func viewsConvergeWhileWritesIntoNarrowGapsSpreadTheNeighboursOut(seed: UInt64) async throws {
        try await simulate(seed: seed, eventRetention: 8, narrowGaps: true) { store, gallery, reports in
            try await Self.expectConverged(store, gallery, reports, seed: seed)
        }
    }

    @Test(arguments: 201...206 as ClosedRange<UInt64>)
    func concurrentMovesOfOneItemLeaveItInExactlyOnePlace(seed: UInt64) async throws {
        try await withStore { store, _ in
            let gallery = try await store.firstGallery().id
            let side = try await store.createGallery(named: "Side").id
            let items = try await store.insertPendingItems((1...6).map { draft("\($0)") }, into: gallery, at: .end)
            _ = try await store.insertPendingItems(drafts("S"), into: side, at: .end)
            let target = items[2].id
            let others = items.map(\.id).filter { $0 != target }

            let snapshots = [
                (try await store.gallery(gallery), try await store.allItems(in: gallery)),
                (try await store.gallery(side), try await store.allItems(in: side)),
            ]

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

            let here = try await store.everyLiveItem(in: gallery)
            let there = try await store.everyLiveItem(in: side)
            let everywhere = (here + there).map(\.id)
            #expect(everywhere.filter { $0 == target }.count == 1, "seed \(seed)")
            #expect(everywhere.count == items.count + 1, "seed \(seed)")
            #expect(Set(everywhere) == Set(items.map(\.id) + snapshots[1].1.map(\.id)), "seed \(seed)")

            // Views of both galleries that apply the events agree.
            for ((gallery, items), expected) in zip(snapshots, [here, there]) {
                var replica = GalleryReplica(gallery: gallery, items: items)
                for event in try #require(try await store.events(in: gallery.id, after: gallery.sequence)) {
                    _ = replica.receive(event)
                }
                #expect(replica.liveItems == expected, "seed \(seed)")
            }
        }
    }
}
