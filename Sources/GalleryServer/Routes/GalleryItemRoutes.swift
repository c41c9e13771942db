import DragAndDrop
import Foundation
import GalleryCore
import Hummingbird
import MediaProbe
import SafeFetch

/// `/api/galleries/{id}/…`: a gallery's items in pages, its changes and events, drops into it, and moves and copies
/// into it (from it or from other galleries).
struct GalleryItemRoutes<Context: IdentifiedRequestContext> {
    let store: any GalleryStore
    let ingestion: IngestionService
    /// Renders items, galleries and events as the API shows them.
    let presenter: Presenter
    let limits: ImageLimits
    let access: GalleryAccess
    let bounds: ServerConfiguration.Bounds
    /// Only a few drop bodies are held and decoded at once (each may carry images inline as `data:` URLs).
    let dropDecodes: ConcurrencyLimiter
    /// Only a few windows of items are read and encoded at once.
    let windowReads: ConcurrencyLimiter

    init(
        store: any GalleryStore, ingestion: IngestionService, presenter: Presenter, limits: ImageLimits,
        access: GalleryAccess, bounds: ServerConfiguration.Bounds
    ) {
        self.store = store
        self.ingestion = ingestion
        self.presenter = presenter
        self.limits = limits
        self.access = access
        self.bounds = bounds
        self.dropDecodes = ConcurrencyLimiter(
            permits: bounds.concurrentDropDecodes, maximumWaiting: bounds.waitingDropDecodes,
            patience: bounds.dropDecodePatience)
        self.windowReads = ConcurrencyLimiter(
            permits: bounds.concurrentWindowReads, maximumWaiting: 1000, patience: .seconds(30))
    }

    func add(to router: Router<Context>) {
        let galleries = router.group("api/galleries")
        galleries.get(":gallery/items") { request, context in
            let id: GalleryID = try context.parameters.typedID("gallery", what: "gallery")
            let role = try await access.require(.view, in: id, for: context.identity)
            let start = try ItemPage.Start(query: request.uri.queryParameters)
            let limit = request.uri.queryParameters.get("limit").flatMap { Int($0) } ?? 500
            return try await windowReads.withPermit {
                // The gallery first: its sequence is then one the page already includes, so that events after it
                // bring the view up to date.
                let gallery = try await store.gallery(id)
                // At most so many bytes as well as items: a page cut short says where to go on.
                let page = ItemPageBudget(bytes: bounds.itemPageBytes).cut(
                    try await store.items(in: id, from: start, limit: limit), for: start)
                // Encoded while the permit is held: the encoding is what takes the memory.
                return try ItemPageResponse(
                    gallery: presenter.response(for: gallery, role: role), items: page.items.map(response),
                    position: page.position, count: page.count, nextCursor: page.nextCursor?.rawValue,
                    previousCursor: page.previousCursor?.rawValue
                ).response(from: request, context: context)
            }
        }
        galleries.get(":gallery/changes") { request, context in
            let id = try await access.gallery(request, context)
            let since = request.uri.queryParameters.get("since").flatMap { Int64($0) } ?? 0
            // Bounded like a page of items, in count and bytes, and cut where a change ends: `through` says where
            // the next read goes on.
            let limit = ItemPageBudget.changesLimit
            let changes = try await store.changes(in: id, since: since, limit: limit + 1)
            let kept = ItemPageBudget(bytes: bounds.itemPageBytes).cut(
                changes: changes.items, since: since, limit: limit, through: changes.gallery.sequence)
            return ChangesResponse(
                gallery: presenter.response(for: changes.gallery), items: kept.items.map(response),
                through: kept.through, complete: kept.isComplete,
                progress: presenter.progress.entries(in: id))
        }
        galleries.get(":gallery/events") { request, context in
            let id = try await access.gallery(request, context)
            guard let since = request.uri.queryParameters.get("since").flatMap({ Int64($0) }) else {
                throw GalleryError.invalid("'since' must be the number of the last change the view has.")
            }
            switch try await store.events(in: id, since: since, limit: 1000) {
            case .events(let events, let gallery):
                return EventsResponse(
                    gallery: presenter.response(for: gallery), events: events.map(presenter.response(for:)),
                    reset: false)
            case .reset(let gallery):
                return EventsResponse(gallery: presenter.response(for: gallery), events: [], reset: true)
            }
        }
        galleries.post(":gallery/moves") { request, context in
            let id = try await access.gallery(request, context)
            let body = try await request.decodeJSON(as: MoveRequest.self, limit: bounds.jsonBodyBytes)
            let named = try body.validated()
            let arrival = try body.boardArrival()
            // Moving takes items out of their galleries: those must be changeable too (a run's are its ends').
            let ids =
                switch named {
                case .named(let ids): ids
                case .run(let run): [run.firstItemId, run.lastItemId]
                }
            try await access.require(.edit, items: ids, for: context.identity)
            let session = try request.historySession(for: context.identity)
            switch named {
            case .named(let ids):
                let moved = try await store.moveItems(
                    ids, to: id, at: try body.insertionPoint(), onBoard: arrival, recordingFor: session)
                return try await store.recorded(ItemListResponse(items: moved.map(response)), in: id, for: session)
                    .response(from: request, context: context)
            case .run(let run):
                let moved = try await store.moveItems(
                    from: run.firstItemId, through: run.lastItemId, count: run.count, to: id,
                    at: try body.insertionPoint(), onBoard: arrival, recordingFor: session)
                return try await store.recorded(
                    MovedRunResponse(moved: moved.count, sequence: moved.sequence), in: id, for: session
                ).response(from: request, context: context)
            }
        }
        galleries.post(":gallery/copies") { request, context in
            let id = try await access.gallery(request, context)
            let body = try await request.decodeJSON(as: MoveRequest.self, limit: bounds.jsonBodyBytes)
            let ids = try body.validatedIDs()
            let arrival = try body.boardArrival()
            try await access.require(.view, items: ids, for: context.identity)
            // Copies of links still loading load again: room for them first, or nothing is copied.
            // (Found the way a gallery's copy finds them: among the few items loading, not item by item.)
            let wanted = Set(ids)
            let loading = try await store.pendingItems().filter { wanted.contains($0.id) }
            let session = try request.historySession(for: context.identity)
            let loaded = try await ingestion.withReservedLoads(
                IngestionService.loadsToCopy(loading), for: GalleryAccess.person(context)
            ) { reservation in
                let copies = try await store.copyItems(
                    ids, to: id, at: try body.insertionPoint(), onBoard: arrival, recordingFor: session)
                return await ingestion.startLoadingCopies(copies, in: reservation)
            }
            return EditedResponse(
                status: .created,
                response: try await store.recorded(ItemListResponse(items: loaded.map(response)), in: id, for: session))
        }
        galleries.post(":gallery/drops") { request, context in
            let id = try await access.gallery(request, context)
            let session = try request.historySession(for: context.identity)
            // The gallery first: a drop into an unknown gallery, or one in the trash, is refused before its body is
            // read. Then its declared size, then its turn among the few drops decoded at once.
            let gallery = try await store.gallery(id)
            guard gallery.trashedAt == nil else {
                throw GalleryError.notFound("The gallery '\(gallery.name)' is in the trash of galleries.")
            }
            try request.refuseDeclaredBody(over: bounds.dropBodyBytes, uploadAdvice: true)
            let (drop, sources) = try await dropDecodes.withPermit {
                let drop = try await request.decodeJSON(
                    as: DropRequest.self, limit: bounds.dropBodyBytes, uploadAdvice: true)
                // Inline `data:` images are decoded here, inside the permit, too.
                // One more than a drop may add, to tell a drop that holds too many from one that is full.
                return (drop, DropPayloadReader.sources(in: drop.payload, limit: DropPayloadReader.maximumItems + 1))
            }
            return try await self.drop(
                drop, sources: sources, into: id, by: GalleryAccess.person(context),
                addedBy: context.identity?.user?.id, recordingFor: session)
        }
    }

    /// Adds a drop's items; `person` (a user id) is whose loads they count among, `addedBy` the account adding them.
    func drop(
        _ drop: DropRequest, sources: [DropSource], into gallery: GalleryID, by person: String, addedBy: UserID?,
        recordingFor session: HistorySession?
    ) async throws -> EditedResponse<RecordedResponse<DropResponse>> {
        let point = try drop.insertionPoint()
        let arrival = try drop.boardArrival()
        guard !sources.isEmpty else {
            throw GalleryError.invalid(
                "Nothing in this drop can be added: drop files, links, text, or images from a web page.")
        }
        // A drop holding more than it may add is refused whole, never cut (`sources` holds one more to tell).
        let limit = DropPayloadReader.maximumItems
        guard sources.count <= limit else {
            let files = drop.payload.files.count
            let held = files > limit ? "\(files.grouped) files" : "more than \(limit.grouped)"
            throw GalleryError.invalid(
                "A drop or paste adds at most \(limit.grouped) items at once; this one holds \(held). Nothing was "
                    + "added: drop them in parts of \(limit.grouped) or fewer, or add a folder with "
                    + "'image-gallery import'.")
        }
        // A note's text is checked before anything is added: a drop with a note too long adds nothing.
        for case .text(let text) in sources { _ = try NoteText.validated(text) }
        let loads = sources.filter(\.isLoadedByTheServer).count
        // Room for its links and inline images first: a drop that would go past the limit changes nothing.
        return try await ingestion.withReservedLoads(loads, for: person) { reservation in
            let drafts = sources.map { source in
                var draft = Self.draft(for: source)
                draft.addedBy = addedBy
                return draft
            }
            let items = try await store.insertPendingItems(
                drafts, into: gallery, at: point, onBoard: arrival, recordingFor: session)
            var uploads: [DropResponse.Upload] = []
            var settled: [Item] = []
            for (item, source) in zip(items, sources) {
                var current = item
                switch source {
                case .file(let fileIndex, _, let type, let size, _):
                    // What the browser says of a file: an image is held to an image's limit, anything else (a
                    // video, an unknown type) to a video's at most; its first bytes decide once it is uploaded.
                    let limit = type.hasPrefix("image/") ? limits.maximumBytes : limits.maximumAnyBytes
                    if size > limit {
                        current = try await ingestion.fail(item.id, .tooLarge(limitBytes: limit))
                    } else {
                        uploads.append(
                            .init(
                                itemId: item.id.rawValue, fileIndex: fileIndex,
                                uploadURL: "/api/items/\(item.id)/content"))
                    }
                case .remote: reservation.startFetching(item)
                case .inline(let data, _): reservation.startStoringInline(item, data: data)
                case .text: break  // a note is ready as it is made
                }
                settled.append(current)
            }
            let answer = DropResponse(items: settled.map(response), uploads: uploads)
            return EditedResponse(
                status: .created, response: try await store.recorded(answer, in: gallery, for: session))
        }
    }

    static func draft(for source: DropSource) -> ItemDraft {
        switch source {
        case .file(_, let name, _, _, let sourceURL):
            let unwrapped = sourceURL.map(URLUnwrapping.imageURL(for:))
            return ItemDraft(
                origin: .upload, sourceURL: unwrapped?.absoluteString, title: ItemTitle.make(fromFileName: name))
        case .remote(let url):
            let unwrapped = URLUnwrapping.imageURL(for: url).absoluteString
            return ItemDraft(origin: .remote, sourceURL: unwrapped, title: ItemTitle.make(fromURL: unwrapped))
        case .inline:
            return ItemDraft(origin: .inline, sourceURL: nil, title: "Dropped image")
        case .text(let text):
            return ItemDraft(note: text)
        }
    }

    func response(_ item: Item) -> ItemResponse { presenter.response(for: item) }

}

extension DropSource {
    /// Whether the server loads this item's bytes itself (a link it fetches, an inline image it stores), rather than
    /// waiting for the browser to upload a file.
    fileprivate var isLoadedByTheServer: Bool {
        switch self {
        case .file, .text: false
        case .remote, .inline: true
        }
    }
}
