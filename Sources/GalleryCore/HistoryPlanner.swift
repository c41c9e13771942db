import Foundation

/// Which way a history entry is carried out again.
public enum HistoryDirection: String, Sendable {
    /// Back to how things were before the action.
    case undo
    /// Forward to how the action left them.
    case redo
}

/// What undoing or redoing a history entry does: the moves and settings to write, what could not be done, and what
/// the user is told.
public struct HistoryPlan: Sendable, Equatable {
    /// One item to put somewhere.
    public struct Move: Sendable, Equatable {
        /// The item.
        public var id: ItemID
        /// Where it goes.
        public var to: Placement

        /// Makes a move.
        public init(id: ItemID, to: Placement) {
            self.id = id
            self.to = to
        }
    }

    /// A part of the entry that was left alone because somebody changed it since.
    public enum Conflict: Sendable, Equatable {
        /// The item was deleted for good: it cannot be placed any more.
        case deletedForGood(ItemID)
        /// Somebody moved, trashed or restored the item since this entry last placed it; it is left where it is.
        case placedSince(ItemID)
        /// The same session placed the item since, by another of its actions (in another gallery's history, say); it
        /// is left where it is.
        case placedSinceByYou(ItemID)
        /// The gallery the item would go to is in the trash of galleries; it is left where it is (rather than vanish
        /// into a gallery nobody sees).
        case galleryInTrash(ItemID)
        /// Somebody changed the setting since (or the gallery is gone); it is left as it is.
        case settingsChangedSince
    }

    /// The moves to carry out, in the entry's item order.
    public var moves: [Move]
    /// The gallery settings to set, if any.
    public var settings: HistoryEntry.Settings?
    /// What was left alone.
    public var conflicts: [Conflict]
    /// What the user is told, one or two sentences.
    public var message: String

    /// Makes a plan.
    public init(moves: [Move], settings: HistoryEntry.Settings?, conflicts: [Conflict], message: String) {
        self.moves = moves
        self.settings = settings
        self.conflicts = conflicts
        self.message = message
    }
}

/// An item's placement now, with the version that changes each time it is placed.
public struct CurrentPlacement: Sendable, Equatable {
    /// Where the item is.
    public var placement: Placement
    /// Its placement version.
    public var version: Int64
    /// Whether this placement was made by the session that undoes or redoes (by another of its own actions).
    public var isPlacedByThisSession: Bool

    /// Makes a value.
    public init(placement: Placement, version: Int64, isPlacedByThisSession: Bool = false) {
        self.placement = placement
        self.version = version
        self.isPlacedByThisSession = isPlacedByThisSession
    }
}

/// Plans undo and redo of history entries against the current state, leaving alone what others changed since.
public enum HistoryPlanner {
    /// Plans carrying out `entry` in `direction`, given the current placement of its items (deleted ones absent) and
    /// the gallery's current settings (nil if the gallery is gone).
    ///
    /// Each item goes to its step's `before` (undo) or `after` (redo), unless it is already there, is gone
    /// (``HistoryPlan/Conflict/deletedForGood(_:)``) or was placed by somebody else since the entry last placed it
    /// (``HistoryPlan/Conflict/placedSince(_:)``, or ``HistoryPlan/Conflict/placedSinceByYou(_:)`` when the same
    /// session placed it by another action), or would go to a gallery in `trashedGalleries`
    /// (``HistoryPlan/Conflict/galleryInTrash(_:)``). The setting the entry changed (the name for a rename, images per
    /// row for that change) is set only if it still has the value the entry is leaving; the other setting is kept as
    /// it is now.
    public static func plan(
        _ entry: HistoryEntry, _ direction: HistoryDirection,
        current: [ItemID: CurrentPlacement], settings: HistoryEntry.Settings?,
        trashedGalleries: Set<GalleryID> = []
    ) -> HistoryPlan {
        var moves: [HistoryPlan.Move] = []
        var conflicts: [HistoryPlan.Conflict] = []
        for step in entry.items {
            let target = direction == .undo ? step.before : step.after
            guard let now = current[step.id] else {
                conflicts.append(.deletedForGood(step.id))
                continue
            }
            // Already where the user wants it: nothing to do, whoever put it there.
            if now.placement == target { continue }
            guard now.version == step.version else {
                conflicts.append(now.isPlacedByThisSession ? .placedSinceByYou(step.id) : .placedSince(step.id))
                continue
            }
            guard !trashedGalleries.contains(target.galleryID) else {
                conflicts.append(.galleryInTrash(step.id))
                continue
            }
            moves.append(HistoryPlan.Move(id: step.id, to: target))
        }

        var newSettings: HistoryEntry.Settings?
        if let step = entry.settings {
            let leaving = direction == .undo ? step.after : step.before
            let target = direction == .undo ? step.before : step.after
            if let settings {
                let wanted = changing(entry.action, of: settings, to: target)
                if wanted == settings {
                    // Already as the user wants it.
                } else if changing(entry.action, of: settings, to: leaving) == settings {
                    newSettings = wanted
                } else {
                    conflicts.append(.settingsChangedSince)
                }
            } else {
                conflicts.append(.settingsChangedSince)
            }
        }

        let message = HistoryMessages.message(
            for: entry, direction, conflicts: conflicts, isGalleryGone: settings == nil)
        return HistoryPlan(moves: moves, settings: newSettings, conflicts: conflicts, message: message)
    }

    /// The entry after a plan was carried out: each moved item's step gets its new placement version.
    public static func updated(_ entry: HistoryEntry, versions: [ItemID: Int64]) -> HistoryEntry {
        var entry = entry
        for index in entry.items.indices {
            if let version = versions[entry.items[index].id] {
                entry.items[index].version = version
            }
        }
        return entry
    }

    /// A short name of the action for buttons and messages: "Drop", "Move", "Move Between Galleries", "Copy",
    /// "Delete", "Restore", "Rename", "Images per Row".
    public static func name(of action: HistoryEntry.Action) -> String {
        HistoryMessages.name(of: action)
    }

    /// `settings` with the field(s) that `action` changes taken from `source`.
    private static func changing(
        _ action: HistoryEntry.Action, of settings: HistoryEntry.Settings, to source: HistoryEntry.Settings
    ) -> HistoryEntry.Settings {
        var result = settings
        switch action {
        case .rename:
            result.name = source.name
        case .imagesPerRow:
            result.imagesPerRow = source.imagesPerRow
        case .drop, .move, .transfer, .copy, .trash, .restore:
            result = source
        }
        return result
    }
}

/// Every text the history planner shows the user, in one place.
enum HistoryMessages {
    /// The button name of an action.
    static func name(of action: HistoryEntry.Action) -> String {
        switch action {
        case .drop: "Drop"
        case .move: "Move"
        case .transfer: "Move Between Galleries"
        case .copy: "Copy"
        case .trash: "Delete"
        case .restore: "Restore"
        case .rename: "Rename"
        case .imagesPerRow: "Images per Row"
        }
    }

    /// The message for a plan of `entry` with these conflicts.
    static func message(
        for entry: HistoryEntry, _ direction: HistoryDirection, conflicts: [HistoryPlan.Conflict],
        isGalleryGone: Bool
    ) -> String {
        let placedByOthers = conflicts.count { if case .placedSince = $0 { true } else { false } }
        let placedByYou = conflicts.count { if case .placedSinceByYou = $0 { true } else { false } }
        let placedSince = placedByOthers + placedByYou
        let deleted = conflicts.count { if case .deletedForGood = $0 { true } else { false } }
        let inTrash = conflicts.count { if case .galleryInTrash = $0 { true } else { false } }
        let settingsConflict = conflicts.contains(.settingsChangedSince)
        let itemCount = entry.items.count
        let verb = direction == .undo ? "undo" : "redo"

        let everythingInConflict =
            !conflicts.isEmpty && placedSince + deleted + inTrash == itemCount
            && (entry.settings == nil || settingsConflict)
        if everythingInConflict {
            let reason: String
            if settingsConflict {
                reason = settingsReason(entry.action, isGalleryGone: isGalleryGone)
            } else if inTrash == itemCount {
                reason =
                    itemCount == 1
                    ? "the gallery its item would go to is in the trash"
                    : "the gallery its items would go to is in the trash"
            } else if inTrash > 0 {
                reason = "its items were moved since, or would go to a gallery in the trash"
            } else if deleted == 0 {
                let who = movers(byOthers: placedByOthers, byYou: placedByYou)
                reason =
                    itemCount == 1
                    ? "its item was moved\(who) since"
                    : "its \(itemCount) items were moved\(who) since"
            } else if placedSince == 0 {
                reason =
                    itemCount == 1 ? "its item was deleted for good" : "its \(itemCount) items were deleted for good"
            } else {
                reason =
                    "its items were moved or deleted for good\(movers(byOthers: placedByOthers, byYou: placedByYou)) since"
            }
            return "Could not \(verb) \(description(of: entry, countingItems: false)): \(reason)."
        }

        var message = "\(direction == .undo ? "Undid" : "Redid") \(description(of: entry, countingItems: true))."
        for (count, who) in [(placedByOthers, " by someone else"), (placedByYou, " by you")] where count > 0 {
            message +=
                count == 1
                ? " 1 item was moved\(who) since and was left where it is."
                : " \(count) items were moved\(who) since and were left where they are."
        }
        if inTrash > 0 {
            message +=
                inTrash == 1
                ? " 1 item was left where it is: the gallery it would go to is in the trash."
                : " \(inTrash) items were left where they are: the gallery they would go to is in the trash."
        }
        if deleted > 0 {
            message +=
                deleted == 1
                ? " 1 item was deleted for good and could not be brought back."
                : " \(deleted) items were deleted for good and could not be brought back."
        }
        if settingsConflict {
            message += " " + settingsSentence(entry.action, isGalleryGone: isGalleryGone)
        }
        return message
    }

    /// Who moved the items in conflict, after "moved": " by someone else", " by you", or nobody named when both did.
    private static func movers(byOthers: Int, byYou: Int) -> String {
        switch (byOthers > 0, byYou > 0) {
        case (true, true): ""
        case (false, true): " by you"
        default: " by someone else"
        }
    }

    /// "the move of 3 items" (or "the move", without counting), "the rename to 'Fruit'"…
    private static func description(of entry: HistoryEntry, countingItems: Bool) -> String {
        let items = countingItems ? " of " + count(entry.items.count, "item") : ""
        switch entry.action {
        case .drop: return "the drop\(items)"
        case .move: return "the move\(items)"
        case .transfer: return "the move\(items) between galleries"
        case .copy: return "the copy\(items)"
        case .trash: return "the deletion\(items)"
        case .restore: return "the restore\(items)"
        case .rename:
            guard let name = entry.settings?.after.name else { return "the rename" }
            return "the rename to '\(name)'"
        case .imagesPerRow:
            guard let perRow = entry.settings?.after.imagesPerRow else { return "the change of images per row" }
            return "the change to \(count(perRow, "image")) per row"
        }
    }

    /// Why a settings change could not be carried out, after "Could not undo …: ".
    private static func settingsReason(_ action: HistoryEntry.Action, isGalleryGone: Bool) -> String {
        if isGalleryGone { return "the gallery no longer exists" }
        return action == .imagesPerRow
            ? "the images per row were changed by someone else since"
            : "the gallery was renamed by someone else since"
    }

    /// The sentence appended when a settings change was left out of a partly carried out plan.
    private static func settingsSentence(_ action: HistoryEntry.Action, isGalleryGone: Bool) -> String {
        if isGalleryGone { return "The gallery no longer exists." }
        return action == .imagesPerRow
            ? "The images per row were changed by someone else since and were left as they are."
            : "The gallery was renamed by someone else since; its name was left as it is."
    }

    /// "1 item", "3 items".
    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
