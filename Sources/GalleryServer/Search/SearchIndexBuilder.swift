import GalleryCore
import Logging
import Synchronization

/// Builds the search index for the items kept before it existed (a migration made it empty), in the background at
/// utility priority, ``batchSize`` items per short transaction, so that requests go on meanwhile. It says how far it
/// got in the log and to searches (``progress``: their answers tell that older items may be missing yet). Stopped
/// midway, it goes on at the next start from what is left: each batch stays indexed.
public final class SearchIndexBuilder: Sendable {
    /// How far a build got: `indexed` of the `total` items it had to index when it started.
    public struct Progress: Sendable, Equatable {
        public var indexed: Int
        public var total: Int
    }

    /// The items indexed per transaction.
    static let batchSize = 2_000

    private let store: any GalleryStore
    private let logger: Logger
    private let passes = BackgroundPasses(priority: .utility)
    private let state = Mutex<Progress?>(nil)

    init(store: any GalleryStore, logger: Logger) {
        self.store = store
        self.logger = logger
    }

    /// How far the running build got; nil when the index is whole (or its build has not begun).
    public var progress: Progress? { state.withLock { $0 } }

    /// Starts building what is left to index, if it is not being built.
    func wake() {
        passes.wake { [self] in await build() }
    }

    /// Stops building (the server is stopping); the next start goes on.
    func stop() {
        passes.stop()
    }

    /// Returns once no build runs.
    public func waitUntilIdle() async {
        await passes.waitUntilIdle()
    }

    private func build() async {
        let total: Int
        do {
            total = try await store.searchIndexBacklog()
        } catch {
            if !Task.isCancelled { logger.warning("cannot tell what is left of the search index to build: \(error)") }
            return
        }
        guard total > 0 else { return }
        state.withLock { $0 = Progress(indexed: 0, total: total) }
        logger.notice("building the search index for \(total) items kept before it; they are found once it is built")
        var cursor: ItemID?
        var indexed = 0
        var toldTenths = 0
        while !Task.isCancelled {
            do {
                let batch = try await store.indexForSearch(after: cursor, limit: Self.batchSize)
                indexed = min(total, indexed + batch.indexed)
                state.withLock { $0?.indexed = indexed }
                if indexed * 10 / total > toldTenths {
                    toldTenths = indexed * 10 / total
                    logger.info("search index: \(indexed) of \(total) items (\(toldTenths * 10) %)")
                }
                guard let next = batch.next else { break }
                cursor = next
            } catch {
                if !Task.isCancelled {
                    logger.warning("cannot build the search index: \(error); the next start goes on where it stopped")
                }
                return
            }
            await Task.yield()
        }
        guard !Task.isCancelled else { return }
        state.withLock { $0 = nil }
        logger.notice("the search index is built")
    }
}
