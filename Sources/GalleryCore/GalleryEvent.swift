import Foundation

/// One change of a gallery, as every open view of it receives it: numbered by the gallery's sequence, carrying the
/// gallery and the changed items as they were right after the change.
public struct GalleryEvent: Sendable, Equatable, Codable {
    /// The gallery's change number; events of a gallery are numbered 1, 2, 3… without gaps.
    public var sequence: Int64
    /// The gallery right after the change (name, images per row, trash count).
    public var gallery: Gallery
    /// The items the change touched, as they were right after it; trashed ones have `trashedAt` set.
    public var items: [Item]
    /// Items that left this gallery: moved to another gallery or deleted for good.
    public var removed: [ItemID]
    /// Runs of items that went into the trash or came out of it together, told by their ends (see ``KeyRun``).
    public var runs: [KeyRun]

    /// Makes an event.
    public init(sequence: Int64, gallery: Gallery, items: [Item], removed: [ItemID] = [], runs: [KeyRun] = []) {
        self.sequence = sequence
        self.gallery = gallery
        self.items = items
        self.removed = removed
        self.runs = runs
    }

    /// Decodes an event; one written before runs had none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            sequence: try container.decode(Int64.self, forKey: .sequence),
            gallery: try container.decode(Gallery.self, forKey: .gallery),
            items: try container.decode([Item].self, forKey: .items),
            removed: try container.decode([ItemID].self, forKey: .removed),
            runs: try container.decodeIfPresent([KeyRun].self, forKey: .runs) ?? [])
    }
}

/// What a view that knows a gallery up to some change number needs to catch up.
public enum EventFeed: Sendable, Equatable {
    /// The events after that number, in order (possibly none), and the gallery as it is now.
    case events([GalleryEvent], gallery: Gallery)
    /// The view is too far behind (or ahead, after a restore from a backup): it must load the gallery afresh.
    case reset(gallery: Gallery)
}
