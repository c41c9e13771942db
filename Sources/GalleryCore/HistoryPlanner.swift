import Foundation

/// Which way a history entry is carried out again.
public enum HistoryDirection: String, Sendable {
    /// Back to how things were before the action.
    case undo
    /// Forward to how the action left them.
    case redo
}

/// What undoing or redoing a history entry does: the moves, board positions and settings to write, what could not be
/// done, and what the user is told.
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

    /// One item to put somewhere on its gallery's board (or take off it).
    public struct Reposition: Sendable, Equatable {
        /// The item.
        public var id: ItemID
        /// Where it goes on the board; nil takes it off (a view places it in free space).
        public var to: BoardPosition?

        /// Makes a reposition.
        public init(id: ItemID, to: BoardPosition?) {
            self.id = id
            self.to = to
        }
    }

    /// One item whose value is set: a note's text, or its title, caption and tags.
    public struct ValueChange<Value: Sendable & Equatable>: Sendable, Equatable {
        /// The item.
        public var id: ItemID
        /// Its new value.
        public var value: Value

        /// Makes a change.
        public init(id: ItemID, value: Value) {
            self.id = id
            self.value = value
        }
    }

    /// A note whose text is set.
    public typealias TextChange = ValueChange<String>
    /// An item whose title, caption and tags are set.
    public typealias DescriptionChange = ValueChange<ItemDescription>
    /// An item whose orientation is set.
    public typealias OrientationChange = ValueChange<ItemOrientation>

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
        /// Somebody put the item elsewhere on the board since; it is left where it is.
        case arrangedSince(ItemID)
        /// Somebody changed the note's text since; it is left as it is.
        case editedSince(ItemID)
        /// This many items of a run were changed since (restored, trashed again, deleted for good…); they are left as
        /// they are.
        case runChangedSince(count: Int)
        /// The gallery this many items of a moved run would go to is in the trash of galleries; they are left where
        /// they are.
        case runGalleryInTrash(count: Int)
    }

    /// The moves to carry out, in the entry's item order.
    public var moves: [Move]
    /// The runs whose items (those still as the entry left them) go into the trash (redo) or out of it (undo), or of
    /// moved runs back (undo) or again where the action put them (redo).
    public var runs: [HistoryEntry.RunStep]
    /// The board positions to set, in the entry's item order.
    public var positions: [Reposition]
    /// The note texts to set.
    public var texts: [TextChange]
    /// The titles, captions and tags to set.
    public var descriptions: [DescriptionChange]
    /// The orientations to set.
    public var orientations: [OrientationChange]
    /// The gallery settings to set, if any.
    public var settings: HistoryEntry.Settings?
    /// What was left alone.
    public var conflicts: [Conflict]
    /// What the user is told, one or two sentences.
    public var message: String

    /// Makes a plan.
    public init(
        moves: [Move], runs: [HistoryEntry.RunStep] = [], positions: [Reposition] = [], texts: [TextChange] = [],
        descriptions: [DescriptionChange] = [], orientations: [OrientationChange] = [],
        settings: HistoryEntry.Settings?, conflicts: [Conflict], message: String
    ) {
        self.descriptions = descriptions
        self.orientations = orientations
        self.moves = moves
        self.runs = runs
        self.positions = positions
        self.texts = texts
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
    /// Where the item lies on its gallery's board, if it was put there.
    public var boardPosition: BoardPosition?
    /// A note's text now.
    public var text: String?
    /// Its title, caption and tags now.
    public var description: ItemDescription?
    /// Its orientation now.
    public var orientation: ItemOrientation?

    /// Makes a value.
    public init(
        placement: Placement, version: Int64, isPlacedByThisSession: Bool = false,
        boardPosition: BoardPosition? = nil, text: String? = nil, description: ItemDescription? = nil,
        orientation: ItemOrientation? = nil
    ) {
        self.description = description
        self.orientation = orientation
        self.text = text
        self.placement = placement
        self.version = version
        self.isPlacedByThisSession = isPlacedByThisSession
        self.boardPosition = boardPosition
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
    /// row or the view for those changes) is set only if it still has the value the entry is leaving; the others are
    /// kept as they are now.
    ///
    /// Each arranged item goes back to its step's `before` board position (undo) or `after` one (redo) only if it
    /// still lies where the entry is leaving it (else ``HistoryPlan/Conflict/arrangedSince(_:)``) and is still in the
    /// gallery it was arranged in (else ``HistoryPlan/Conflict/placedSince(_:)``: moving it away took it off the
    /// board).
    ///
    /// Each run's items still as the entry left them (`runsAsLeft`, one count per run) go out of the trash (undo) or
    /// back in (redo), or — of a moved run — back where they were (undo) or where the action put them (redo), unless
    /// that gallery is in the trash of galleries (``HistoryPlan/Conflict/runGalleryInTrash(count:)``); the rest of
    /// its items were changed since (``HistoryPlan/Conflict/runChangedSince(count:)``).
    public static func plan(
        _ entry: HistoryEntry, _ direction: HistoryDirection,
        current: [ItemID: CurrentPlacement], settings: HistoryEntry.Settings?,
        trashedGalleries: Set<GalleryID> = [], runsAsLeft: [Int] = []
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

        var runs: [HistoryEntry.RunStep] = []
        for (index, run) in entry.runs.enumerated() {
            let asLeft = min(run.count, index < runsAsLeft.count ? runsAsLeft[index] : 0)
            if asLeft < run.count { conflicts.append(.runChangedSince(count: run.count - asLeft)) }
            if let movedTo = run.movedTo,
                trashedGalleries.contains(direction == .undo ? run.galleryID : movedTo.galleryID)
            {
                if asLeft > 0 { conflicts.append(.runGalleryInTrash(count: asLeft)) }
                continue
            }
            if asLeft > 0 { runs.append(run) }
        }

        var positions: [HistoryPlan.Reposition] = []
        for step in entry.positions {
            let target = direction == .undo ? step.before : step.after
            let leaving = direction == .undo ? step.after : step.before
            guard let now = current[step.id] else {
                conflicts.append(.deletedForGood(step.id))
                continue
            }
            guard now.placement.galleryID == step.galleryID else {
                conflicts.append(now.isPlacedByThisSession ? .placedSinceByYou(step.id) : .placedSince(step.id))
                continue
            }
            if now.boardPosition == target { continue }
            guard now.boardPosition == leaving else {
                conflicts.append(.arrangedSince(step.id))
                continue
            }
            positions.append(HistoryPlan.Reposition(id: step.id, to: target))
        }

        let texts = valueChanges(entry.texts, direction, current, &conflicts) { $0.text }
        let descriptions = valueChanges(entry.descriptions, direction, current, &conflicts) { $0.description }
        let orientations = valueChanges(entry.orientations, direction, current, &conflicts) { $0.orientation }

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
        return HistoryPlan(
            moves: moves, runs: runs, positions: positions, texts: texts, descriptions: descriptions,
            orientations: orientations, settings: newSettings, conflicts: conflicts, message: message)
    }

    /// The values to set for `steps` (note texts, descriptions): each item's `before` (undo) or `after` (redo), unless
    /// it is gone (``HistoryPlan/Conflict/deletedForGood(_:)``), already so, or changed since
    /// (``HistoryPlan/Conflict/editedSince(_:)``).
    private static func valueChanges<Value>(
        _ steps: [HistoryEntry.ValueStep<Value>], _ direction: HistoryDirection, _ current: [ItemID: CurrentPlacement],
        _ conflicts: inout [HistoryPlan.Conflict], reading value: (CurrentPlacement) -> Value?
    ) -> [HistoryPlan.ValueChange<Value>] {
        var changes: [HistoryPlan.ValueChange<Value>] = []
        for step in steps {
            let target = direction == .undo ? step.before : step.after
            let leaving = direction == .undo ? step.after : step.before
            guard let now = current[step.id] else {
                conflicts.append(.deletedForGood(step.id))
                continue
            }
            let present = value(now)
            if present == target { continue }
            guard present == leaving else {
                conflicts.append(.editedSince(step.id))
                continue
            }
            changes.append(HistoryPlan.ValueChange(id: step.id, value: target))
        }
        return changes
    }

    /// The entry after a plan was carried out: each moved item's step gets its new placement version, and each run
    /// carried out its new change number and key span (`runs`, by index of the entry's runs).
    public static func updated(
        _ entry: HistoryEntry, versions: [ItemID: Int64], runs: [Int: HistoryEntry.RunStep] = [:]
    ) -> HistoryEntry {
        var entry = entry
        for (index, run) in runs where entry.runs.indices.contains(index) { entry.runs[index] = run }
        for index in entry.items.indices {
            if let version = versions[entry.items[index].id] {
                entry.items[index].version = version
            }
        }
        return entry
    }

    /// A short name of the action for buttons and messages: "Drop", "Move", "Move Between Galleries", "Copy",
    /// "Delete", "Restore", "Rename", "Images per Row", "View", "Arrange", "Edit Note".
    public static func name(of action: HistoryEntry.Action) -> String {
        HistoryMessages.name(of: action)
    }

    /// What `entry` did, in words ("Moved 3 items to 'Sky'"); `galleryName` names the gallery items went to.
    public static func summary(of entry: HistoryEntry, galleryName: (GalleryID) -> String?) -> String {
        HistoryMessages.summary(of: entry, galleryName: galleryName)
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
        case .view:
            result.view = source.view
        case .drop, .move, .transfer, .copy, .trash, .restore, .arrange, .editNote, .describe, .rotate, .flip:
            result = source
        }
        return result
    }
}
