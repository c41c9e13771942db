import Foundation
import GalleryCore
import Synchronization

/// Bytes received so far by pending items (kept in memory: progress is not worth a disk write).
public final class ProgressBoard: Sendable {
    /// One item's progress.
    public struct Entry: Sendable, Equatable, Codable {
        /// Bytes received.
        public var received: Int64
        /// Total bytes, when the source said.
        public var total: Int64?
    }

    private let entries = Mutex<[ItemID: (gallery: GalleryID, entry: Entry)]>([:])

    /// An empty board.
    public init() {}

    /// Records progress for an item.
    public func update(_ id: ItemID, in gallery: GalleryID, received: Int64, total: Int64?) {
        entries.withLock { $0[id] = (gallery, Entry(received: received, total: total)) }
    }

    /// Forgets an item (done, failed or gone).
    public func remove(_ id: ItemID) {
        _ = entries.withLock { $0.removeValue(forKey: id) }
    }

    /// The progress of an item, if it is loading.
    public func entry(for id: ItemID) -> Entry? {
        entries.withLock { $0[id]?.entry }
    }

    /// The progress of every loading item of a gallery, by item id.
    public func entries(in gallery: GalleryID) -> [String: Entry] {
        entries.withLock { all in
            var result: [String: Entry] = [:]
            for (id, value) in all where value.gallery == gallery { result[id.rawValue] = value.entry }
            return result
        }
    }

    /// Whether an item is being loaded right now.
    public func isActive(_ id: ItemID) -> Bool { entry(for: id) != nil }
}
