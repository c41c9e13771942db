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
        onBoard arrival: BoardArrival?, recordingFor session: HistorySession?
    ) async throws -> RunChange {
        let date = now()
        return try await database.write { db in
            let destination = try Self.fetchGallery(db, gallery)
            let run = try Self.liveRun(db, from: first, through: last, count: count, in: nil)
            let source = run.galleryID
            let (lower, upper): (OrderKey?, OrderKey?)
            if source == gallery {
                guard let gap = try Self.gap(db, gallery, point, excludingRun: run, count: count) else {
                    // Put where it is: nothing changes.
                    return RunChange(count: count, sequence: destination.sequence)
                }
                (lower, upper) = gap
            } else {
                _ = try Self.fetchGallery(db, source)
                (lower, upper) = try Self.bounds(db, gallery, point)
            }
            var log = ChangeLog()
            // The gap lies outside the run (it is not where the run is), so no new key is one of the run's.
            let (placed, sequence) = try moveRun(
                db, leaving: run, where: "orderKey >= ? AND orderKey <= ?",
                [run.firstKey.rawValue, run.lastKey.rawValue], count: count, to: gallery, between: lower, upper,
                log: &log, date: date)
            if source != gallery, let arrival { try putArrivingRun(db, placed, count: count, arrival) }
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
        // Both ends are live: the run is the live items from the first's key through the last's, counted up to one
        // more than it should hold (what the run costs anyway, never the gallery).
        let found =
            try db.value(
                Int.self,
                sql: """
                    SELECT count(*) FROM (
                      SELECT 1 FROM item WHERE galleryId = ? AND trashedAt IS NULL AND orderKey >= ? AND orderKey <= ?
                      LIMIT ?) AS run
                    """,
                arguments: [
                    firstEnd.galleryID.rawValue, firstEnd.orderKey.rawValue, lastEnd.orderKey.rawValue, count + 1,
                ]) ?? 0
        guard found == count else {
            let now =
                try position(db, firstEnd.galleryID, of: lastEnd.orderKey)
                - position(db, firstEnd.galleryID, of: firstEnd.orderKey) + 1
            throw GalleryError.conflict(
                "The gallery changed since these \(count.grouped) items were selected (they are"
                    + " \(now.grouped) now): select them again.")
        }
        return HistoryEntry.RunStep.Span(
            galleryID: firstEnd.galleryID, firstKey: firstEnd.orderKey, lastKey: lastEnd.orderKey)
    }

    /// The keys around the place the insertion point names for `run` (`count` live items of the gallery), read in
    /// the order without the run; nil when that is where the run is. `.after(x)` or `.before(x)` with `x` in the run
    /// means where it is. Found by the keys around the run and the point (an index: by position), never by reading the
    /// items between.
    static func gap(
        _ db: any SQLSession, _ gallery: GalleryID, _ point: InsertionPoint,
        excludingRun run: HistoryEntry.RunStep.Span, count: Int
    ) throws -> (lower: OrderKey?, upper: OrderKey?)? {
        // The items that stay right before and after the run: where it is.
        let before = try liveKey(db, gallery, below: run.firstKey, excluding: [])
        let after = try liveKey(db, gallery, above: run.lastKey, excluding: [])
        let inRun = { (key: OrderKey) in run.firstKey <= key && key <= run.lastKey }
        /// The live key above (or below) `key`, past the run.
        func next(_ key: OrderKey?) throws -> OrderKey? {
            let found = try liveKey(db, gallery, above: key, excluding: [])
            return found.map(inRun) ?? false ? after : found
        }
        func previous(_ key: OrderKey?) throws -> OrderKey? {
            let found = try liveKey(db, gallery, below: key, excluding: [])
            return found.map(inRun) ?? false ? before : found
        }
        let gap: (lower: OrderKey?, upper: OrderKey?)
        switch point {
        case .start: gap = (nil, try next(nil))
        case .end: gap = (try previous(nil), nil)
        case .after(let anchor), .before(let anchor):
            guard let key = try liveKey(db, gallery, of: anchor) else {
                gap = (try previous(nil), nil)
                break
            }
            if inRun(key) {
                gap = (before, after)
            } else if case .after = point {
                gap = (key, try next(key))
            } else {
                gap = (try previous(key), key)
            }
        case .index(let wanted):
            // The items that stay at positions `wanted - 1` and `wanted` of the order without the run.
            let start = try position(db, gallery, of: run.firstKey)
            func staying(_ index: Int) throws -> OrderKey? {
                index < 0 ? nil : try key(db, gallery, at: index < start ? index : index + count)
            }
            let index = max(0, wanted)
            let lower = try staying(index - 1)
            // Past the end: at the end.
            gap = lower == nil && index > 0 ? (try previous(nil), nil) : (lower, try staying(index))
        }
        return gap.lower == before && gap.upper == after ? nil : gap
    }

    /// Moves the run of `count` live items that `condition` picks in the span `here` (see ``relocate``) to
    /// `destination` between `lower` and `upper`, as one change of each gallery, noted in `log`: the run left `here`
    /// and came into its new span. Returns the new span and the destination's change.
    func moveRun(
        _ db: any SQLSession, leaving here: HistoryEntry.RunStep.Span, where condition: String,
        _ arguments: SQLArguments, count: Int, to destination: GalleryID, between lower: OrderKey?,
        _ upper: OrderKey?, log: inout ChangeLog, date: Date
    ) throws -> (placed: HistoryEntry.RunStep.Span, sequence: Int64) {
        let sequence = try log.sequence(db, destination, date: date)
        _ = try log.sequence(db, here.galleryID, date: date)
        let placed = try relocate(
            db, from: here.galleryID, where: condition, arguments, count: count, to: destination, between: lower,
            upper, sequence: sequence, date: date)
        log.run(here.galleryID, KeyRun(firstKey: here.firstKey, lastKey: here.lastKey, count: count, hasLeft: true))
        log.run(
            destination, KeyRun(firstKey: placed.firstKey, lastKey: placed.lastKey, count: count, hasLeft: false))
        return (placed, sequence)
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
                let list = SQLArguments.placeholders(ids.count)
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
