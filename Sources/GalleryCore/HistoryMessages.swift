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
        case .view: "View"
        case .arrange: "Arrange"
        case .editNote: "Edit Note"
        case .describe: "Edit Details"
        case .rotate: "Rotate"
        case .flip: "Flip"
        }
    }

    /// What `entry` did, as the toast after it says it: "Moved 3 items to 'Sky'", "Trashed 2 items", "Rotated 1 image".
    /// `galleryName` names the gallery items went to (a move between galleries, a copy).
    static func summary(of entry: HistoryEntry, galleryName: (GalleryID) -> String?) -> String {
        let ids = Set(
            entry.items.map(\.id) + entry.positions.map(\.id) + entry.texts.map(\.id) + entry.descriptions.map(\.id)
                + entry.orientations.map(\.id))
        let items = count(ids.count + runItems(entry), "item")
        let destination =
            (entry.items.first?.after.galleryID ?? entry.runs.first?.movedTo?.galleryID)
            .flatMap(galleryName).map { " to '\($0)'" } ?? ""
        switch entry.action {
        case .drop: return "Added \(items)"
        case .move: return "Moved \(items)"
        case .transfer: return "Moved \(items)\(destination)"
        case .copy: return "Copied \(items)\(destination)"
        case .trash: return "Trashed \(items)"
        case .restore: return "Restored \(items)"
        case .rename:
            guard let name = entry.settings?.after.name else { return "Renamed the gallery" }
            return "Renamed the gallery to '\(name)'"
        case .imagesPerRow:
            guard let perRow = entry.settings?.after.imagesPerRow else { return "Changed the images per row" }
            return "Changed to \(count(perRow, "image")) per row"
        case .view:
            guard let view = entry.settings?.after.view else { return "Changed the view" }
            return "Changed to the \(view.rawValue) view"
        case .arrange: return "Placed \(items) on the board"
        case .editNote: return "Edited the note"
        case .describe: return "Edited the details of \(items)"
        case .rotate: return "Rotated \(count(ids.count, "image"))"
        case .flip: return "Flipped \(count(ids.count, "image"))"
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
        let inTrash = conflicts.reduce(0) { total, conflict in
            switch conflict {
            case .galleryInTrash: total + 1
            case .runGalleryInTrash(let count): total + count
            default: total
            }
        }
        let arranged = conflicts.count { if case .arrangedSince = $0 { true } else { false } }
        let edited = conflicts.count { if case .editedSince = $0 { true } else { false } }
        let runChanged = conflicts.reduce(0) { total, conflict in
            if case .runChangedSince(let count) = conflict { total + count } else { total }
        }
        let settingsConflict = conflicts.contains(.settingsChangedSince)
        let itemCount =
            entry.items.count + entry.positions.count + entry.texts.count + entry.descriptions.count
            + entry.orientations.count + runItems(entry)
        let verb = direction == .undo ? "undo" : "redo"

        let everythingInConflict =
            !conflicts.isEmpty && placedSince + deleted + inTrash + arranged + edited + runChanged == itemCount
            && (entry.settings == nil || settingsConflict)
        if everythingInConflict {
            let reason: String
            if settingsConflict {
                reason = settingsReason(entry.action, isGalleryGone: isGalleryGone)
            } else if runChanged > 0 {
                reason =
                    runChanged == itemCount
                    ? "its \(count(itemCount, "item")) were changed since"
                    : "its items were changed since"
            } else if edited > 0 {
                reason =
                    switch entry.action {
                    case .describe: "the details were changed by someone else since"
                    case .rotate, .flip: "the images were turned by someone else since"
                    default: "the note was changed by someone else since"
                    }
            } else if entry.action == .editNote, deleted > 0 {
                reason = "the note was deleted for good"
            } else if arranged == itemCount {
                reason =
                    itemCount == 1
                    ? "its item was put elsewhere on the board since"
                    : "its \(itemCount) items were put elsewhere on the board since"
            } else if inTrash == itemCount {
                reason =
                    itemCount == 1
                    ? "the gallery its item would go to is in the trash"
                    : "the gallery its items would go to is in the trash"
            } else if inTrash > 0 {
                reason = "its items were moved since, or would go to a gallery in the trash"
            } else if arranged > 0 {
                reason = "its items were moved, put elsewhere on the board or deleted for good since"
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
        if runChanged > 0 {
            message +=
                runChanged == 1
                ? " 1 item was changed since and was left as it is."
                : " \(runChanged) items were changed since and were left as they are."
        }
        if arranged > 0 {
            message +=
                arranged == 1
                ? " 1 item was put elsewhere on the board since and was left where it is."
                : " \(arranged) items were put elsewhere on the board since and were left where they are."
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
        let items =
            countingItems
            ? " of "
                + count(
                    entry.items.count + entry.positions.count + entry.descriptions.count + entry.orientations.count
                        + runItems(entry), "item")
            : ""
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
        case .view:
            guard let view = entry.settings?.after.view else { return "the change of view" }
            return "the change to the \(view.rawValue) view"
        case .arrange: return "the arrangement\(items)"
        case .editNote: return "the edit of the note"
        case .describe: return "the edit of the details\(items)"
        case .rotate: return "the rotation\(items)"
        case .flip: return "the flip\(items)"
        }
    }

    /// Why a settings change could not be carried out, after "Could not undo …: ".
    private static func settingsReason(_ action: HistoryEntry.Action, isGalleryGone: Bool) -> String {
        if isGalleryGone { return "the gallery no longer exists" }
        switch action {
        case .imagesPerRow: return "the images per row were changed by someone else since"
        case .view: return "the view was changed by someone else since"
        default: return "the gallery was renamed by someone else since"
        }
    }

    /// The sentence appended when a settings change was left out of a partly carried out plan.
    private static func settingsSentence(_ action: HistoryEntry.Action, isGalleryGone: Bool) -> String {
        if isGalleryGone { return "The gallery no longer exists." }
        switch action {
        case .imagesPerRow: return "The images per row were changed by someone else since and were left as they are."
        case .view: return "The view was changed by someone else since and was left as it is."
        default: return "The gallery was renamed by someone else since; its name was left as it is."
        }
    }

    /// How many items the entry's runs hold.
    private static func runItems(_ entry: HistoryEntry) -> Int {
        entry.runs.reduce(0) { $0 + $1.count }
    }

    /// "1 item", "3 items".
    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
