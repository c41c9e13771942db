import BlobStore
import Foundation
import GalleryCore
import GalleryStoreSQL
import Hummingbird
import HummingbirdWebSocket
import Logging
import SafeFetch
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
    /// Accounts, roles and links.
    public let accounts: any AccountStore
    /// Sign-in and sessions.
    public let authenticator: Authenticator
    /// What is counted for `/metrics`.
    public let metrics: ServerMetrics
    /// The stored files served under `/media/`.
    let media: MediaLibrary
    /// Renders items, galleries and events as the API shows them (with what `ingestion` is loading).
    let presenter: Presenter

    var access: GalleryAccess { GalleryAccess(accounts: accounts) }

    init(
        store: any GalleryStore, blobs: BlobStore, ingestion: IngestionService, accounts: any AccountStore,
        authenticator: Authenticator, metrics: ServerMetrics, media: MediaLibrary
    ) {
        self.store = store
        self.blobs = blobs
        self.ingestion = ingestion
        self.accounts = accounts
        self.authenticator = authenticator
        self.metrics = metrics
        self.media = media
        presenter = Presenter(of: ingestion)
    }
}

/// Builds the whole application: database, image folder, fetcher, routes and background services.
/// - Parameter fetcher: the fetcher to use; nil for the live one (AsyncHTTPClient, with the configured address policy).
public func buildApplication(
    configuration: ServerConfiguration, fetcher: Fetcher? = nil, logger: Logger = Logger(label: "image-gallery")
) async throws -> some ApplicationProtocol {
    let parts = try await buildServices(configuration: configuration, fetcher: fetcher, logger: logger)
    let router = buildRouter(parts, configuration: configuration)
    if !configuration.requiresSignIn {
        say(
            "Image Gallery: sign-in is off (--no-auth): everyone who reaches this address acts as the owner",
            as: configuration.logFormat, logger: logger)
    } else if let token = try await parts.authenticator.makeSetupTokenIfNeeded() {
        say(
            "Image Gallery: set the owner's password at http://\(configuration.displayHost):\(configuration.port)/setup#token=\(token)",
            as: configuration.logFormat, logger: logger)
    }
    return Application(
        router: router,
        server: .guardedHTTP1WebSocketUpgrade(
            webSocketRouter: buildLiveRouter(parts, configuration: configuration), bounds: configuration.bounds,
            uncapped: configuration.proxyAddresses,
            media: MediaService(
                library: parts.media, rules: configuration.requestRules, authenticator: parts.authenticator,
                metrics: parts.metrics)),
        configuration: .init(
            address: .hostname(configuration.host, port: configuration.port),
            serverName: ServerConfiguration.serverName),
        services: [
            IngestionBackgroundService(
                ingestion: parts.ingestion, uploadPatience: configuration.uploadPatience,
                leaseDuration: configuration.leaseDuration)
        ],
        logger: logger)
}

/// Opens the data folder and makes the server's parts: database, accounts, image folder, fetcher and ingestion (with
/// the work a previous run left pending resumed, unless `resumingWork` is false: a command run beside a serving
/// server leaves its work alone).
public func buildServices(
    configuration: ServerConfiguration, fetcher: Fetcher? = nil, logger: Logger = Logger(label: "image-gallery"),
    resumingWork: Bool = true
) async throws -> GalleryServices {
    if let refusal = configuration.refusal { throw ConfigurationError(message: refusal) }
    try FileManager.default.createDirectory(at: configuration.dataDirectory, withIntermediateDirectories: true)
    let metrics = ServerMetrics()
    let database = try await configuration.openDatabase { seconds in metrics.statementRan(seconds: seconds) }
    let blobs = try BlobStore(root: configuration.blobDirectory)
    // No item is made ready with a file that emptying a trash has just removed.
    let store = SQLGalleryStore(
        database: database, blobExists: { hash in blobs.contains(hash: hash) },
        eventRetention: configuration.eventRetention, leaseDuration: configuration.leaseDuration)
    _ = try await store.firstGallery()  // the first run makes "My Gallery"
    let accounts = SQLAccountStore(database: database)
    let authenticator = Authenticator(
        accounts: accounts, owner: try await Authenticator.prepareOwner(accounts),
        isRequired: configuration.requiresSignIn, proxyAddresses: configuration.proxyAddresses)
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
        maximumPendingLoads: configuration.bounds.pendingLoads,
        maximumPendingLoadsPerPerson: configuration.bounds.pendingLoadsPerPerson, metrics: metrics)
    // Before any request is served: otherwise placeholders dropped right after the start would be taken for
    // leftovers of the last run (and uploads failed as interrupted while their bytes arrive).
    if resumingWork { await ingestion.resumePendingWork() }
    return GalleryServices(
        store: store, blobs: blobs, ingestion: ingestion, accounts: accounts, authenticator: authenticator,
        metrics: metrics, media: MediaLibrary(store: store, blobs: blobs, thumbnails: thumbnails))
}

/// The router: the JSON API, image bytes and the web client. Every request passes the guard (Host, Origin, path,
/// content type; safety headers on every answer), then sign-in; only the sign-in pages are reached without it.
public func buildRouter(_ parts: GalleryServices, configuration: ServerConfiguration) -> Router<AppRequestContext> {
    let router = Router(context: AppRequestContext.self)
    router.add(middleware: MetricsMiddleware(metrics: parts.metrics))
    router.add(middleware: RequestGuardMiddleware(rules: configuration.requestRules))
    router.add(middleware: ErrorMiddleware())
    router.add(middleware: SignInMiddleware(authenticator: parts.authenticator))
    router.add(middleware: WebFilesMiddleware(webRoot: configuration.webRoot))
    let access = parts.access
    let bounds = configuration.bounds
    HealthRoutes(store: parts.store).add(to: router)
    MetricsRoutes(metrics: parts.metrics).add(to: router)
    SessionRoutes(authenticator: parts.authenticator, jsonBodyBytes: bounds.jsonBodyBytes).add(to: router)
    AccountRoutes(authenticator: parts.authenticator, jsonBodyBytes: bounds.jsonBodyBytes).add(to: router)
    GalleryRoutes(
        store: parts.store, ingestion: parts.ingestion, presenter: parts.presenter, access: access,
        jsonBodyBytes: bounds.jsonBodyBytes
    ).add(to: router)
    GalleryItemRoutes(
        store: parts.store, ingestion: parts.ingestion, presenter: parts.presenter,
        limits: configuration.imageLimits, access: access, bounds: bounds
    ).add(to: router)
    TrashRoutes(
        store: parts.store, blobs: parts.blobs, thumbnails: parts.ingestion.thumbnails, presenter: parts.presenter,
        access: access, jsonBodyBytes: bounds.jsonBodyBytes
    ).add(to: router)
    ItemRoutes(store: parts.store, ingestion: parts.ingestion, presenter: parts.presenter, access: access)
        .add(to: router)
    NoteRoutes(store: parts.store, presenter: parts.presenter, access: access, jsonBodyBytes: bounds.jsonBodyBytes)
        .add(to: router)
    BoardRoutes(store: parts.store, presenter: parts.presenter, access: access, jsonBodyBytes: bounds.jsonBodyBytes)
        .add(to: router)
    DescriptionRoutes(
        store: parts.store, presenter: parts.presenter, access: access, jsonBodyBytes: bounds.jsonBodyBytes
    ).add(to: router)
    TurnRoutes(store: parts.store, presenter: parts.presenter, access: access, jsonBodyBytes: bounds.jsonBodyBytes)
        .add(to: router)
    SearchRoutes(
        store: parts.store, presenter: parts.presenter, access: access, indexing: parts.ingestion.searchIndex
    ).add(to: router)
    SavedSearchRoutes(access: access, jsonBodyBytes: bounds.jsonBodyBytes).add(to: router)
    SimilarRoutes(store: parts.store, presenter: parts.presenter, access: access).add(to: router)
    ShareRoutes(access: access, jsonBodyBytes: bounds.jsonBodyBytes).add(to: router)
    ArchiveRoutes(
        store: parts.store, blobs: parts.blobs, ingestion: parts.ingestion, presenter: parts.presenter,
        access: access, bounds: bounds
    ).add(to: router)
    DownloadRoutes(store: parts.store, blobs: parts.blobs, access: access).add(to: router)
    MediaRoutes(library: parts.media).add(to: router)
    WebRoutes(store: parts.store, access: access, webRoot: configuration.webRoot).add(to: router)
    return router
}

/// The router of WebSocket upgrades: the live feeds of galleries, behind the same guard and sign-in.
public func buildLiveRouter(_ parts: GalleryServices, configuration: ServerConfiguration)
    -> Router<AppWebSocketRequestContext>
{
    let router = Router(context: AppWebSocketRequestContext.self)
    router.add(middleware: RequestGuardMiddleware(rules: configuration.requestRules, guardsUpgrades: true))
    router.add(middleware: ErrorMiddleware())
    router.add(middleware: SignInMiddleware(authenticator: parts.authenticator))
    LiveRoutes(
        store: parts.store, progress: parts.presenter.progress,
        events: LiveEventCache(store: parts.store, presenter: parts.presenter), access: parts.access,
        authenticator: parts.authenticator, metrics: parts.metrics
    ).add(to: router)
    return router
}

/// A configuration the server refuses to start with.
public struct ConfigurationError: Error, CustomStringConvertible {
    /// What is wrong and how to fix it.
    public let message: String
    /// The message.
    public var description: String { message }
}

extension ServerConfiguration {
    /// The server's name in every answer's `Server` header.
    static let serverName = "image-gallery"

    var requestRules: RequestRules { RequestRules(allowedHosts: Set(allowedHosts.map { $0.lowercased() })) }

    /// The host as a browser would write it in an address.
    var displayHost: String {
        if host == "0.0.0.0" || host == "::" { return "127.0.0.1" }
        return host.contains(":") ? "[\(host)]" : host
    }
}

/// Renews this server's leases on loading and takes on what other servers left, three times per lease; fails
/// abandoned uploads now and then; stops the loading jobs at shutdown.
struct IngestionBackgroundService: Service {
    let ingestion: IngestionService
    let uploadPatience: TimeInterval
    let leaseDuration: TimeInterval

    func run() async throws {
        await cancelWhenGracefulShutdown {
            let beat = max(0.1, leaseDuration / 3)
            var sinceUploadCheck: TimeInterval = 0
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(Int(beat * 1000)))
                await ingestion.keepLeases()
                sinceUploadCheck += beat
                if sinceUploadCheck >= 30 {
                    sinceUploadCheck = 0
                    await ingestion.failAbandonedUploads(olderThan: uploadPatience)
                }
            }
        }
        ingestion.jobs.cancelAll()
        ingestion.videoCopies.stop()
        ingestion.imageText.stop()
        ingestion.searchIndex.stop()
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
