import Foundation
import GalleryCore

// Runs of items changed together, told by their ends (a "Select All" of a million items): trashed in one statement,
// or moved in statements of ``relocationBatch`` items, with events and history entries that tell the run by its ends
// and count (``KeyRun``, ``HistoryEntry/RunStep``), never item by item.
extension SQLGalleryStore {
    /// How many items one statement of a run's move places.
    static let relocationBatch = 500

    public func trashItems(
        from first: ItemID, through last: ItemID, count: Int, in gallery: GalleryID,
        recordingFor session: HistorySession?
    ) async throws -> RunChange {
        let date = now()
        return try await database.write { db in
            _ = try Self.fetchGallery(db, gallery)
            let run = try Self.liveRun(db, from: first, through: last, count: count, in: gallery)
            var log = ChangeLog()
            let sequence = try log.sequence(db, gallery, date: date)
            // One statement, whatever the run's length: the items keep their keys, for a restore.
            try Self.trashLive(
                db, gallery, where: "orderKey >= ? AND orderKey <= ?", [run.firstKey.rawValue, run.lastKey.rawValue],
                sequence: sequence, date: date)
            log.run(gallery, KeyRun(firstKey: run.firstKey, lastKey: run.lastKey, count: count, hasLeft: true))
            try log.commit(db, in: self)
            if let session {
                let step = HistoryEntry.RunStep(
                    galleryID: gallery, firstKey: run.firstKey, lastKey: run.lastKey, count: count, sequence: sequence)
                try recordHistory(db, gallery, session, HistoryEntry(action: .trash, runs: [step]), date: date)
            }
            return RunChange(count: count, sequence: sequence)
        }
    }

    public func moveItems(
        from first: ItemID, through last: ItemID, count: Int, to gallery: GalleryID, at point: InsertionPoint,
        recordingFor session: HistorySession?
    ) async throws -> RunChange {
        let date = now()
        return try await database.write { db in
            let destination = try Self.fetchGallery(db, gallery)
            let run = try Self.liveRun(db, from: first, through: last, count: count, in: nil)
            let source = run.galleryID
            let (lower, upper): (OrderKey?, OrderKey?)
            if source == gallery {
                let start = try Self.position(db, gallery, of: run.firstKey)
                let gap = try Self.gap(
                    db, gallery, point, excludingRunAt: start, count: count, total: destination.itemCount)
                // Put where it is: nothing changes.
                guard gap.index != start else { return RunChange(count: count, sequence: destination.sequence) }
                (lower, upper) = (gap.lower, gap.upper)
            } else {
                _ = try Self.fetchGallery(db, source)
                (lower, upper) = try Self.bounds(db, gallery, point)
            }
            var log = ChangeLog()
            let sequence = try log.sequence(db, gallery, date: date)
            _ = try log.sequence(db, source, date: date)
            // The gap lies outside the run (it is not where the run is), so no new key is one of the run's.
            let placed = try relocate(
                db, from: source, where: "orderKey >= ? AND orderKey <= ?",
                [run.firstKey.rawValue, run.lastKey.rawValue], count: count, to: gallery, between: lower, upper,
                sequence: sequence, date: date)
            log.run(source, KeyRun(firstKey: run.firstKey, lastKey: run.lastKey, count: count, hasLeft: true))
            log.run(gallery, KeyRun(firstKey: placed.firstKey, lastKey: placed.lastKey, count: count, hasLeft: false))
            try log.commit(db, in: self)
            if let session {
                let step = HistoryEntry.RunStep(
                    galleryID: source, firstKey: run.firstKey, lastKey: run.lastKey, count: count, sequence: sequence,
                    movedTo: placed)
                try recordHistory(
                    db, gallery, session, HistoryEntry(action: source == gallery ? .move : .transfer, runs: [step]),
                    alsoIn: source == gallery ? [] : [source], date: date)
            }
            return RunChange(count: count, sequence: sequence)
        }
    }

    /// The live run from `first` through `last` in their gallery's order (`gallery`, or either's when nil), checked to
    /// be `count` items: where it lies.
    /// - Throws: ``GalleryError/notFound(_:)`` if an end is unknown, in the trash or of another gallery;
    ///   ``GalleryError/invalid(_:)`` if the ends are of two galleries or `last` comes before `first`;
    ///   ``GalleryError/conflict(_:)`` if the run is not `count` items.
    static func liveRun(
        _ db: any SQLSession, from first: ItemID, through last: ItemID, count: Int, in gallery: GalleryID?
    ) throws -> HistoryEntry.RunStep.Span {
        let ends = try fetchBatch(db, first == last ? [first] : [first, last], in: gallery)
        guard ends.allSatisfy({ $0.trashedAt == nil }) else {
            throw GalleryError.notFound("An item at an end of the selection is in the trash.")
        }
        let (firstEnd, lastEnd) = (ends[0], ends[ends.count - 1])
        guard firstEnd.galleryID == lastEnd.galleryID else {
            throw GalleryError.invalid("The ends of the run are in two galleries.")
        }
        guard firstEnd.orderKey <= lastEnd.orderKey else {
            throw GalleryError.invalid("The last item of the run comes before its first.")
        }
        // Both ends are live: the run is the items from the first's position through the last's (order blocks).
        let found =
            try position(db, firstEnd.galleryID, of: lastEnd.orderKey)
            - position(db, firstEnd.galleryID, of: firstEnd.orderKey) + 1
        guard found == count else {
            throw GalleryError.conflict(
                "The gallery changed since these \(count.grouped) items were selected (they are"
                    + " \(found.grouped) now): select them again.")
        }
        return HistoryEntry.RunStep.Span(
            galleryID: firstEnd.galleryID, firstKey: firstEnd.orderKey, lastKey: lastEnd.orderKey)
    }

    /// Where a run of `count` items at position `start` of a gallery of `total` live items goes for the insertion
    /// point, read in the order without the run: the position (among the items that stay) it goes to, and the keys
    /// around it. `.after(x)` or `.before(x)` with `x` in the run means where it is.
    static func gap(
        _ db: any SQLSession, _ gallery: GalleryID, _ point: InsertionPoint, excludingRunAt start: Int, count: Int,
        total: Int
    ) throws -> (index: Int, lower: OrderKey?, upper: OrderKey?) {
        let staying = total - count
        /// The position among the items that stay of the item at `position`, nil for one of the run.
        func stayingIndex(_ position: Int) -> Int? {
            position < start ? position : position >= start + count ? position - count : nil
        }
        let index: Int
        switch point {
        case .start: index = 0
        case .end: index = staying
        case .index(let wanted): index = max(0, min(wanted, staying))
        case .after(let anchor), .before(let anchor):
            guard let key = try liveKey(db, gallery, of: anchor) else {
                index = staying
                break
            }
            let after = if case .after = point { 1 } else { 0 }
            index = try stayingIndex(position(db, gallery, of: key)).map { $0 + after } ?? start
        }
        func key(ofStaying index: Int) throws -> OrderKey? {
            index < 0 ? nil : try Self.key(db, gallery, at: index < start ? index : index + count)
        }
        return (index, try key(ofStaying: index - 1), try key(ofStaying: index))
    }

    /// Moves the live items of `source` that `condition` (on its `arguments`) picks — a run of `count`, kept in their
    /// order — to `destination`, onto new keys between `lower` and `upper` (no other live item may lie between them),
    /// as its change `sequence`: their placement versions go up, and items that change gallery leave the board. Writes
    /// ``relocationBatch`` items a statement, reading them by key. Returns where the run lies now.
    func relocate(
        _ db: any SQLSession, from source: GalleryID, where condition: String, _ arguments: SQLArguments, count: Int,
        to destination: GalleryID, between lower: OrderKey?, _ upper: OrderKey?, sequence: Int64, date: Date
    ) throws -> HistoryEntry.RunStep.Span {
        let keys = try OrderKey.keys(count: count, between: lower, upper)
        let picked = "galleryId = ? AND trashedAt IS NULL AND \(condition)"
        let pickedArguments = SQLArguments([.text(source.rawValue)]) + arguments
        if source == destination {
            // Picked items between the bounds (a run put back next to where it is) could hold a new key: each moves
            // onto a key no item can have first, after every live key and in the same order.
            let inGap = "\(picked) AND orderKey > ? AND orderKey < ?"
            let gapArguments = pickedArguments + [lower?.rawValue ?? "", upper?.rawValue ?? "~"]
            if try db.value(Int.self, sql: "SELECT count(*) FROM item WHERE \(inGap)", arguments: gapArguments) ?? 0
                > 0
            {
                try db.execute(
                    sql: "UPDATE item SET orderKey = '~' || orderKey WHERE \(picked)", arguments: pickedArguments)
            }
        }
        var placed = 0
        var after = ""
        while placed < keys.count {
            let rows = try db.rows(
                sql: "SELECT id, orderKey FROM item WHERE \(picked) AND orderKey > ? ORDER BY orderKey LIMIT ?",
                arguments: pickedArguments + [after, min(Self.relocationBatch, keys.count - placed)])
            guard let last = rows.last else { break }
            let ids: [String] = rows.map { $0["id"] }
            let pairs = Array(repeating: "(?, ?)", count: ids.count).joined(separator: ", ")
            let mapping = zip(ids, keys[placed...]).flatMap { id, key in [SQLValue.text(id), .text(key.rawValue)] }
            try db.execute(
                sql: """
                    UPDATE item SET galleryId = ?, orderKey = pair.column2, updatedAt = ?, changeSequence = ?,
                    placementVersion = placementVersion + 1
                    FROM (VALUES \(pairs)) AS pair WHERE item.id = pair.column1
                    """,
                arguments: SQLArguments([.text(destination.rawValue), .date(date), .integer(sequence)] + mapping))
            if source != destination {
                let list = Array(repeating: "?", count: ids.count).joined(separator: ", ")
                try db.execute(
                    sql: "DELETE FROM board_position WHERE itemId IN (\(list))",
                    arguments: SQLArguments(ids.map { SQLValue.text($0) }))
            }
            placed += ids.count
            after = last["orderKey"]
        }
        guard placed > 0 else { throw GalleryError.conflict("The items of the run are gone.") }
        return HistoryEntry.RunStep.Span(galleryID: destination, firstKey: keys[0], lastKey: keys[placed - 1])
    }
}
