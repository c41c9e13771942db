import BlobStore
import Foundation
import GalleryCore
import Hummingbird
import NIOCore

/// A gallery as one file: `GET /api/galleries/{id}/export` sends its archive (``GalleryExport``), and
/// `POST /api/galleries/import` makes a new gallery, the sender's, of one (``GalleryImport``). Both pass through a
/// file in the image folder's incoming area, never the memory; the import's body is bounded as it arrives.
struct ArchiveRoutes<Context: IdentifiedRequestContext> {
    let store: any GalleryStore
    let blobs: BlobStore
    let ingestion: IngestionService
    /// Renders the gallery an import made as the API shows them.
    let presenter: Presenter
    let access: GalleryAccess
    /// The largest archive taken.
    let importBytes: Int64
    /// Only a few imports (one by default) read, check and make their galleries at once; a few more wait their turn.
    let imports: ConcurrencyLimiter

    /// The routes, within `bounds` (``ServerConfiguration/Bounds/importBytes`` and the imports at once).
    init(
        store: any GalleryStore, blobs: BlobStore, ingestion: IngestionService, presenter: Presenter,
        access: GalleryAccess, bounds: ServerConfiguration.Bounds
    ) {
        self.store = store
        self.blobs = blobs
        self.ingestion = ingestion
        self.presenter = presenter
        self.access = access
        self.importBytes = bounds.importBytes
        self.imports = Self.importLimiter(within: bounds)
    }

    /// The turns of imports: ``ServerConfiguration/Bounds/concurrentImports`` at once, a few waiting, the rest
    /// refused with ``BoundsError/importsBusy(retryAfterSeconds:)``.
    static func importLimiter(within bounds: ServerConfiguration.Bounds) -> ConcurrencyLimiter {
        ConcurrencyLimiter(
            permits: bounds.concurrentImports, maximumWaiting: bounds.waitingImports, patience: bounds.importPatience,
            refusal: BoundsError.importsBusy)
    }

    func add(to router: Router<Context>) {
        let galleries = router.group("api/galleries")
        galleries.get(":gallery/export") { request, context in
            // Anyone given the gallery may take it whole (they may duplicate it too); a read-only link only shows it.
            _ = try GalleryAccess.user(context)
            let id = try await access.gallery(request, context, needs: .view)
            let file = blobs.temporaryFileURL()
            defer { try? FileManager.default.removeItem(at: file) }
            let summary = try await GalleryExport(store: store, blobs: blobs).write(id, to: file)
            // Opened, then unlinked: the bytes stay readable until they are sent, and nothing is left behind.
            let handle = try FileHandle(forReadingFrom: file)
            let size = try handle.seekToEnd()
            try handle.seek(toOffset: 0)
            var headers = HTTPFields()
            headers[.contentType] = "application/zip"
            headers[.contentDisposition] = Self.attachment(named: summary.name)
            headers[.cacheControl] = "no-store"
            return Response(
                status: .ok, headers: headers,
                body: ResponseBody(contentLength: Int(size)) { writer in
                    defer { try? handle.close() }
                    while let chunk = try handle.read(upToCount: 256 * 1024), !chunk.isEmpty {
                        try await writer.write(ByteBuffer(bytes: chunk))
                    }
                    try await writer.finish(nil)
                })
        }
        galleries.post("import") { request, context in
            let user = try GalleryAccess.user(context)
            let file = blobs.temporaryFileURL()
            defer { try? FileManager.default.removeItem(at: file) }
            try await receive(request, into: file)
            // Its turn among the imports: the reading and checking run on a thread of their own meanwhile.
            let summary = try await imports.withPermit {
                try await GalleryImport(store: store, ingestion: ingestion).importArchive(at: file)
            }
            try await access.accounts.setRole(.owner, of: user.id, in: summary.gallery.id)
            // What was still loading where it was exported loads again here.
            if summary.loading > 0 {
                for item in try await store.pendingItems() where item.galleryID == summary.gallery.id {
                    ingestion.startFetching(item)
                }
            }
            return EditedResponse(
                status: .created,
                response: ImportResponse(
                    gallery: presenter.response(for: summary.gallery, role: .owner), items: summary.items,
                    files: summary.files, skipped: summary.skipped))
        }
    }

    /// Writes the request's body to `file`, refusing one over ``importBytes`` (by its declared length at once, else as
    /// soon as it passes the limit), and one that is not a zip as soon as its first bytes say so
    /// (``ZipSignature/verdict(first:)``): its answer goes before the rest arrives, and nothing of it is kept.
    func receive(_ request: Request, into file: URL) async throws {
        let limit = importBytes
        let tooLarge = BoundsError.bodyTooLarge(limitBytes: Int(limit), uploadAdvice: false)
        if let declared = request.headers[.contentLength].flatMap({ Int64($0) }), declared > limit { throw tooLarge }
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw GalleryError.conflict("The server cannot take files now.")
        }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        var received: Int64 = 0
        var first: [UInt8] = []
        for try await chunk in request.body {
            if first.count < ZipSignature.headLength {
                first += chunk.readableBytesView.prefix(ZipSignature.headLength - first.count)
                if ZipSignature.verdict(first: first) == .notZip { throw ZipSignature.refusal }
            }
            received += Int64(chunk.readableBytes)
            if received > limit { throw tooLarge }
            try handle.write(contentsOf: chunk.readableBytesView)
        }
        guard received > 0 else { throw GalleryError.invalid("Send the gallery archive (a .zip) as the body.") }
        guard ZipSignature.verdict(first: first) == .zip else { throw ZipSignature.refusal }
    }

    /// The attachment naming the gallery's zip, by the rule every download follows (``DownloadName``).
    static func attachment(named name: String) -> String {
        DownloadName.contentDisposition(title: name, fileExtension: "zip")
    }
}

/// What `POST /api/galleries/import` answers: the new gallery, how many items and files it got, and what was left
/// out.
struct ImportResponse: ResponseEncodable {
    var gallery: GalleryResponse
    var items: Int
    var files: Int
    var skipped: [String]
}
