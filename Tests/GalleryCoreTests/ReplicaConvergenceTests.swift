import Foundation
import GalleryCore
import TestSupport
import Testing

/// A test-only sequencing server for one gallery: applies commands in arrival order, one event per command, and keeps
/// only the last few events (a view further behind must load the gallery afresh), like the real one.
private struct SequencingServer {
    /// What a client asks for.
    enum Command {
        /// New items at a place.
        case insert(count: Int, at: InsertionPoint)
        /// Live items to a place, in this order.
        case move([ItemID], to: InsertionPoint)
        /// Live items to the trash.
        case trash([ItemID])
        /// Trashed items back at their key.
        case restore([ItemID])
        /// Items deleted for good (announced through `removed`).
        case deleteForGood([ItemID])
        /// Live items moved to another gallery (announced as items of that gallery).
        case transferOut([ItemID])
        /// A new gallery name.
        case rename(String)
    }

    let retainedEvents: Int
    private(set) var gallery: Gallery
    private(set) var items: [ItemID: Item] = [:]
    private(set) var events: [GalleryEvent] = []
    /// How many times two live items had the same key (so the id tie-break mattered).
    private(set) var tiedKeys = 0
    private var generator: SeededGenerator

    init(seed: UInt64, retainedEvents: Int) {
        self.retainedEvents = retainedEvents
        self.gallery = ReplicaFixture.gallery(sequence: 0)
        self.generator = SeededGenerator(seed: seed ^ 0x5EED)
    }

    /// The live order: by key, then by id.
    var liveItems: [Item] { ordered { $0.trashedAt == nil } }
    /// The trash, in the same order.
    var trashedItems: [Item] { ordered { $0.trashedAt != nil } }

    /// What a view needs to catch up from `sequence`.
    func feed(after sequence: Int64) -> EventFeed {
        if sequence == gallery.sequence { return .events([], gallery: gallery) }
        guard sequence < gallery.sequence, let oldest = events.first?.sequence, sequence + 1 >= oldest else {
            return .reset(gallery: gallery)
        }
        return .events(events.filter { $0.sequence > sequence }, gallery: gallery)
    }

    /// Applies a command and returns its event.
    mutating func apply(_ command: Command) throws -> GalleryEvent {
        let sequence = gallery.sequence + 1
        var touched: [Item] = []
        var removed: [ItemID] = []
        switch command {
        case .insert(let count, let point):
            for key in try keys(count: count, at: point, in: liveItems) {
                let item = ReplicaFixture.item(makeID(), key: key)
                items[item.id] = item
                touched.append(item)
            }
        case .move(let ids, let point):
            let moving = unique(ids).filter { items[$0]?.trashedAt == nil && items[$0] != nil }
            let rest = liveItems.filter { !moving.contains($0.id) }
            for (id, key) in zip(moving, try keys(count: moving.count, at: point, in: rest)) {
                items[id]?.orderKey = key
                touched.append(contentsOf: items[id].map { [$0] } ?? [])
            }
        case .trash(let ids):
            for id in unique(ids) where items[id] != nil && items[id]?.trashedAt == nil {
                items[id]?.trashedAt = ReplicaFixture.date
                gallery.trashCount += 1
                touched.append(contentsOf: items[id].map { [$0] } ?? [])
            }
        case .restore(let ids):
            for id in unique(ids) where items[id]?.trashedAt != nil {
                items[id]?.trashedAt = nil
                gallery.trashCount -= 1
                touched.append(contentsOf: items[id].map { [$0] } ?? [])
            }
        case .deleteForGood(let ids):
            for id in unique(ids) {
                guard let item = items.removeValue(forKey: id) else { continue }
                if item.trashedAt != nil { gallery.trashCount -= 1 }
                removed.append(id)
            }
        case .transferOut(let ids):
            for id in unique(ids) {
                guard var item = items[id], item.trashedAt == nil else { continue }
                items[id] = nil
                item.galleryID = ReplicaFixture.otherGalleryID
                touched.append(item)
            }
        case .rename(let name):
            gallery.name = name
        }
        for id in touched.map(\.id) {
            items[id]?.changeSequence = sequence
        }
        gallery.sequence = sequence
        let event = GalleryEvent(
            sequence: sequence, gallery: gallery, items: touched.map { items[$0.id] ?? $0 }, removed: removed)
        events.append(event)
        if events.count > retainedEvents { events.removeFirst(events.count - retainedEvents) }
        let keys = liveItems.map(\.orderKey)
        if zip(keys, keys.dropFirst()).contains(where: { $0 == $1 }) { tiedKeys += 1 }
        return event
    }

    /// `count` keys for new places at `point` of `order`; a gone anchor means the end.
    private func keys(count: Int, at point: InsertionPoint, in order: [Item]) throws -> [OrderKey] {
        let index: Int
        switch point {
        case .start: index = 0
        case .end: index = order.count
        case .after(let id): index = order.firstIndex { $0.id == id }.map { $0 + 1 } ?? order.count
        case .before(let id): index = order.firstIndex { $0.id == id } ?? order.count
        case .index(let wanted): index = min(max(wanted, 0), order.count)
        }
        let lower = index > 0 ? order[index - 1].orderKey : nil
        // Items sharing the lower key (a restore can bring one back beside a newer item with its key): go past them.
        let upper = order[index...].first { item in lower.map { $0 < item.orderKey } ?? true }?.orderKey
        return try OrderKey.keys(count: count, between: lower, upper)
    }

    private mutating func makeID() -> ItemID {
        let hex = String(generator.next() >> 16, radix: 16)
        return ItemID(trusted: "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - hex.count) + hex)
    }

    private func ordered(_ isIncluded: (Item) -> Bool) -> [Item] {
        items.values.filter(isIncluded).sorted { ($0.orderKey, $0.id) < ($1.orderKey, $1.id) }
    }

    private func unique(_ ids: [ItemID]) -> [ItemID] {
        var seen: Set<ItemID> = []
        return ids.filter { seen.insert($0).inserted }
    }
}

/// One simulated view: its replica, the events sent to it and not yet read, and whether it is connected.
private struct SimulatedClient {
    var replica: GalleryReplica
    var inbox: [GalleryEvent] = []
    var isConnected = true
}

/// How often the simulation went through the paths that matter, so that a test that never reaches them fails.
private struct Coverage {
    var buffered = 0
    var stale = 0
    var resets = 0
    var catchUps = 0
    var tiedKeys = 0
}

@Suite("Replica convergence")
struct ReplicaConvergenceTests {
    /// Runs one seeded simulation; returns the server and the clients after everything was delivered.
    private func simulate(
        seed: UInt64, clientCount: Int = 5, steps: Int = 300, coverage: inout Coverage
    ) throws -> (SequencingServer, [SimulatedClient]) {
        var random = SeededGenerator(seed: seed)
        var server = SequencingServer(seed: seed, retainedEvents: 12)
        _ = try server.apply(.insert(count: Int.random(in: 0...4, using: &random), at: .end))
        let snapshot = Array(server.items.values)
        var clients = (0..<clientCount).map { _ in
            SimulatedClient(replica: GalleryReplica(gallery: server.gallery, items: snapshot.shuffled(using: &random)))
        }
        var queue: [SequencingServer.Command] = []

        func catchUp(_ index: Int) {
            coverage.catchUps += 1
            switch server.feed(after: clients[index].replica.sequence) {
            case .events(let events, _):
                for event in events { record(clients[index].replica.receive(event)) }
            case .reset:
                coverage.resets += 1
                clients[index].replica.reset(
                    gallery: server.gallery, items: Array(server.items.values).shuffled(using: &random))
            }
        }
        func record(_ reception: GalleryReplica.Reception) {
            switch reception {
            case .applied: break
            case .buffered: coverage.buffered += 1
            case .stale: coverage.stale += 1
            }
        }
        func process(_ command: SequencingServer.Command) throws {
            let event = try server.apply(command)
            for index in clients.indices where clients[index].isConnected {
                clients[index].inbox.append(event)
            }
        }

        for _ in 0..<steps {
            let roll = Int.random(in: 0..<100, using: &random)
            switch roll {
            case 0..<25:
                // A connected client acts on what it sees, possibly stale.
                guard let index = clients.indices.filter({ clients[$0].isConnected }).randomElement(using: &random)
                else { continue }
                queue.append(command(from: clients[index].replica, using: &random))
            case 25..<45:
                // Commands arrive in any order.
                guard !queue.isEmpty else { continue }
                try process(queue.remove(at: Int.random(in: queue.indices, using: &random)))
            case 45..<85:
                // Events reach each client in any order, sometimes twice.
                guard let index = clients.indices.filter({ !clients[$0].inbox.isEmpty }).randomElement(using: &random)
                else { continue }
                let position = Int.random(in: clients[index].inbox.indices, using: &random)
                let event = clients[index].inbox[position]
                if Int.random(in: 0..<10, using: &random) > 0 { clients[index].inbox.remove(at: position) }
                record(clients[index].replica.receive(event))
            case 85..<90:
                // A client that sees a gap asks for what comes after what it has.
                guard
                    let index = clients.indices.filter({ clients[$0].replica.missing != nil })
                        .randomElement(using: &random)
                else { continue }
                catchUp(index)
            case 90..<95:
                // A client drops its connection; some events in flight are lost.
                guard let index = clients.indices.filter({ clients[$0].isConnected }).randomElement(using: &random)
                else { continue }
                clients[index].isConnected = false
                clients[index].inbox.removeAll { _ in Bool.random(using: &random) }
            default:
                // A client comes back and catches up (or is reset when too far behind).
                guard let index = clients.indices.filter({ !clients[$0].isConnected }).randomElement(using: &random)
                else { continue }
                clients[index].isConnected = true
                catchUp(index)
            }
        }

        // Settle: every command arrives, every client reconnects, every event in flight is delivered.
        for command in queue.shuffled(using: &random) { try process(command) }
        for index in clients.indices where !clients[index].isConnected {
            clients[index].isConnected = true
            catchUp(index)
        }
        for index in clients.indices {
            for event in clients[index].inbox.shuffled(using: &random) { record(clients[index].replica.receive(event)) }
            clients[index].inbox = []
        }
        coverage.tiedKeys += server.tiedKeys
        return (server, clients)
    }

    /// A random command chosen from what a client's replica shows.
    private func command(from replica: GalleryReplica, using random: inout SeededGenerator)
        -> SequencingServer.Command
    {
        let live = replica.liveItems.map(\.id)
        let trashed = replica.trashedItems.map(\.id)
        func point() -> InsertionPoint {
            guard let anchor = live.randomElement(using: &random) else { return .end }
            switch Int.random(in: 0..<5, using: &random) {
            case 0: return .start
            case 1: return .end
            case 2: return .after(anchor)
            case 3: return .before(anchor)
            default: return .index(Int.random(in: -1...(live.count + 1), using: &random))
            }
        }
        func some(_ ids: [ItemID]) -> [ItemID] {
            Array(ids.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random)))
        }
        let roll = Int.random(in: 0..<100, using: &random)
        if live.isEmpty || roll < 30 { return .insert(count: Int.random(in: 1...3, using: &random), at: point()) }
        switch roll {
        case 30..<62: return .move(some(live), to: point())
        case 62..<74: return .trash(some(live))
        case 74..<86: return trashed.isEmpty ? .trash(some(live)) : .restore(some(trashed))
        case 86..<93: return .deleteForGood(some(Bool.random(using: &random) || trashed.isEmpty ? live : trashed))
        case 93..<97: return .transferOut(some(live))
        default: return .rename("Gallery \(Int.random(in: 0..<1000, using: &random))")
        }
    }

    @Test func everyClientEndsWithTheServersOrderWhateverTheDeliveryOrder() throws {
        var coverage = Coverage()
        for seed in UInt64(1)...200 {
            let (server, clients) = try simulate(seed: seed, coverage: &coverage)
            let order = server.liveItems
            var converged = true
            for (number, client) in clients.enumerated() {
                let ids = client.replica.liveItems.map(\.id)
                let agrees =
                    client.replica.sequence == server.gallery.sequence && client.replica.missing == nil
                    && client.replica.gallery == server.gallery && client.replica.liveItems == order
                    && client.replica.trashedItems == server.trashedItems && Set(ids).count == ids.count
                #expect(agrees, "seed \(seed), client \(number): \(ids) instead of \(order.map(\.id))")
                converged = converged && agrees
            }
            if !converged { break }
        }
        // The simulation must have gone through every hard path, or it proves little.
        #expect(coverage.buffered > 1_000)
        #expect(coverage.stale > 1_000)
        #expect(coverage.resets > 50)
        #expect(coverage.catchUps > 500)
        #expect(coverage.tiedKeys > 0)
    }
}
