import Foundation

/// A view's copy of one gallery, kept current by the gallery's events.
///
/// Events arrive numbered 1, 2, 3… but not necessarily in order, and some may never arrive (a dropped connection).
/// The replica applies them strictly in sequence: an event that comes early waits in a bounded buffer until the gap
/// before it is filled, and ``missing`` says which numbers to ask the server for. An event it already has is ignored.
public struct GalleryReplica: Sendable, Equatable {
    /// How many early events are kept at most while waiting for a gap to be filled; beyond that the farthest ones
    /// are dropped (they can be fetched again).
    public static let bufferLimit = 10_000

    /// The gallery as of ``sequence``.
    public private(set) var gallery: Gallery
    /// The number of the last event applied (starts at the snapshot's gallery.sequence).
    public private(set) var sequence: Int64
    /// The gallery's known items, live and trashed, by id.
    private var items: [ItemID: Item]
    /// Events that came before the ones preceding them, by sequence number; all are after `sequence + 1`.
    private var buffer: [Int64: GalleryEvent] = [:]

    /// Starts from a snapshot taken at `gallery.sequence`: its live items, and possibly trashed ones. Items of
    /// another gallery are ignored.
    public init(gallery: Gallery, items: [Item]) {
        self.gallery = gallery
        self.sequence = gallery.sequence
        self.items = Self.index(items, of: gallery.id)
    }

    /// Live (non-trashed) items in order: by orderKey, then by id (deterministic tie-break).
    public var liveItems: [Item] {
        Self.ordered(items.values.filter { $0.trashedAt == nil })
    }

    /// The known items in the gallery's trash, in the order they would have if restored.
    public var trashedItems: [Item] {
        Self.ordered(items.values.filter { $0.trashedAt != nil })
    }

    /// The known item with this id, live or trashed; nil if it is not (or no longer) in this gallery.
    public func item(_ id: ItemID) -> Item? {
        items[id]
    }

    /// What became of a received event.
    public enum Reception: Sendable, Equatable {
        /// The event was the next one and was applied, with this many events in all (buffered ones that followed
        /// it included).
        case applied(Int)
        /// The event came early and waits for the ones before it (see ``GalleryReplica/missing``).
        case buffered
        /// The event was already applied (or belongs to another gallery) and was ignored.
        case stale
    }

    /// Applies the event if it is the next one (then any buffered ones that follow), keeps a later one for when the
    /// gap is filled, ignores an old one.
    public mutating func receive(_ event: GalleryEvent) -> Reception {
        guard event.gallery.id == gallery.id, event.sequence > sequence else { return .stale }
        guard event.sequence == sequence + 1 else {
            buffer[event.sequence] = event
            trimBuffer()
            return .buffered
        }
        apply(event)
        return .applied(1 + applyBuffered())
    }

    /// The sequence numbers that are missing before the buffered events (nil when nothing is buffered): what to ask
    /// the server for.
    public var missing: ClosedRange<Int64>? {
        guard let first = buffer.keys.min() else { return nil }
        return (sequence + 1)...(first - 1)
    }

    /// Replaces everything with a fresh snapshot (after the server said the view is too far behind); drops buffered
    /// events not newer than it, and applies the buffered ones that follow it right away.
    public mutating func reset(gallery: Gallery, items: [Item]) {
        self.gallery = gallery
        self.sequence = gallery.sequence
        self.items = Self.index(items, of: gallery.id)
        buffer = buffer.filter { $0.key > gallery.sequence }
        applyBuffered()
    }

    // MARK: - Applying

    /// Applies one event, which must be the next.
    private mutating func apply(_ event: GalleryEvent) {
        gallery = event.gallery
        sequence = event.sequence
        for item in event.items {
            if item.galleryID == gallery.id {
                items[item.id] = item
            } else {
                items[item.id] = nil
            }
        }
        for id in event.removed {
            items[id] = nil
        }
    }

    /// Applies the buffered events that now follow without a gap; returns how many.
    @discardableResult
    private mutating func applyBuffered() -> Int {
        var count = 0
        while let next = buffer.removeValue(forKey: sequence + 1) {
            apply(next)
            count += 1
        }
        return count
    }

    /// Drops the farthest buffered events beyond ``bufferLimit``.
    private mutating func trimBuffer() {
        while buffer.count > Self.bufferLimit, let farthest = buffer.keys.max() {
            buffer[farthest] = nil
        }
    }

    /// The items of a gallery by id.
    private static func index(_ items: [Item], of galleryID: GalleryID) -> [ItemID: Item] {
        var index: [ItemID: Item] = [:]
        for item in items where item.galleryID == galleryID {
            index[item.id] = item
        }
        return index
    }

    /// Items by order key, then by id.
    private static func ordered(_ items: some Sequence<Item>) -> [Item] {
        items.sorted { ($0.orderKey, $0.id) < ($1.orderKey, $1.id) }
    }
}
