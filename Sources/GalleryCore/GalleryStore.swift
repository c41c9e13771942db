import Foundation

/// One window of a gallery's items in order, with where it lies in the gallery.
public struct ItemPage: Sendable, Equatable {
    /// Where a window begins.
    public enum Start: Sendable, Equatable {
        /// The items after a cursor (an order key), from the first item when nil.
        case after(OrderKey?)
        /// The items just before a cursor.
        case before(OrderKey)
        /// The items from this position (0 is the first); a window that would pass the end ends there instead.
        case position(Int)
        /// The items around a live item of the gallery, that item in the middle.
        case around(ItemID)
    }

    /// The items, in gallery order.
    public var items: [Item]
    /// The position of the first item in the gallery's order (the item count when the window is empty at the end).
    public var position: Int
    /// How many live items the gallery holds.
    public var count: Int
    /// The cursor for the items after the window, or nil at the end.
    public var nextCursor: OrderKey?
    /// The cursor for the items before the window, or nil at the start.
    public var previousCursor: OrderKey?

    /// Makes a window.
    public init(items: [Item], position: Int, count: Int, nextCursor: OrderKey?, previousCursor: OrderKey?) {
        self.items = items
        self.position = position
        self.count = count
        self.nextCursor = nextCursor
        self.previousCursor = previousCursor
    }
}

/// The items of a gallery changed after a given change number.
public struct ChangeSet: Sendable, Equatable {
    /// The gallery as it is now.
    public var gallery: Gallery
    /// The items changed after the asked number, trashed ones included (their `trashedAt` is set), in the order of
    /// their changes: every one, or the first so many asked for.
    public var items: [Item]

    /// Makes a change set.
    public init(gallery: Gallery, items: [Item]) {
        self.gallery = gallery
        self.items = items
    }
}

/// Where galleries and items are kept. Every method is one transaction that keeps the data consistent.
public protocol GalleryStore: Sendable {
    /// Every gallery, by name.
    func galleries() async throws -> [Gallery]
    /// One gallery.
    func gallery(_ id: GalleryID) async throws -> Gallery
    /// Makes a gallery.
    func createGallery(named name: String) async throws -> Gallery
    /// Renames a gallery and/or changes its images per row and/or its view (nil: unchanged); a rename is recorded in
    /// the session's undo history if one is given (the images per row and the view are a default, never undone).
    func updateGallery(
        _ id: GalleryID, name: String?, imagesPerRow: Int?, view: GalleryView?, recordingFor session: HistorySession?
    ) async throws -> Gallery
    /// Sets whether the gallery hides where its photos were taken from its members; one change of it (not undone).
    func setHidesLocation(_ id: GalleryID, _ hides: Bool) async throws -> Gallery
    /// The trash of galleries, the most recently deleted first.
    func trashedGalleries() async throws -> [Gallery]
    /// Makes a new gallery (named `name`, or "<name> copy") with the same images per row and view, holding copies of
    /// the gallery's live items in the same order and at the same board positions, and returns it with the copies
    /// still loading (pending: they need loading again). Its cost and memory follow a batch of items, not the gallery.
    func duplicateGallery(_ id: GalleryID, named name: String?) async throws -> (gallery: Gallery, loading: [Item])
    /// Moves a gallery to the trash of galleries; its items stay with it.
    func trashGallery(_ id: GalleryID) async throws -> Gallery
    /// Takes a gallery out of the trash of galleries.
    func restoreGallery(_ id: GalleryID) async throws -> Gallery
    /// The oldest live gallery, making "My Gallery" if there is none (each person's last opened gallery is kept by
    /// the ``AccountStore``).
    func firstGallery() async throws -> Gallery
    /// Reads nothing from the database, to tell that it answers (a readiness check).
    /// - Throws: whatever the database's failure to answer is.
    func ping() async throws
    /// Turns live images of the gallery (`turn`: a quarter turn left or right, or a mirror) and returns them, in the
    /// given order; one change of the gallery and one undoable action ("Rotate" or "Flip"). Their files stay as they
    /// are: the orientation is kept with each item (a copy keeps it), and its shown width and height follow it.
    /// - Throws: ``GalleryError/notFound(_:)`` if the gallery or an item is unknown, of another gallery or in the
    ///   trash; ``GalleryError/invalid(_:)`` for no items, one named twice, or one that is not a loaded image.
    ///   Nothing changes then.
    func turnItems(
        _ ids: [ItemID], in gallery: GalleryID, _ turn: ItemOrientation.Turn, recordingFor session: HistorySession?
    ) async throws -> [Item]

    /// A window of at most `limit` (1 to 1,000) of the gallery's live (non-trashed) items, in order, with its position
    /// and the gallery's item count; its cost grows with the window, not with the gallery.
    /// - Throws: `notFound` for an unknown gallery, or for `around` an item that is not a live item of it.
    func items(in gallery: GalleryID, from start: ItemPage.Start, limit: Int) async throws -> ItemPage
    /// At most `limit` items changed after the given change number, the earliest changed first.
    func changes(in gallery: GalleryID, since sequence: Int64, limit: Int) async throws -> ChangeSet
    /// One item.
    func item(_ id: ItemID) async throws -> Item
    /// Adds pending items at the insertion point, in the drafts' order, and on the board as `arrival` says (nil: not
    /// on the board yet); one transaction, so their event carries their places.
    func insertPendingItems(
        _ drafts: [ItemDraft], into gallery: GalleryID, at point: InsertionPoint, onBoard arrival: BoardArrival?,
        recordingFor session: HistorySession?
    ) async throws -> [Item]
    /// Marks a pending item ready with its stored image; returns nil if it is no longer pending.
    ///
    /// If the image's file is missing (the trash was emptied of its last user meanwhile), the item is marked failed
    /// with ``FailureReason/internalError`` instead, and returned so.
    func markReady(_ id: ItemID, image: StoredImage) async throws -> Item?
    /// Marks a pending item ready as a link to a web page, with its preview image if it has one (stored as for
    /// ``markReady(_:image:)``; dropped if its file is missing); returns nil if it is no longer pending.
    func markLinkReady(_ id: ItemID, page: LinkDetails, preview: StoredImage?) async throws -> Item?
    /// Makes pending items ready as ``markReady(_:image:)`` and ``markLinkReady(_:page:preview:)`` do, all in one
    /// transaction and one change of each gallery they are in (an import's thousand items at once). Returns them as
    /// they are now, in order, leaving out those no longer pending.
    func settle(_ settlements: [Settlement]) async throws -> [Item]
    /// Sets a live note's text (and its title, its first line), as one undoable action of `session`.
    /// - Throws: `invalid` for an item that is not a note or a text over ``NoteText/maximumLength``; `notFound` for
    ///   a note in the trash or in a gallery in the trash.
    func editNote(_ id: ItemID, text: String, recordingFor session: HistorySession?) async throws -> Item
    /// Changes titles, captions or tags of live items of `gallery` as one undoable action; returns them, in order.
    /// - Throws: `invalid` for a broken rule (``ItemDescription``), an empty change or an item named twice; `notFound`
    ///   for an item not live in the gallery. Nothing changes then.
    func describeItems(
        _ ids: [ItemID], in gallery: GalleryID, _ change: ItemDescription.Change, recordingFor session: HistorySession?
    ) async throws -> [Item]
    /// Adds and takes away tags on a run of the gallery's live items — from `first` through `last` in its order,
    /// which must be `count` items (a "Select All" of a million) — as one change and one undoable action whose cost
    /// grows with the run: the items are read and written in batches by key, and the history entry tells the run by
    /// its ends. Returns how many items changed (those that already were as asked are left), and the change.
    /// - Throws: `invalid` for a change that is not only of tags (titles and captions are given by naming items), a
    ///   broken rule, or an item that would get too many tags; `notFound` and `conflict` as
    ///   ``trashItems(from:through:count:in:recordingFor:)`` throws them. Nothing changes then.
    func describeItems(
        from first: ItemID, through last: ItemID, count: Int, in gallery: GalleryID, _ change: ItemDescription.Change,
        recordingFor session: HistorySession?
    ) async throws -> RunChange
    /// Marks a pending item failed; returns nil if it is no longer pending.
    func markFailed(_ id: ItemID, reason: FailureReason) async throws -> Item?
    /// Turns a failed item back into a pending one, for a retry.
    func markPendingForRetry(_ id: ItemID) async throws -> Item
    /// Moves an item to its gallery's trash.
    func trashItem(_ id: ItemID, recordingFor session: HistorySession?) async throws -> Item
    /// Moves live items (of this gallery or others) to the insertion point of `gallery`, in the given order, and
    /// returns them moved; one transaction, so every gallery involved changes or none does. Items that stay in their
    /// gallery keep their board positions; items that come from another gallery are not on this one's board yet.
    ///
    /// The insertion point is read in the gallery's order *without* the moved items: `.after(x)` with `x` one of them
    /// means after the nearest item before `x` that does not move, and `.index(n)` counts only the items that stay.
    /// Only the moved items change (new order keys) — unless the gap has become too narrow after very many inserts
    /// into it, when the items around it are spread out too; moving items to where they already are keeps the order.
    /// With `arrival`, the moved items not on this board (those from another gallery) are put there as it says.
    /// - Throws: ``GalleryError/notFound(_:)`` if the gallery or an item is unknown or in the trash;
    ///   ``GalleryError/invalid(_:)`` if an item is named twice. Nothing changes then.
    func moveItems(
        _ ids: [ItemID], to gallery: GalleryID, at point: InsertionPoint, onBoard arrival: BoardArrival?,
        recordingFor session: HistorySession?
    ) async throws -> [Item]
    /// Copies live items (of this gallery or others) to the insertion point of `gallery`, in the given order, as new
    /// items with the same images, and returns the copies. Pending originals are copied as pending. The copies are
    /// put on the board as `arrival` says (nil: not on the board yet).
    func copyItems(
        _ ids: [ItemID], to gallery: GalleryID, at point: InsertionPoint, onBoard arrival: BoardArrival?,
        recordingFor session: HistorySession?
    ) async throws -> [Item]
    /// Moves items of a gallery to its trash (those already there stay as they are) and returns them, in the given
    /// order.
    /// - Throws: ``GalleryError/notFound(_:)`` if the gallery or an item is unknown or in another gallery;
    ///   ``GalleryError/invalid(_:)`` if an item is named twice. Nothing changes then.
    func trashItems(_ ids: [ItemID], in gallery: GalleryID, recordingFor session: HistorySession?) async throws
        -> [Item]
    /// Moves a run of the gallery's live items to its trash — from `first` through `last` in the gallery's order, which
    /// must be `count` items (what the person selected, however many: "Select All" of a million items) — as one
    /// change and one undoable action, whose cost grows with the run but neither reads nor lists its items one by one:
    /// the change's event and the history entry tell the run by its ends (``KeyRun``). Returns how many went, and the
    /// change.
    /// - Throws: ``GalleryError/notFound(_:)`` if the gallery, `first` or `last` is unknown, in the trash or of another
    ///   gallery; ``GalleryError/invalid(_:)`` if `last` comes before `first`; ``GalleryError/conflict(_:)`` if the
    ///   run is not `count` items any more (items came or went meanwhile). Nothing changes then.
    func trashItems(
        from first: ItemID, through last: ItemID, count: Int, in gallery: GalleryID,
        recordingFor session: HistorySession?
    ) async throws -> RunChange
    /// Moves a run of live items — from `first` through `last` in their gallery's order, which must be `count` items
    /// (what the person selected, however many) — to the insertion point of `gallery` (theirs or another), keeping
    /// their order, as one change of each gallery and one undoable action; read like ``moveItems(_:to:at:recordingFor:)``
    /// reads it (without the run). Its cost grows with the run, never with the galleries: the items are read and
    /// written in batches by key, and the events and the history entry tell the run by its ends (``KeyRun``). Returns
    /// how many moved, and the change of `gallery` (its current one if the run was put where it is: nothing changes).
    /// With `arrival`, a run from another gallery is put on this one's board, fanned out from its point in the
    /// run's order (in the same change; its cost grows with the run).
    /// - Throws: ``GalleryError/notFound(_:)`` if a gallery, `first` or `last` is unknown or in the trash;
    ///   ``GalleryError/invalid(_:)`` if `last` comes before `first` or they are in two galleries;
    ///   ``GalleryError/conflict(_:)`` if the run is not `count` items any more. Nothing changes then.
    func moveItems(
        from first: ItemID, through last: ItemID, count: Int, to gallery: GalleryID, at point: InsertionPoint,
        onBoard arrival: BoardArrival?, recordingFor session: HistorySession?
    ) async throws -> RunChange
    /// Puts live items of the gallery on its board at the given positions, and returns them, in the given order; one
    /// change of the gallery (its views receive the items) and one undoable action. Their order in the gallery stays.
    /// - Throws: ``GalleryError/invalid(_:)`` for a position out of range or an item named twice;
    ///   ``GalleryError/notFound(_:)`` if the gallery or an item is unknown, of another gallery or in the trash.
    ///   Nothing changes then.
    func arrangeItems(
        _ positions: [(id: ItemID, position: BoardPosition)], in gallery: GalleryID,
        recordingFor session: HistorySession?
    ) async throws -> [Item]
    /// Puts those of the named live items that are not on the gallery's board yet at the given positions (the others
    /// stay where they are), and returns every named item, in the given order; one change of the gallery if any was
    /// placed. Not an undoable action of its own: placing an item that had no place belongs to the change that added
    /// it (an import keeps the places the archive names).
    /// - Throws: as ``arrangeItems(_:in:recordingFor:)``. Nothing changes then.
    func placeItems(_ positions: [(id: ItemID, position: BoardPosition)], in gallery: GalleryID) async throws -> [Item]
    /// The live items on the gallery's board (those with a ``Item/boardPosition``) whose rectangle meets `rect`, at
    /// most `limit` (1...1000) of them, with the gallery: a board is read by what is shown of it, not whole. The cost
    /// grows with the items near the rectangle, not with the board.
    /// - Throws: ``GalleryError/notFound(_:)`` if the gallery is unknown or in the trash.
    func boardItems(in gallery: GalleryID, meeting rect: BoardRect, limit: Int) async throws -> BoardPage
    /// The rectangle around every item on the gallery's board (the places of its trashed items too), nil when none is
    /// on it; its cost grows with the items at the board's edges, not with the board.
    /// - Throws: ``GalleryError/notFound(_:)`` if the gallery is unknown or in the trash.
    func boardBounds(in gallery: GalleryID) async throws -> BoardRect?
    /// Puts the first `limit` live items of the gallery that are not on its board yet there, in gallery order, in
    /// rows of square cells below everything on the board: the one rule for free space (a view that shows the board
    /// asks for it). Items still loading wait until their size is known. One transaction; says how many, and whether
    /// more may be left (ask again). Its cost grows with the items changed since the last time it found none left,
    /// not with the gallery. Not an undoable action; a batch of at most ``PlacedRest/toldAtMost`` is a change of the
    /// gallery whose event carries the places (a bigger one changes only the board, read by region).
    /// - Throws: ``GalleryError/notFound(_:)`` if the gallery is unknown or in the trash.
    func placeRest(in gallery: GalleryID, atMost limit: Int) async throws -> PlacedRest
    /// The gallery's trashed items, the most recently trashed first (at most `limit`, 1...1000).
    func trashedItems(in gallery: GalleryID, limit: Int) async throws -> [Item]
    /// Takes items out of the trash, back to their old place, and returns them live again, in the given order.
    ///
    /// An item keeps its old order key when no live item has it; otherwise it gets a key right after the largest
    /// live key below its old one, so it lands between its old neighbours (or where they would be if they were
    /// deleted). Items restored together keep their relative order.
    /// - Throws: ``GalleryError/notFound(_:)`` if the gallery or an item is unknown or in another gallery;
    ///   ``GalleryError/invalid(_:)`` if an item is named twice or is not in the trash. Nothing changes then.
    func restoreItems(_ ids: [ItemID], in gallery: GalleryID, recordingFor session: HistorySession?) async throws
        -> [Item]
    /// Deletes the gallery's trashed items for good and returns how many; deletes the images no item (of any
    /// gallery, trashed or not) uses any more, and calls `removingFiles` with their hashes inside the same
    /// transaction, so that no item can be made ready with one of them meanwhile. If it throws, nothing changes.
    func emptyTrash(in gallery: GalleryID, removingFiles: @escaping @Sendable (_ unusedHashes: [String]) throws -> Void)
        async throws -> Int
    /// Every pending item, oldest first.
    func pendingItems() async throws -> [Item]
    /// Takes on the loading of pending items nobody is working on, and returns them, oldest first: those whose
    /// server's lease has run out (it stopped, or died), those made without a lease longer ago than a lease lasts,
    /// and, when no other server shares the database, every pending item another run of the server left. Items this
    /// server already works on are not returned. The items made by ``insertPendingItems(_:into:at:recordingFor:)``
    /// and ``markPendingForRetry(_:)`` are this server's from the start.
    func claimPendingItems() async throws -> [Item]
    /// Extends the leases of the pending items this server works on (a server renews them well before they run out
    /// while it runs), and lets go of those that are pending no more.
    func renewLeases() async throws
    /// The pending items this server works on, oldest first.
    func ownedPendingItems() async throws -> [Item]
    /// The stored image with this hash as it was recorded when an item first used it (its MIME type, size and byte
    /// count), or nil if none is recorded.
    func storedImage(hash: String) async throws -> StoredImage?
    /// Stored images whose thumbnails are not recorded yet (stored before they were), at most `limit` (1...1000).
    func imagesWithoutRecordedThumbnails(limit: Int) async throws -> [StoredImage]
    /// Records the widths of the thumbnails a stored image has (an empty list: none).
    func recordThumbnails(hash: String, widths: [Int]) async throws
    /// The ready items (trashed ones too) showing stored videos whose codec is not read yet (stored before it was) or
    /// whose copy browsers play is wanted, whose file's hash comes after `hash` (from the first when nil), at most
    /// `limit` (1...1000), ordered by that hash.
    func videosAwaitingPlayback(after hash: String?, limit: Int) async throws -> [Item]
    /// Records how a stored video plays (its codec, its copy's state); every item showing it changes, and its views
    /// are told. Returns those items as they are now (none when no file of this hash is stored).
    func recordVideoPlayback(hash: String, _ playback: VideoPlayback) async throws -> [Item]
    /// The hashes of stored images whose photo details are not read yet (stored before they were), after `hash` (from
    /// the first when nil), at most `limit` (1...1000), in order.
    func imagesAwaitingPhotoDetails(after hash: String?, limit: Int) async throws -> [String]
    /// Records what the camera wrote in a stored image (empty details: nothing).
    func recordPhotoDetails(hash: String, _ details: PhotoDetails) async throws
    /// Stored images shown by ready image items whose text is not read yet, whose hash comes after `hash` (from the
    /// first when nil), at most `limit` (1...1000), in hash order.
    func imagesAwaitingText(after hash: String?, limit: Int) async throws -> [StoredImage]
    /// How many items (live or not) are not in the search index yet: those kept before it was built, which
    /// ``indexForSearch(after:limit:)`` indexes a batch at a time. 0 once it is whole.
    func searchIndexBacklog() async throws -> Int
    /// Indexes for search up to `limit` (1...10,000) items not in the index yet whose id comes after `cursor` (from
    /// the first when nil), in id order, in one transaction (what is indexed stays: a build stopped resumes where it
    /// was). Returns how many it indexed and the id to go on after; nil when no item is left after `cursor`.
    func indexForSearch(after cursor: ItemID?, limit: Int) async throws -> (indexed: Int, next: ItemID?)
    /// Records the text read in a stored image ("" for none) on every image item showing it that has none yet.
    func recordImageText(hash: String, _ text: String) async throws
    /// The text read in an item's image: nil when it is not read (yet), or the item is no image; "" when it has none.
    func imageText(of id: ItemID) async throws -> String?

    /// The hashes of stored still images whose perceptual hash is not made yet (stored before it was, or while libvips
    /// was missing), after `hash` (from the first when nil), at most `limit` (1...1000), in order.
    func imagesAwaitingPerceptualHash(after hash: String?, limit: Int) async throws -> [String]
    /// Records a stored image's perceptual hash.
    func recordPerceptualHash(hash: String, _ perceptualHash: PerceptualHash) async throws
    /// The live ready images of `galleries` whose image is within `distance` bits of the image of `item` (the same
    /// bytes are at 0, hashed or not), nearest first (then newest first), at most `limit`; never `item` itself.
    /// Empty when `item` is no image. - Throws: ``GalleryError/notFound(_:)`` if the item is unknown.
    func similarItems(to item: ItemID, in galleries: [GalleryID], within distance: Int, limit: Int) async throws
        -> [SimilarItem]

    /// The live items of the request's galleries that match its words and phrases (and kind and tag), best first, a
    /// page at a time.
    func search(_ request: SearchRequest) async throws -> SearchPage
    /// The tags most used on the live items of `galleries`, read from the `sample` items tagged most recently (so that
    /// the cost is bounded whatever the size of the galleries), most used first (then by name), at most `limit`.
    func usedTags(in galleries: [GalleryID], sample: Int, limit: Int) async throws -> [TagUse]

    /// The gallery's events after change `sequence` (at most `limit`), or a reset if they are no longer kept.
    func events(in gallery: GalleryID, since sequence: Int64, limit: Int) async throws -> EventFeed
    /// A signal after every committed change of `gallery`, or of any gallery when nil (coalesced: a slow reader gets
    /// one signal for many).
    func changeSignals(in gallery: GalleryID?) -> AsyncStream<Void>
    /// Which galleries changed, after every committed change of any gallery (coalesced: a slow reader gets every
    /// gallery changed meanwhile once).
    func changedGalleries() -> ChangedGalleries

    /// What the session can undo and redo in the gallery.
    func history(in gallery: GalleryID, for session: HistorySession) async throws -> HistoryState
    /// The session's action an undo would undo in the gallery, if any.
    func undoableAction(in gallery: GalleryID, for session: HistorySession) async throws -> UndoableAction?
    /// Undoes (or redoes) the session's last action (or last undone action) in the gallery.
    ///
    /// A move or copy between galleries is in the history of the target and of every source gallery: undoing or
    /// redoing it from any of them does it for all of them.
    /// Every gallery the step would read or change must be one the person may change now (`mayChange`), or nothing
    /// is done.
    /// With `expecting`, the step is that entry's (``UndoableAction/entry``) or nothing: an Undo shown for one
    /// action never undoes another.
    /// - Throws: ``GalleryError/conflict(_:)`` when there is nothing to undo (redo), or the last action is not the
    ///   one expected; ``GalleryError/forbidden(_:)`` when the step touches a gallery `mayChange` refuses.
    func step(
        _ direction: HistoryDirection, in gallery: GalleryID, for session: HistorySession, expecting entry: Int64?,
        mayChange: @escaping @Sendable (GalleryID) -> Bool
    ) async throws -> HistoryOutcome
}

/// What a session can undo and redo in a gallery.
public struct HistoryState: Sendable, Equatable {
    /// The action an undo would undo.
    public var undo: HistoryEntry.Action?
    /// The action a redo would redo.
    public var redo: HistoryEntry.Action?

    /// Makes a state.
    public init(undo: HistoryEntry.Action?, redo: HistoryEntry.Action?) {
        self.undo = undo
        self.redo = redo
    }
}

/// The action an undo would undo, named so that exactly it can be undone, and told in words.
public struct UndoableAction: Sendable, Equatable {
    /// The number of its history entry (``GalleryStore/step(_:in:for:expecting:mayChange:)``'s `expecting`).
    public var entry: Int64
    /// What it did, as a person reads it: "Moved 3 items to 'Sky'", "Trashed 2 items".
    public var summary: String

    /// Makes one.
    public init(entry: Int64, summary: String) {
        self.entry = entry
        self.summary = summary
    }
}

/// What an undo or redo did.
public struct HistoryOutcome: Sendable, Equatable {
    /// What the user is told.
    public var message: String
    /// The history after it.
    public var state: HistoryState
    /// The items it placed, as they are now.
    public var items: [Item]

    /// Makes an outcome.
    public init(message: String, state: HistoryState, items: [Item]) {
        self.message = message
        self.state = state
        self.items = items
    }
}

extension GalleryStore {
    /// Undoes (or redoes) the session's last action (or last undone action) in the gallery, whichever it is.
    public func step(
        _ direction: HistoryDirection, in gallery: GalleryID, for session: HistorySession,
        mayChange: @escaping @Sendable (GalleryID) -> Bool
    ) async throws -> HistoryOutcome {
        try await step(direction, in: gallery, for: session, expecting: nil, mayChange: mayChange)
    }

    /// A signal after every committed change of any gallery.
    public func changeSignals() -> AsyncStream<Void> { changeSignals(in: nil) }

    /// Renames a gallery and/or changes its images per row or view, without recording it for undo.
    public func updateGallery(_ id: GalleryID, name: String?, imagesPerRow: Int?, view: GalleryView? = nil)
        async throws -> Gallery
    {
        try await updateGallery(id, name: name, imagesPerRow: imagesPerRow, view: view, recordingFor: nil)
    }

    /// Adds pending items, without recording it for undo.
    public func insertPendingItems(_ drafts: [ItemDraft], into gallery: GalleryID, at point: InsertionPoint)
        async throws -> [Item]
    {
        try await insertPendingItems(drafts, into: gallery, at: point, onBoard: nil, recordingFor: nil)
    }

    /// Adds pending items, not on the board yet.
    public func insertPendingItems(
        _ drafts: [ItemDraft], into gallery: GalleryID, at point: InsertionPoint, recordingFor session: HistorySession?
    ) async throws -> [Item] {
        try await insertPendingItems(drafts, into: gallery, at: point, onBoard: nil, recordingFor: session)
    }

    /// Moves items within or into a gallery, those from another gallery not on its board yet.
    public func moveItems(
        _ ids: [ItemID], to gallery: GalleryID, at point: InsertionPoint, recordingFor session: HistorySession?
    ) async throws -> [Item] {
        try await moveItems(ids, to: gallery, at: point, onBoard: nil, recordingFor: session)
    }

    /// Copies items into a gallery, not on its board yet.
    public func copyItems(
        _ ids: [ItemID], to gallery: GalleryID, at point: InsertionPoint, recordingFor session: HistorySession?
    ) async throws -> [Item] {
        try await copyItems(ids, to: gallery, at: point, onBoard: nil, recordingFor: session)
    }

    /// Moves items within or into a gallery, without recording it for undo.
    public func moveItems(_ ids: [ItemID], in gallery: GalleryID, to point: InsertionPoint) async throws -> [Item] {
        try await moveItems(ids, to: gallery, at: point, onBoard: nil, recordingFor: nil)
    }

    /// Moves an item to its gallery's trash, without recording it for undo.
    public func trashItem(_ id: ItemID) async throws -> Item { try await trashItem(id, recordingFor: nil) }

    /// Moves items to the trash, without recording it for undo.
    public func trashItems(_ ids: [ItemID], in gallery: GalleryID) async throws -> [Item] {
        try await trashItems(ids, in: gallery, recordingFor: nil)
    }

    /// Restores items from the trash, without recording it for undo.
    public func restoreItems(_ ids: [ItemID], in gallery: GalleryID) async throws -> [Item] {
        try await restoreItems(ids, in: gallery, recordingFor: nil)
    }
}
