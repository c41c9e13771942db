import BlobStore
import Foundation
import GalleryCore
import GalleryStoreSQLite
import Hummingbird
import HummingbirdWebSocket
import Logging
import ServiceLifecycle
import Synchronization

/// The parts of a running server.
public struct GalleryServices: Sendable {
    /// Galleries and items.
    public let store: any GalleryStore
    /// Image files.
    public let blobs: BlobStore
    /// Loading of pending items.
    public let ingestion: IngestionService
}

/// Builds the whole application: database, image folder, fetcher, routes and background services.
/// - Parameter fetcher: the fetcher to use; nil for the live one (AsyncHTTPClient, with the configured address policy).
public func buildApplication(
    configuration: ServerConfiguration, fetcher: Fetcher? = nil, logger: Logger = Logger(label: "image-gallery")
) async throws -> some ApplicationProtocol {
    try FileManager.default.createDirectory(at: configuration.dataDirectory, withIntermediateDirectories: true)
    let database = try AppDatabase.open(atPath: configuration.databasePath)
    let blobs = try BlobStore(root: configuration.blobDirectory)
    // No item is made ready with a file that emptying a trash has just removed.
    let store = SQLiteGalleryStore(
        database: database, blobExists: { hash in blobs.contains(hash: hash) },
        eventRetention: configuration.eventRetention)
    _ = try await store.lastOpenedGallery()  // the first run makes "My Gallery"
    var services: [any Service] = []
    let liveFetcher: Fetcher
    if let fetcher {
        liveFetcher = fetcher
    } else {
        liveFetcher = .live(resolver: .system, policy: AddressPolicy(allowed: configuration.fetchAllow))
    }
    let thumbnails = ThumbnailService(imageFolder: configuration.blobDirectory, logger: logger)
    if !thumbnails.isEnabled { ThumbnailNotice.printOnce() }
    let ingestion = IngestionService(
        store: store, blobs: blobs, fetcher: liveFetcher, limits: configuration.imageLimits,
        fetchLimits: configuration.fetchLimits, logger: logger, thumbnails: thumbnails,
        maximumPendingLoads: configuration.bounds.pendingLoads)
    // Before any request is served: otherwise placeholders dropped right after the start would be taken for
    // leftovers of the last run (and uploads failed as interrupted while their bytes arrive).
    await ingestion.resumePendingWork()
    services.append(IngestionBackgroundService(ingestion: ingestion, uploadPatience: configuration.uploadPatience))
    let parts = GalleryServices(store: store, blobs: blobs, ingestion: ingestion)
    let router = buildRouter(parts, configuration: configuration)
    return Application(
        router: router,
        server: .guardedHTTP1WebSocketUpgrade(webSocketRouter: buildLiveRouter(parts), bounds: configuration.bounds),
        configuration: .init(
            address: .hostname(configuration.host, port: configuration.port), serverName: "image-gallery"),
        services: services,
        logger: logger)
}

/// The router: the JSON API, image bytes and the web client.
public func buildRouter(_ parts: GalleryServices, configuration: ServerConfiguration) -> Router<BasicRequestContext> {
    let router = Router(context: BasicRequestContext.self)
    router.add(middleware: ErrorMiddleware())
    router.add(
        middleware: FileMiddleware(
            configuration.webRoot.path, cacheControl: .init([(MediaType(type: .any), [.noCache])]),
            searchForIndexHtml: false))
    let bounds = configuration.bounds
    GalleryRoutes(store: parts.store, ingestion: parts.ingestion, jsonBodyBytes: bounds.jsonBodyBytes).add(to: router)
    GalleryItemRoutes(store: parts.store, ingestion: parts.ingestion, limits: configuration.imageLimits, bounds: bounds)
        .add(to: router)
    TrashRoutes(store: parts.store, blobs: parts.blobs, ingestion: parts.ingestion, jsonBodyBytes: bounds.jsonBodyBytes)
        .add(to: router)
    ItemRoutes(store: parts.store, ingestion: parts.ingestion).add(to: router)
    MediaRoutes(blobs: parts.blobs, thumbnails: parts.ingestion.thumbnails).add(to: router)
    WebRoutes(store: parts.store, webRoot: configuration.webRoot).add(to: router)
    return router
}

/// The router of WebSocket upgrades: the live feeds of galleries.
public func buildLiveRouter(_ parts: GalleryServices) -> Router<BasicWebSocketRequestContext> {
    let router = Router(context: BasicWebSocketRequestContext.self)
    LiveRoutes(store: parts.store, ingestion: parts.ingestion).add(to: router)
    return router
}

/// Fails abandoned uploads now and then; stops the loading jobs at shutdown.
struct IngestionBackgroundService: Service {
    let ingestion: IngestionService
    let uploadPatience: TimeInterval

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(30))
                await ingestion.failAbandonedUploads(olderThan: uploadPatience)
            }
        }
        ingestion.jobs.cancelAll()
    }
}

/// The one line saying thumbnails are off, printed once per process.
enum ThumbnailNotice {
    private static let printed = Atomic<Bool>(false)

    static func printOnce() {
        guard !printed.exchange(true, ordering: .relaxed) else { return }
        let line = "Image Gallery: libvips not found; serving original images (install libvips42 for thumbnails)\n"
        FileHandle.standardOutput.write(Data(line.utf8))
    }
}
