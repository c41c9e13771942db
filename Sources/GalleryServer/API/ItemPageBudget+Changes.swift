import GalleryCore

extension ItemPageBudget {
    /// The most items one answer of a gallery's changes holds (as a window of items).
    static let changesLimit = 1000

    /// What an answer of changes holds: the items of whole changes, and the change number they are complete through.
    struct Changes: Sendable, Equatable {
        /// The items, in the order of their changes.
        var items: [Item]
        /// Every change up to this number is in ``items``: the next read goes on from it.
        var through: Int64
        /// Whether nothing was left out.
        var isComplete: Bool
    }

    /// `items` (changed after `since`, in change order, as read: at most one more than `limit`) cut to `limit` items
    /// and ``bytes``, at the end of a change, so that reading on from ``Changes/through`` misses none of a change's
    /// items. `through` is the gallery's change number when nothing is left out. A first change too big on its own
    /// is left out whole (no items, `through` still `since`): its items are read by pages instead.
    func cut(changes items: [Item], since: Int64, limit: Int, through sequence: Int64) -> Changes {
        var kept = 0
        var total = 0
        while kept < min(limit, items.count) {
            let size = Self.jsonBytes(of: items[kept])
            guard total + size <= bytes else { break }
            total += size
            kept += 1
        }
        if kept == items.count { return Changes(items: items, through: sequence, isComplete: true) }
        while kept > 0, items[kept].changeSequence == items[kept - 1].changeSequence { kept -= 1 }
        return Changes(
            items: Array(items.prefix(kept)), through: kept > 0 ? items[kept - 1].changeSequence : since,
            isComplete: false)
    }
}
