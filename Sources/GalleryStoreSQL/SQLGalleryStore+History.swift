import Foundation
import GalleryCore

// Undo and redo: each session's actions in a gallery, kept in the database (so they survive reloads and restarts),
// recorded in the transaction of the action itself.
extension SQLGalleryStore {
    /// How many actions a session's history in a gallery keeps.
    static let historyLength = 100

    /// Records an action of the session in the gallery's history, forgetting what it could redo there. An action that
    /// also changed `others` (a move or copy between galleries) is recorded in their histories too, linked, so that it
    /// can be undone from any of them, and is undone and redone in all of them at once.
    func recordHistory(
        _ db: any SQLSession, _ gallery: GalleryID, _ session: HistorySession, _ entry: HistoryEntry,
        alsoIn others: Set<GalleryID> = [], date: Date
    ) throws {
        let json = String(decoding: try JSONEncoder().encode(entry), as: UTF8.self)
        let galleries = [gallery] + others.subtracting([gallery]).sorted { $0.rawValue < $1.rawValue }
        for each in galleries { try forgetRedo(db, each, session) }
        var link: Int64?
        for each in galleries {
            let id = try db.value(
                Int64.self,
                sql: """
                    INSERT INTO history (galleryId, session, action, entry, undone, createdAt, link)
                    VALUES (?, ?, ?, ?, 0, ?, ?) RETURNING id
                    """,
                arguments: [each.rawValue, session.rawValue, entry.action.rawValue, json, date, link])
            if galleries.count > 1, link == nil {
                link = id
                try db.execute(sql: "UPDATE history SET link = id WHERE id = ?", arguments: [link])
            }
            try db.execute(
                sql: """
                    DELETE FROM history WHERE galleryId = ? AND session = ? AND id <= (
                      SELECT id FROM history WHERE galleryId = ? AND session = ? ORDER BY id DESC LIMIT 1 OFFSET ?)
                    """,
                arguments: [each.rawValue, session.rawValue, each.rawValue, session.rawValue, Self.historyLength])
        }
    }

    /// Forgets what the session could redo in the gallery, with the linked rows of those actions in other galleries.
    private func forgetRedo(_ db: any SQLSession, _ gallery: GalleryID, _ session: HistorySession) throws {
        try db.execute(
            sql: """
                DELETE FROM history WHERE link IN (
                  SELECT link FROM history WHERE galleryId = ? AND session = ? AND undone = 1 AND link IS NOT NULL)
                """,
            arguments: [gallery.rawValue, session.rawValue])
        try db.execute(
            sql: "DELETE FROM history WHERE galleryId = ? AND session = ? AND undone = 1",
            arguments: [gallery.rawValue, session.rawValue])
    }

    public func history(in gallery: GalleryID, for session: HistorySession) async throws -> HistoryState {
        try await database.read { db in
            _ = try Self.fetchGallery(db, gallery)
            return try Self.historyState(db, gallery, session)
        }
    }

    public func undoableAction(in gallery: GalleryID, for session: HistorySession) async throws -> UndoableAction? {
        try await database.read { db in
            guard
                let row = try db.row(
                    sql: """
                        SELECT id, entry FROM history WHERE galleryId = ? AND session = ? AND undone = 0
                        ORDER BY id DESC LIMIT 1
                        """,
                    arguments: [gallery.rawValue, session.rawValue])
            else { return nil }
            let entryJSON: String = row["entry"]
            let entry = try JSONDecoder().decode(HistoryEntry.self, from: Data(entryJSON.utf8))
            let summary = HistoryPlanner.summary(of: entry) { id in try? Self.fetchAnyGallery(db, id).name }
            return UndoableAction(entry: row["id"], summary: summary)
        }
    }

    static func historyState(_ db: any SQLSession, _ gallery: GalleryID, _ session: HistorySession) throws
        -> HistoryState
    {
        func action(undone: Bool) throws -> HistoryEntry.Action? {
            try db.value(
                String.self,
                sql: """
                    SELECT action FROM history WHERE galleryId = ? AND session = ? AND undone = ?
                    ORDER BY id \(undone ? "ASC" : "DESC") LIMIT 1
                    """,
                arguments: [gallery.rawValue, session.rawValue, undone]
            ).flatMap(HistoryEntry.Action.init(rawValue:))
        }
        return HistoryState(undo: try action(undone: false), redo: try action(undone: true))
    }

    public func step(
        _ direction: HistoryDirection, in gallery: GalleryID, for session: HistorySession, expecting expected: Int64?,
        mayChange: @escaping @Sendable (GalleryID) -> Bool
    ) async throws -> HistoryOutcome {
        let date = now()
        return try await database.write { db in
            let currentGallery = try Self.fetchGallery(db, gallery)
            let isUndo = direction == .undo
            guard
                let row = try db.row(
                    sql: """
                        SELECT id, entry FROM history WHERE galleryId = ? AND session = ? AND undone = ?
                        ORDER BY id \(isUndo ? "DESC" : "ASC") LIMIT 1
                        """,
                    arguments: [gallery.rawValue, session.rawValue, !isUndo])
            else { throw GalleryError.conflict(isUndo ? "Nothing to undo." : "Nothing to redo.") }
            let historyID: Int64 = row["id"]
            if let expected, expected != historyID {
                throw GalleryError.conflict(
                    "That change is no longer the last one here (it was undone, or changed since): nothing was "
                        + (isUndo ? "undone." : "redone."))
            }
            let entryJSON: String = row["entry"]
            let entry = try JSONDecoder().decode(HistoryEntry.self, from: Data(entryJSON.utf8))
            var items: [ItemID: Item] = [:]
            var current: [ItemID: CurrentPlacement] = [:]
            for step in entry.items {
                guard let item = try? Self.fetchItem(db, step.id) else { continue }
                items[step.id] = item
                let isPlacedSince = item.placementVersion != step.version
                current[step.id] = CurrentPlacement(
                    placement: Placement(of: item), version: item.placementVersion,
                    isPlacedByThisSession: try isPlacedSince && Self.isPlaced(db, item, bySession: session),
                    boardPosition: item.boardPosition)
            }
            for step in entry.positions {
                guard let item = try? Self.fetchItem(db, step.id) else { continue }
                items[step.id] = item
                let hasLeft = item.galleryID != step.galleryID
                current[step.id] = CurrentPlacement(
                    placement: Placement(of: item), version: item.placementVersion,
                    isPlacedByThisSession: try hasLeft && Self.isPlaced(db, item, bySession: session),
                    boardPosition: item.boardPosition)
            }
            for step in entry.texts {
                guard let item = try? Self.fetchItem(db, step.id) else { continue }
                items[step.id] = item
                current[step.id] = CurrentPlacement(
                    placement: Placement(of: item), version: item.placementVersion, text: item.text)
            }
            for step in entry.descriptions {
                guard let item = try? Self.fetchItem(db, step.id) else { continue }
                items[step.id] = item
                current[step.id] = CurrentPlacement(
                    placement: Placement(of: item), version: item.placementVersion, description: item.description)
            }
            for step in entry.orientations {
                guard let item = try? Self.fetchItem(db, step.id) else { continue }
                items[step.id] = item
                current[step.id] = CurrentPlacement(
                    placement: Placement(of: item), version: item.placementVersion, orientation: item.orientation)
            }
            // Asked again at every step: a right taken away since the action was recorded is not used by its undo.
            let touched = entry.galleries.union(items.values.map(\.galleryID)).union([gallery])
            guard touched.allSatisfy(mayChange) else {
                throw GalleryError.forbidden(
                    "This can no longer be \(isUndo ? "undone" : "redone"): it would change a gallery you may not "
                        + "change now.")
            }
            let destinations = Set(entry.items.map { isUndo ? $0.before.galleryID : $0.after.galleryID })
                .union(entry.runs.compactMap { run in run.movedTo.map { isUndo ? run.galleryID : $0.galleryID } })
            let trashedGalleries = try destinations.filter { id in
                try Self.fetchAnyGallery(db, id).trashedAt != nil
            }
            let runsAsLeft = try entry.runs.map { run in try Self.runItemsAsLeft(db, run, isUndo: isUndo) }
            let plan = HistoryPlanner.plan(
                entry, direction, current: current, settings: HistoryEntry.Settings(of: currentGallery),
                trashedGalleries: trashedGalleries, runsAsLeft: runsAsLeft)
            var log = ChangeLog()
            var runs: [Int: HistoryEntry.RunStep] = [:]
            for run in plan.runs {
                guard let index = entry.runs.firstIndex(of: run) else { continue }
                let count = runsAsLeft[index]
                runs[index] =
                    if let retag = run.retagged {
                        try retagRunAgain(db, run, retag.change(forward: !isUndo), log: &log, date: date)
                    } else if run.movedTo != nil {
                        try moveRunAgain(db, run, count: count, back: isUndo, log: &log, date: date)
                    } else if isUndo {
                        try restoreRun(db, run, count: count, log: &log, date: date)
                    } else {
                        try trashRunAgain(db, run, count: count, log: &log, date: date)
                    }
            }
            try place(
                db, plan.moves.compactMap { move in items[move.id].map { ($0, move.to) } }, log: &log, date: date)
            for reposition in plan.positions {
                guard let item = items[reposition.id] else { continue }
                try setBoardPosition(db, item, reposition.to, log: &log, date: date)
            }
            for change in plan.texts {
                guard let item = items[change.id] else { continue }
                try setText(db, item, change.value, log: &log, date: date)
            }
            for change in plan.descriptions {
                guard let item = items[change.id] else { continue }
                try setDescription(db, item.id, item.galleryID, change.value, log: &log, date: date)
            }
            for change in plan.orientations {
                guard let item = items[change.id] else { continue }
                try setOrientation(db, item.id, item.galleryID, change.value, log: &log, date: date)
            }
            try log.commit(db, in: self)
            if let settings = plan.settings { try setSettings(db, gallery, settings, date: date) }
            var versions: [ItemID: Int64] = [:]
            var placed: [Item] = []
            for move in plan.moves {
                let item = try Self.fetchItem(db, move.id)
                versions[move.id] = item.placementVersion
                placed.append(item)
            }
            for reposition in plan.positions { placed.append(try Self.fetchItem(db, reposition.id)) }
            for change in plan.texts { placed.append(try Self.fetchItem(db, change.id)) }
            for change in plan.descriptions { placed.append(try Self.fetchItem(db, change.id)) }
            for change in plan.orientations { placed.append(try Self.fetchItem(db, change.id)) }
            let updated = HistoryPlanner.updated(entry, versions: versions, runs: runs)
            // The linked rows of a move or copy between galleries change with it.
            try db.execute(
                sql: """
                    UPDATE history SET entry = ?, undone = ?
                    WHERE id = ? OR link = (SELECT link FROM history WHERE id = ?)
                    """,
                arguments: [
                    String(decoding: try JSONEncoder().encode(updated), as: UTF8.self), isUndo, historyID, historyID,
                ])
            return HistoryOutcome(
                message: plan.message, state: try Self.historyState(db, gallery, session), items: placed)
        }
    }

    /// How many items of the run are still as its entry left them: with the change number that last placed them, in
    /// the trash (`isUndo`: after the action or its redo) or out of it (after its undo) — of a moved run, live where
    /// the action or its redo put them (`isUndo`) or where its undo did.
    static func runItemsAsLeft(_ db: any SQLSession, _ run: HistoryEntry.RunStep, isUndo: Bool) throws -> Int {
        let gallery = run.movedTo.map { isUndo ? $0.galleryID : run.galleryID } ?? run.galleryID
        let inTrash = run.movedTo == nil && run.retagged == nil && isUndo
        return try db.value(
            Int.self,
            sql: """
                SELECT count(*) FROM item WHERE galleryId = ? AND changeSequence = ?
                AND trashedAt IS \(inTrash ? "NOT NULL" : "NULL")
                """,
            arguments: [gallery.rawValue, run.sequence]) ?? 0
    }

    /// Moves a moved run's `count` items still as the entry left them back where they were (`back`: an undo) or again
    /// where the action put them (a redo), as one change of each gallery: onto new keys, in their order, between the
    /// live items around the place the run's first key there would have now. Live items that came between them since
    /// stay; the change's event names them. Returns the run as this change left it.
    func moveRunAgain(
        _ db: any SQLSession, _ run: HistoryEntry.RunStep, count: Int, back: Bool, log: inout ChangeLog, date: Date
    ) throws -> HistoryEntry.RunStep {
        guard let movedTo = run.movedTo else { return run }
        let (here, there) = back ? (movedTo, run.from) : (run.from, movedTo)
        let live = "galleryId = ? AND trashedAt IS NULL"
        // The other items, around the place the run goes to (in the same gallery, the run is not one of them).
        let others = here.galleryID == there.galleryID ? "\(live) AND changeSequence <> ?" : live
        let othersArguments: SQLArguments =
            here.galleryID == there.galleryID ? [there.galleryID.rawValue, run.sequence] : [there.galleryID.rawValue]
        let lower = try db.value(
            String.self,
            sql: "SELECT orderKey FROM item WHERE \(others) AND orderKey < ? ORDER BY orderKey DESC LIMIT 1",
            arguments: othersArguments + [there.firstKey.rawValue]
        ).map(Self.orderKey(_:))
        let upper = try db.value(
            String.self,
            sql: "SELECT orderKey FROM item WHERE \(others) AND orderKey > ? ORDER BY orderKey LIMIT 1",
            arguments: othersArguments + [lower?.rawValue ?? ""]
        ).map(Self.orderKey(_:))
        let staying = try db.values(
            String.self,
            sql: "SELECT id FROM item WHERE \(live) AND orderKey >= ? AND orderKey <= ? AND changeSequence <> ?",
            arguments: [here.galleryID.rawValue, here.firstKey.rawValue, here.lastKey.rawValue, run.sequence]
        ).map(ItemID.init(trusted:))
        let (placed, sequence) = try moveRun(
            db, leaving: here, where: "changeSequence = ?", [run.sequence], count: count, to: there.galleryID,
            between: lower, upper, log: &log, date: date)
        log.touch(here.galleryID, staying)
        var again = run
        again.sequence = sequence
        if back {
            (again.firstKey, again.lastKey) = (placed.firstKey, placed.lastKey)
        } else {
            again.movedTo = placed
        }
        return again
    }

    /// Takes the run's `count` items still as it left them out of the trash, as one change: each keeps its key (one
    /// statement for them all), except one whose key a live item has taken since, which lands between its old
    /// neighbours (as ``place(_:_:log:date:)`` puts it). Returns the run as this change left it.
    func restoreRun(
        _ db: any SQLSession, _ run: HistoryEntry.RunStep, count: Int, log: inout ChangeLog, date: Date
    ) throws -> HistoryEntry.RunStep {
        let gallery = run.galleryID
        let sequence = try log.sequence(db, gallery, date: date)
        try db.execute(
            sql: """
                UPDATE item SET trashedAt = NULL, updatedAt = ?, changeSequence = ?,
                placementVersion = placementVersion + 1
                WHERE galleryId = ? AND changeSequence = ? AND trashedAt IS NOT NULL AND NOT EXISTS (
                  SELECT 1 FROM item AS live
                  WHERE live.galleryId = item.galleryId AND live.trashedAt IS NULL AND live.orderKey = item.orderKey)
                """,
            arguments: [date, sequence, gallery.rawValue, run.sequence])
        let crowded = try db.rows(
            sql: """
                SELECT \(Item.selectColumns) FROM \(Item.fromClause)
                WHERE item.galleryId = ? AND item.changeSequence = ? AND item.trashedAt IS NOT NULL
                """,
            arguments: [gallery.rawValue, run.sequence]
        ).map(Item.init(row:))
        try place(db, crowded.map { ($0, Placement(of: $0).trashed(false)) }, log: &log, date: date)
        let firstKey = try crowded.map { try Self.fetchItem(db, $0.id).orderKey }.reduce(run.firstKey, min)
        log.run(gallery, KeyRun(firstKey: firstKey, lastKey: run.lastKey, count: count, hasLeft: false))
        return HistoryEntry.RunStep(
            galleryID: gallery, firstKey: firstKey, lastKey: run.lastKey, count: run.count, sequence: sequence)
    }

    /// Applies `change` (a retagged run's, or its inverse) to the run's items still as the entry left them, as one
    /// change of their gallery. Returns the run as this change left it.
    func retagRunAgain(
        _ db: any SQLSession, _ run: HistoryEntry.RunStep, _ change: ItemDescription.Change, log: inout ChangeLog,
        date: Date
    ) throws -> HistoryEntry.RunStep {
        let sequence = try log.sequence(db, run.galleryID, date: date)
        let changed = try retag(
            db, run.galleryID, where: "changeSequence = ?", [run.sequence], change, sequence: sequence, log: &log,
            date: date)
        var again = run
        again.sequence = sequence
        if let changed { (again.count, again.firstKey, again.lastKey) = changed }
        return again
    }

    /// Puts the run's `count` items still as its undo left them back in the trash, as one change (one statement).
    /// Live items that came between them since stay; the change's event names them. Returns the run as this change
    /// left it.
    func trashRunAgain(
        _ db: any SQLSession, _ run: HistoryEntry.RunStep, count: Int, log: inout ChangeLog, date: Date
    ) throws -> HistoryEntry.RunStep {
        let gallery = run.galleryID
        let sequence = try log.sequence(db, gallery, date: date)
        try Self.trashLive(db, gallery, where: "changeSequence = ?", [run.sequence], sequence: sequence, date: date)
        let staying = try db.values(
            String.self,
            sql: """
                SELECT id FROM item WHERE galleryId = ? AND trashedAt IS NULL AND orderKey >= ? AND orderKey <= ?
                """,
            arguments: [gallery.rawValue, run.firstKey.rawValue, run.lastKey.rawValue]
        ).map(ItemID.init(trusted:))
        log.touch(gallery, staying)
        log.run(gallery, KeyRun(firstKey: run.firstKey, lastKey: run.lastKey, count: count, hasLeft: true))
        var again = run
        again.sequence = sequence
        return again
    }

    /// Whether the item's current placement was made by one of the session's recorded actions (in any gallery): some
    /// entry of the session last placed it at its current placement version.
    static func isPlaced(_ db: any SQLSession, _ item: Item, bySession session: HistorySession) throws -> Bool {
        let entries = try db.values(
            String.self, sql: "SELECT entry FROM history WHERE session = ? AND instr(entry, ?) > 0",
            arguments: [session.rawValue, item.id.rawValue])
        let decoder = JSONDecoder()
        return try entries.contains { json in
            try decoder.decode(HistoryEntry.self, from: Data(json.utf8)).items.contains {
                $0.id == item.id && $0.version == item.placementVersion
            }
        }
    }
}
