import Foundation
import GalleryCore

/// The galleries one transaction changes, and how: each gets one change number and one event when it commits.
struct ChangeLog {
    private(set) var sequences: [GalleryID: Int64] = [:]
    private var touched: [GalleryID: [ItemID]] = [:]
    private var removed: [GalleryID: [ItemID]] = [:]
    private var runs: [GalleryID: [KeyRun]] = [:]
    private var order: [GalleryID] = []

    /// The gallery's change number for this transaction (bumped the first time it is asked for).
    mutating func sequence(_ db: any SQLSession, _ gallery: GalleryID, date: Date) throws -> Int64 {
        if let sequence = sequences[gallery] { return sequence }
        let sequence = try SQLGalleryStore.nextSequence(db, gallery, date: date)
        sequences[gallery] = sequence
        order.append(gallery)
        return sequence
    }

    /// Notes items the change touched in a gallery (they appear in its event as they are at the end).
    mutating func touch(_ gallery: GalleryID, _ ids: [ItemID]) { touched[gallery, default: []] += ids }

    /// Notes items that left a gallery.
    mutating func remove(_ gallery: GalleryID, _ ids: [ItemID]) { removed[gallery, default: []] += ids }

    /// Notes a run of items that went into a gallery's trash or came out of it together.
    mutating func run(_ gallery: GalleryID, _ run: KeyRun) { runs[gallery, default: []].append(run) }

    /// Writes one event per changed gallery.
    func commit(_ db: any SQLSession, in store: SQLGalleryStore) throws {
        for gallery in order {
            guard let sequence = sequences[gallery] else { continue }
            try store.recordEvent(
                db, gallery, sequence, items: touched[gallery] ?? [], removed: removed[gallery] ?? [],
                runs: runs[gallery] ?? [])
        }
    }
}

/// Keys for new or moved items, and neighbours spread out to make room.
struct KeyAllocation {
    /// The keys, ascending, one per item.
    var keys: [OrderKey]
    /// Items around the gap that got new keys because the gap was too narrow.
    var respaced: [ItemID]
}

// Placing items: allocating order keys at an insertion point (spreading the neighbours out when a gap has become too
// narrow) and putting items where a placement says (restore, undo, redo).
extension SQLGalleryStore {
    /// A new key longer than this makes the store spread out the items around the gap.
    static let longestKey = 12
    /// Spread-out keys are at most this long, leaving room for many inserts into every gap before the next spread.
    static let spreadKeyLength = 8

    /// Keys for `count` items at the insertion point of the gallery, read in the order without the `moving` items.
    ///
    /// The moving items are parked on keys no item can have (`~` is not a key digit) before anything is written, so
    /// that a new key may be an old key of a moved item. Normally only the new keys are made; when they would be
    /// longer than ``longestKey`` (after very many inserts into one gap), a window of neighbours around the gap,
    /// doubling on its crowded side until the keys fit in ``spreadKeyLength``, gets evenly spread keys too (stamped
    /// with `sequence`).
    func allocateKeys(
        _ db: any SQLSession, _ gallery: GalleryID, _ point: InsertionPoint, count: Int, moving: Set<ItemID> = [],
        sequence: Int64, date: Date
    ) throws -> KeyAllocation {
        let (lower, upper) = try Self.bounds(db, gallery, point, excluding: moving)
        try Self.park(db, Array(moving))
        let keys = try OrderKey.keys(count: count, between: lower, upper)
        if keys.allSatisfy({ $0.rawValue.count <= Self.longestKey }) { return KeyAllocation(keys: keys, respaced: []) }
        var width = (below: 8, above: 8)
        while true {
            let below = try lower.map {
                try Self.liveItems(db, gallery, atOrBelow: $0, limit: width.below, excluding: moving)
            }
            let above = try upper.map {
                try Self.liveItems(db, gallery, atOrAbove: $0, limit: width.above, excluding: moving)
            }
            let window = (below: Array((below ?? []).reversed()), above: above ?? [])
            let outerLower = try window.below.first.flatMap { first in
                window.below.count < width.below
                    ? nil : try Self.liveKey(db, gallery, below: first.key, excluding: moving)
            }
            let outerUpper = try window.above.last.flatMap { last in
                window.above.count < width.above
                    ? nil : try Self.liveKey(db, gallery, above: last.key, excluding: moving)
            }
            let all = try OrderKey.keys(
                count: window.below.count + count + window.above.count, between: outerLower, outerUpper)
            let isWholeGallery = outerLower == nil && outerUpper == nil
            if isWholeGallery || all.allSatisfy({ $0.rawValue.count <= Self.spreadKeyLength }) {
                let respaced =
                    Array(zip(window.below.map(\.id), all.prefix(window.below.count)))
                    + Array(zip(window.above.map(\.id), all.suffix(window.above.count)))
                try Self.park(db, respaced.map(\.0))
                for (id, key) in respaced {
                    try db.execute(
                        sql: "UPDATE item SET orderKey = ?, updatedAt = ?, changeSequence = ? WHERE id = ?",
                        arguments: [key.rawValue, date, sequence, id.rawValue])
                }
                let start = window.below.count
                return KeyAllocation(keys: Array(all[start..<(start + count)]), respaced: respaced.map(\.0))
            }
            // The side that goes on further is the crowded one, whose outer key is the longer (items packed into a
            // gap by earlier inserts have long keys): only it doubles, so a respacing rewrites the rows it needs.
            let (lowerLength, upperLength) = (outerLower?.rawValue.count ?? 0, outerUpper?.rawValue.count ?? 0)
            if outerUpper != nil, outerLower == nil || upperLength >= lowerLength {
                width.above *= 2
            } else {
                width.below *= 2
            }
        }
    }

    /// Moves rows onto keys no item can have, so that the unique index of live keys allows any new key.
    static func park(_ db: any SQLSession, _ ids: [ItemID]) throws {
        for id in ids {
            try db.execute(sql: "UPDATE item SET orderKey = '~' || id WHERE id = ?", arguments: [id.rawValue])
        }
    }

    /// At most `limit` live items at or below `key`, nearest first, not counting `excluded` ones.
    static func liveItems(
        _ db: any SQLSession, _ gallery: GalleryID, atOrBelow key: OrderKey, limit: Int, excluding excluded: Set<ItemID>
    ) throws -> [(id: ItemID, key: OrderKey)] {
        let rows = try db.rows(
            sql: """
                SELECT id, orderKey FROM item WHERE galleryId = ? AND trashedAt IS NULL AND orderKey <= ?
                ORDER BY orderKey DESC LIMIT ?
                """,
            arguments: [gallery.rawValue, key.rawValue, limit + excluded.count])
        return try Array(rows.map(idAndKey(_:)).filter { !excluded.contains($0.id) }.prefix(limit))
    }

    /// At most `limit` live items at or above `key`, nearest first, not counting `excluded` (or parked) ones.
    static func liveItems(
        _ db: any SQLSession, _ gallery: GalleryID, atOrAbove key: OrderKey, limit: Int, excluding excluded: Set<ItemID>
    ) throws -> [(id: ItemID, key: OrderKey)] {
        let rows = try db.rows(
            sql: """
                SELECT id, orderKey FROM item WHERE galleryId = ? AND trashedAt IS NULL AND orderKey >= ?
                AND orderKey < '~' ORDER BY orderKey LIMIT ?
                """,
            arguments: [gallery.rawValue, key.rawValue, limit + excluded.count])
        return try Array(rows.map(idAndKey(_:)).filter { !excluded.contains($0.id) }.prefix(limit))
    }

    /// Puts items where the placements say, as a user's placement of them (their placement version goes up), and
    /// notes the changes in the log. An item that changes gallery leaves its old one's board.
    ///
    /// A live placement keeps its key when no other live item has it; otherwise the item gets a key right after the
    /// largest live key below it, so it lands between its old neighbours (or where they would be if they were gone).
    /// Items placed together in one gallery keep the order of their keys. A trashed placement keeps its key as it is.
    func place(_ db: any SQLSession, _ moves: [(item: Item, to: Placement)], log: inout ChangeLog, date: Date) throws {
        let moving = Set(moves.map(\.item.id))
        let live = moves.filter { !$0.to.isTrashed }.sorted { a, b in
            (a.to.galleryID, a.to.orderKey, a.item.trashedAt ?? date, a.item.id)
                < (b.to.galleryID, b.to.orderKey, b.item.trashedAt ?? date, b.item.id)
        }
        var keys: [ItemID: OrderKey] = [:]
        var previous: [GalleryID: OrderKey] = [:]
        for (item, to) in live {
            let gallery = to.galleryID
            let wanted = to.orderKey
            var lower = try Self.liveKey(db, gallery, below: wanted, excluding: moving)
            if let last = previous[gallery], lower.map({ $0 < last }) ?? true { lower = last }
            let key: OrderKey
            if lower.map({ $0 < wanted }) ?? true,
                try !Self.isLiveKeyTaken(db, gallery, wanted, excluding: moving)
            {
                key = wanted
            } else {
                key = try OrderKey.between(lower, try Self.liveKey(db, gallery, above: lower, excluding: moving))
            }
            keys[item.id] = key
            previous[gallery] = key
        }
        try Self.park(db, live.map(\.item.id))
        for (item, to) in moves {
            let sequence = try log.sequence(db, to.galleryID, date: date)
            let trashedAt: Date? = to.isTrashed ? (item.trashedAt ?? date) : nil
            try db.execute(
                sql: """
                    UPDATE item SET galleryId = ?, orderKey = ?, trashedAt = ?, updatedAt = ?, changeSequence = ?,
                    placementVersion = placementVersion + 1 WHERE id = ?
                    """,
                arguments: [
                    to.galleryID.rawValue, (keys[item.id] ?? to.orderKey).rawValue, trashedAt, date, sequence,
                    item.id.rawValue,
                ])
            log.touch(to.galleryID, [item.id])
            if item.galleryID != to.galleryID {
                try Self.setBoardPosition(db, item.id, nil)
                _ = try log.sequence(db, item.galleryID, date: date)
                log.remove(item.galleryID, [item.id])
            }
        }
    }
}
