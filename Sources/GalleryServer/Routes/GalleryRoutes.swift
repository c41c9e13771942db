import DragAndDrop
import Foundation
import GalleryCore
import Hummingbird

/// `/api/galleries`: the galleries, their items in pages, their changes, drops into them and moves within them.
struct GalleryRoutes<Context: RequestContext> {
    let store: any GalleryStore
    let ingestion: IngestionService
    let limits: ImageLimits

    /// The largest drop request accepted (a drop may carry an image inline as a data: URL).
    static var maximumDropRequestBytes: Int { 80 * 1024 * 1024 }

    func add(to router: Router<Context>) {
        let galleries = router.group("api/galleries")
        galleries.get { _, _ in
            GalleryListResponse(galleries: try await store.galleries().map(GalleryResponse.init))
        }
        galleries.post { request, context in
            let body = try await request.decode(as: CreateGalleryRequest.self, context: context)
            let gallery = try await store.createGallery(named: body.name)
            return EditedResponse(status: .created, response: GalleryResponse(gallery))
        }
        galleries.get(":gallery") { _, context in
            GalleryResponse(try await store.gallery(try Self.galleryID(context)))
        }
        galleries.patch(":gallery") { request, context in
            let id = try Self.galleryID(context)
            let body = try await request.decode(as: UpdateGalleryRequest.self, context: context)
            guard body.name != nil || body.imagesPerRow != nil else {
                throw GalleryError.invalid("Nothing to change: send 'name' and/or 'imagesPerRow'.")
            }
            return GalleryResponse(try await store.updateGallery(id, name: body.name, imagesPerRow: body.imagesPerRow))
        }
        galleries.get(":gallery/items") { request, context in
            let id = try Self.galleryID(context)
            let query = request.uri.queryParameters
            var cursor: OrderKey?
            if let text = query.get("cursor"), !text.isEmpty {
                guard let key = OrderKey(rawValue: text) else {
                    throw GalleryError.invalid("'cursor' is not a valid cursor.")
                }
                cursor = key
            }
            let limit = query.get("limit").flatMap { Int($0) } ?? 500
            let page = try await store.items(in: id, after: cursor, limit: limit)
            let gallery = try await store.gallery(id)
            return ItemPageResponse(
                gallery: GalleryResponse(gallery), items: page.items.map(response),
                nextCursor: page.nextCursor?.rawValue)
        }
        galleries.get(":gallery/changes") { request, context in
            let id = try Self.galleryID(context)
            let since = request.uri.queryParameters.get("since").flatMap { Int64($0) } ?? 0
            let changes = try await store.changes(in: id, since: since)
            return ChangesResponse(
                gallery: GalleryResponse(changes.gallery), items: changes.items.map(response),
                progress: ingestion.progress.entries(in: id))
        }
        galleries.post(":gallery/moves") { request, context in
            let id = try Self.galleryID(context)
            let body = try await request.decode(as: MoveRequest.self, context: context)
            let ids = try body.validatedIDs()
            let moved = try await store.moveItems(ids, in: id, to: try body.insertionPoint())
            return ItemListResponse(items: moved.map(response))
        }
        galleries.post(":gallery/drops") { request, context in
            let id = try Self.galleryID(context)
            let buffer = try await request.body.collect(upTo: Self.maximumDropRequestBytes)
            let drop = try JSONDecoder().decode(DropRequest.self, from: Data(buffer.readableBytesView))
            return try await self.drop(drop, into: id)
        }
    }

    func drop(_ drop: DropRequest, into gallery: GalleryID) async throws -> EditedResponse<DropResponse> {
        let point = try drop.insertionPoint()
        let sources = DropPayloadReader.sources(in: drop.payload)
        guard !sources.isEmpty else {
            throw GalleryError.invalid(
                "Nothing in this drop can be added: drop image files, links to images, or images from a web page.")
        }
        let drafts = sources.map(Self.draft(for:))
        let items = try await store.insertPendingItems(drafts, into: gallery, at: point)
        var uploads: [DropResponse.Upload] = []
        var settled: [Item] = []
        for (item, source) in zip(items, sources) {
            var current = item
            switch source {
            case .file(let fileIndex, _, _, let size, _):
                if size > limits.maximumBytes {
                    current = try await ingestion.fail(item.id, .tooLarge(limitBytes: limits.maximumBytes))
                } else {
                    uploads.append(
                        .init(
                            itemId: item.id.rawValue, fileIndex: fileIndex, uploadURL: "/api/items/\(item.id)/content"))
                }
            case .remote:
                ingestion.startFetching(item)
            case .inline(let data, _):
                ingestion.startStoringInline(item, data: data)
            }
            settled.append(current)
        }
        return EditedResponse(status: .created, response: DropResponse(items: settled.map(response), uploads: uploads))
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
        }
    }

    func response(_ item: Item) -> ItemResponse { ingestion.response(for: item) }

    static func galleryID(_ context: Context) throws -> GalleryID {
        try context.parameters.typedID("gallery", what: "gallery")
    }
}
