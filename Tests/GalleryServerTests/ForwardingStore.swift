import Foundation
import GalleryCore
import GalleryStoreSQL
import GalleryStoreSQLite

/// A store that hands every call to a real one: tests subclass it to watch or hold the calls they care about.
class ForwardingStore: GalleryStore, @unchecked Sendable {
    let base: SQLGalleryStore

    init(base: SQLGalleryStore) { self.base = base }

    func markFailed(_ id: ItemID, reason: FailureReason) async throws -> Item? {
        try await base.markFailed(id, reason: reason)
    }
    func item(_ id: ItemID) async throws -> Item { try await base.item(id) }
    func galleries() async throws -> [Gallery] { try await base.galleries() }
    func gallery(_ id: GalleryID) async throws -> Gallery { try await base.gallery(id) }
    func createGallery(named name: String) async throws -> Gallery { try await base.createGallery(named: name) }
    func updateGallery(
        _ id: GalleryID, name: String?, imagesPerRow: Int?, view: GalleryView?, recordingFor session: HistorySession?
    ) async throws -> Gallery {
        try await base.updateGallery(id, name: name, imagesPerRow: imagesPerRow, view: view, recordingFor: session)
    }
    func arrangeItems(
        _ positions: [(id: ItemID, position: BoardPosition)], in gallery: GalleryID,
        recordingFor session: HistorySession?
    ) async throws -> [Item] {
        try await base.arrangeItems(positions, in: gallery, recordingFor: session)
    }
    func placeItems(_ positions: [(id: ItemID, position: BoardPosition)], in gallery: GalleryID) async throws
        -> [Item]
    {
        try await base.placeItems(positions, in: gallery)
    }
    func trashedGalleries() async throws -> [Gallery] { try await base.trashedGalleries() }
    func settle(_ settlements: [Settlement]) async throws -> [Item] {
        try await base.settle(settlements)
    }
    func duplicateGallery(_ id: GalleryID, named name: String?) async throws -> (gallery: Gallery, loading: [Item]) {
        try await base.duplicateGallery(id, named: name)
    }
    func trashGallery(_ id: GalleryID) async throws -> Gallery { try await base.trashGallery(id) }
    func restoreGallery(_ id: GalleryID) async throws -> Gallery { try await base.restoreGallery(id) }
    func firstGallery() async throws -> Gallery { try await base.firstGallery() }
    func ping() async throws { try await base.ping() }
    func items(in gallery: GalleryID, from start: ItemPage.Start, limit: Int) async throws -> ItemPage {
        try await base.items(in: gallery, from: start, limit: limit)
    }
    func changes(in gallery: GalleryID, since sequence: Int64, limit: Int) async throws -> ChangeSet {
        try await base.changes(in: gallery, since: sequence, limit: limit)
    }
    func insertPendingItems(
        _ drafts: [ItemDraft], into gallery: GalleryID, at point: InsertionPoint, onBoard arrival: BoardArrival?,
        recordingFor session: HistorySession?
    ) async throws -> [Item] {
        try await base.insertPendingItems(drafts, into: gallery, at: point, onBoard: arrival, recordingFor: session)
    }
    func markReady(_ id: ItemID, image: StoredImage) async throws -> Item? {
        try await base.markReady(id, image: image)
    }
    func markPendingForRetry(_ id: ItemID) async throws -> Item { try await base.markPendingForRetry(id) }
    func markLinkReady(_ id: ItemID, page: LinkDetails, preview: StoredImage?) async throws -> Item? {
        try await base.markLinkReady(id, page: page, preview: preview)
    }
    func editNote(_ id: ItemID, text: String, recordingFor session: HistorySession?) async throws -> Item {
        try await base.editNote(id, text: text, recordingFor: session)
    }
    func describeItems(
        _ ids: [ItemID], in gallery: GalleryID, _ change: ItemDescription.Change, recordingFor session: HistorySession?
    ) async throws -> [Item] {
        try await base.describeItems(ids, in: gallery, change, recordingFor: session)
    }
    func searchIndexBacklog() async throws -> Int { try await base.searchIndexBacklog() }
    func indexForSearch(after cursor: ItemID?, limit: Int) async throws -> (indexed: Int, next: ItemID?) {
        try await base.indexForSearch(after: cursor, limit: limit)
    }
    func describeItems(
        from first: ItemID, through last: ItemID, count: Int, in gallery: GalleryID, _ change: ItemDescription.Change,
        recordingFor session: HistorySession?
    ) async throws -> RunChange {
        try await base.describeItems(
            from: first, through: last, count: count, in: gallery, change, recordingFor: session)
    }
    func turnItems(
        _ ids: [ItemID], in gallery: GalleryID, _ turn: ItemOrientation.Turn, recordingFor session: HistorySession?
    ) async throws -> [Item] {
        try await base.turnItems(ids, in: gallery, turn, recordingFor: session)
    }
    func trashItem(_ id: ItemID, recordingFor session: HistorySession?) async throws -> Item {
        try await base.trashItem(id, recordingFor: session)
    }
    func pendingItems() async throws -> [Item] { try await base.pendingItems() }
    func claimPendingItems() async throws -> [Item] { try await base.claimPendingItems() }
    func renewLeases() async throws { try await base.renewLeases() }
    func ownedPendingItems() async throws -> [Item] { try await base.ownedPendingItems() }
    func storedImage(hash: String) async throws -> StoredImage? { try await base.storedImage(hash: hash) }
    func imagesWithoutRecordedThumbnails(limit: Int) async throws -> [StoredImage] {
        try await base.imagesWithoutRecordedThumbnails(limit: limit)
    }
    func recordThumbnails(hash: String, widths: [Int]) async throws {
        try await base.recordThumbnails(hash: hash, widths: widths)
    }
    func videosAwaitingPlayback(after hash: String?, limit: Int) async throws -> [Item] {
        try await base.videosAwaitingPlayback(after: hash, limit: limit)
    }
    func recordVideoPlayback(hash: String, _ playback: VideoPlayback) async throws -> [Item] {
        try await base.recordVideoPlayback(hash: hash, playback)
    }
    func imagesAwaitingPhotoDetails(after hash: String?, limit: Int) async throws -> [String] {
        try await base.imagesAwaitingPhotoDetails(after: hash, limit: limit)
    }
    func recordPhotoDetails(hash: String, _ details: PhotoDetails) async throws {
        try await base.recordPhotoDetails(hash: hash, details)
    }
    func imagesAwaitingText(after hash: String?, limit: Int) async throws -> [StoredImage] {
        try await base.imagesAwaitingText(after: hash, limit: limit)
    }
    func recordImageText(hash: String, _ text: String) async throws {
        try await base.recordImageText(hash: hash, text)
    }
    func imageText(of id: ItemID) async throws -> String? { try await base.imageText(of: id) }
    func setHidesLocation(_ id: GalleryID, _ hides: Bool) async throws -> Gallery {
        try await base.setHidesLocation(id, hides)
    }
    func moveItems(
        _ ids: [ItemID], to gallery: GalleryID, at point: InsertionPoint, onBoard arrival: BoardArrival?,
        recordingFor session: HistorySession?
    ) async throws -> [Item] {
        try await base.moveItems(ids, to: gallery, at: point, onBoard: arrival, recordingFor: session)
    }
    func copyItems(
        _ ids: [ItemID], to gallery: GalleryID, at point: InsertionPoint, onBoard arrival: BoardArrival?,
        recordingFor session: HistorySession?
    ) async throws -> [Item] {
        try await base.copyItems(ids, to: gallery, at: point, onBoard: arrival, recordingFor: session)
    }
    func trashItems(_ ids: [ItemID], in gallery: GalleryID, recordingFor session: HistorySession?) async throws
        -> [Item]
    {
        try await base.trashItems(ids, in: gallery, recordingFor: session)
    }
    func trashItems(
        from first: ItemID, through last: ItemID, count: Int, in gallery: GalleryID,
        recordingFor session: HistorySession?
    ) async throws -> RunChange {
        try await base.trashItems(from: first, through: last, count: count, in: gallery, recordingFor: session)
    }
    func moveItems(
        from first: ItemID, through last: ItemID, count: Int, to gallery: GalleryID, at point: InsertionPoint,
        onBoard arrival: BoardArrival?, recordingFor session: HistorySession?
    ) async throws -> RunChange {
        try await base.moveItems(
            from: first, through: last, count: count, to: gallery, at: point, onBoard: arrival, recordingFor: session)
    }
    func placeRest(in gallery: GalleryID, atMost limit: Int) async throws -> PlacedRest {
        try await base.placeRest(in: gallery, atMost: limit)
    }
    func boardBounds(in gallery: GalleryID) async throws -> BoardRect? { try await base.boardBounds(in: gallery) }
    func boardItems(in gallery: GalleryID, meeting rect: BoardRect, limit: Int) async throws -> BoardPage {
        try await base.boardItems(in: gallery, meeting: rect, limit: limit)
    }
    func trashedItems(in gallery: GalleryID, limit: Int) async throws -> [Item] {
        try await base.trashedItems(in: gallery, limit: limit)
    }
    func restoreItems(_ ids: [ItemID], in gallery: GalleryID, recordingFor session: HistorySession?) async throws
        -> [Item]
    {
        try await base.restoreItems(ids, in: gallery, recordingFor: session)
    }
    func imagesAwaitingPerceptualHash(after hash: String?, limit: Int) async throws -> [String] {
        try await base.imagesAwaitingPerceptualHash(after: hash, limit: limit)
    }
    func recordPerceptualHash(hash: String, _ perceptualHash: PerceptualHash) async throws {
        try await base.recordPerceptualHash(hash: hash, perceptualHash)
    }
    func similarItems(to item: ItemID, in galleries: [GalleryID], within distance: Int, limit: Int) async throws
        -> [SimilarItem]
    {
        try await base.similarItems(to: item, in: galleries, within: distance, limit: limit)
    }
    func search(_ request: SearchRequest) async throws -> SearchPage { try await base.search(request) }
    func usedTags(in galleries: [GalleryID], sample: Int, limit: Int) async throws -> [TagUse] {
        try await base.usedTags(in: galleries, sample: sample, limit: limit)
    }
    func events(in gallery: GalleryID, since sequence: Int64, limit: Int) async throws -> EventFeed {
        try await base.events(in: gallery, since: sequence, limit: limit)
    }
    func changeSignals(in gallery: GalleryID?) -> AsyncStream<Void> { base.changeSignals(in: gallery) }
    func changedGalleries() -> ChangedGalleries { base.changedGalleries() }
    func history(in gallery: GalleryID, for session: HistorySession) async throws -> HistoryState {
        try await base.history(in: gallery, for: session)
    }
    func undoableAction(in gallery: GalleryID, for session: HistorySession) async throws -> UndoableAction? {
        try await base.undoableAction(in: gallery, for: session)
    }
    func step(
        _ direction: HistoryDirection, in gallery: GalleryID, for session: HistorySession, expecting entry: Int64?,
        mayChange: @escaping @Sendable (GalleryID) -> Bool
    ) async throws -> HistoryOutcome {
        try await base.step(direction, in: gallery, for: session, expecting: entry, mayChange: mayChange)
    }
    func emptyTrash(in gallery: GalleryID, removingFiles: @escaping @Sendable ([String]) throws -> Void) async throws
        -> Int
    {
        try await base.emptyTrash(in: gallery, removingFiles: removingFiles)
    }
}
