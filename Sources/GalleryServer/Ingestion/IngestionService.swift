import BlobStore
import Foundation
import GalleryCore
import Logging
import MediaProbe
import Synchronization

/// Loads the data of pending items: fetches URLs, takes uploads and inline bytes, checks and stores the image, and
/// turns each placeholder into a ready or failed item.
public final class IngestionService: Sendable {
    let store: any GalleryStore
    let blobs: BlobStore
    let fetcher: Fetcher
    let limits: ImageLimits
    let fetchLimits: Fetcher.Limits
    let logger: Logger
    /// Thumbnails of ready images.
    public let thumbnails: ThumbnailService
    /// Progress of items being loaded (and of videos' copies being made).
    public let progress = ProgressBoard()
    /// The copies browsers play of videos they do not.
    public let videoCopies: VideoCopyService
    /// The text printed in images, read in the background.
    public let imageText: ImageTextService
    /// The search index of the items kept before it existed, built in the background.
    public let searchIndex: SearchIndexBuilder
    let jobs: JobRegistry
    /// Counts the items that finished loading.
    let metrics: ServerMetrics

    /// Makes the service; with no thumbnail service, one on the image folder (enabled when libvips is installed).
    /// New drops may add loads while fewer than `maximumPendingLoads` run. Videos browsers do not play get copies
    /// when ffmpeg is installed, unless `makesVideoCopies` says otherwise; images are read for text when Tesseract is,
    /// unless `readsImageText` says otherwise.
    public init(
        store: any GalleryStore, blobs: BlobStore, fetcher: Fetcher, limits: ImageLimits,
        fetchLimits: Fetcher.Limits, logger: Logger, thumbnails: ThumbnailService? = nil,
        maximumPendingLoads: Int = ServerConfiguration.Bounds().pendingLoads,
        maximumPendingLoadsPerPerson: Int = ServerConfiguration.Bounds().pendingLoadsPerPerson,
        metrics: ServerMetrics = ServerMetrics(), makesVideoCopies: Bool? = nil, readsImageText: Bool? = nil
    ) {
        self.metrics = metrics
        self.jobs = JobRegistry(limit: maximumPendingLoads, perPersonLimit: maximumPendingLoadsPerPerson)
        self.thumbnails = thumbnails ?? ThumbnailService(imageFolder: blobs.root, logger: logger)
        self.store = store
        self.blobs = blobs
        self.fetcher = fetcher
        self.limits = limits
        self.fetchLimits = fetchLimits
        self.logger = logger
        videoCopies = VideoCopyService(
            store: store, blobs: blobs, thumbnails: self.thumbnails, progress: progress, logger: logger,
            isEnabled: makesVideoCopies)
        imageText = ImageTextService(
            store: store, blobs: blobs, thumbnails: self.thumbnails, logger: logger, isEnabled: readsImageText)
        searchIndex = SearchIndexBuilder(store: store, logger: logger)
    }

    /// Sets aside room for `count` new loads of `person`, to be started with `reservedFor: person`.
    /// - Throws: ``BoundsError/tooManyLoads(limit:retryAfterSeconds:)`` when they would go past the limit,
    ///   ``BoundsError/tooManyLoadsOfOnePerson(limit:retryAfterSeconds:)`` past the person's.
    func reserveLoads(_ count: Int, for person: String) throws(BoundsError) {
        switch jobs.reserve(count, for: person) {
        case nil: return
        case .full: throw .tooManyLoads(limit: jobs.limit, retryAfterSeconds: Self.retryAfterSecondsWhenFull)
        case .personFull:
            throw .tooManyLoadsOfOnePerson(
                limit: jobs.perPersonLimit, retryAfterSeconds: Self.retryAfterSecondsWhenFull)
        }
    }

    /// Gives back room set aside by ``reserveLoads(_:for:)`` for loads that will not start.
    func releaseReservedLoads(_ count: Int, for person: String) {
        jobs.releaseReservation(count, for: person)
    }

    /// The `Retry-After` when too many images are loading: about as long as a slow fetch takes.
    static var retryAfterSecondsWhenFull: Int { 30 }

    /// Starts loading a remote item in the background (once: a second call while it runs does nothing); `reservedFor`
    /// the person ``reserveLoads(_:for:)`` set aside its room for (loads resumed at start have none).
    func startFetching(_ item: Item, reservedFor person: String? = nil) {
        guard let source = item.sourceURL else {
            if let person { jobs.releaseReservation(1, for: person) }
            return
        }
        jobs.start(item.id, reserved: person != nil, for: person) { [self] in
            await self.fetch(item, from: source)
        }
    }

    /// Starts loading a failed remote item again in `reservation`'s room, once the job that failed it has ended (a
    /// job that settled an item is still registered for a moment, and would make `startFetching` do nothing).
    public func restartFetching(_ item: Item, in reservation: LoadReservation) async {
        await jobs.waitUntilFinished(item.id)
        reservation.startFetching(item)
    }

    /// How many of `items` a copy would load again: the remote ones still loading. The room a copy sets aside.
    public static func loadsToCopy(_ items: [Item]) -> Int {
        items.count { $0.state == .pending && $0.origin == .remote }
    }

    /// Starts loading copies that were copied while their originals were still loading: a remote one is fetched
    /// again in `reservation`'s room; an uploaded or inline one cannot get its bytes and fails, saying so. Returns the
    /// copies as they are now.
    @discardableResult
    public func startLoadingCopies(_ copies: [Item], in reservation: LoadReservation) async -> [Item] {
        var result: [Item] = []
        for copy in copies {
            guard copy.state == .pending else {
                result.append(copy)
                continue
            }
            if copy.origin == .remote {
                reservation.startFetching(copy)
                result.append(copy)
            } else {
                result.append((try? await fail(copy.id, .copiedWhileUploading)) ?? copy)
            }
        }
        return result
    }

    /// Starts storing bytes that came inline with the drop; `reservedFor` the person ``reserveLoads(_:for:)`` set aside
    /// its room for.
    func startStoringInline(_ item: Item, data: Data, reservedFor person: String? = nil) {
        jobs.start(item.id, reserved: person != nil, for: person) { [self] in
            await self.ingest(item.id) { writer in try writer.write(data) }
        }
    }

    /// Takes an upload's body for a pending upload item, and returns the item as it ends (ready or failed).
    public func receiveUpload<Body: AsyncSequence & Sendable>(
        for id: ItemID, declaredLength: Int64?, body: Body
    ) async throws -> Item where Body.Element: Collection & Sendable, Body.Element.Element == UInt8 {
        let item = try await store.item(id)
        guard item.state == .pending, item.origin == .upload, item.trashedAt == nil else {
            throw GalleryError.conflict("This item is not waiting for an upload.")
        }
        guard !progress.isActive(id) else { throw GalleryError.conflict("This item is already being uploaded.") }
        if let declaredLength, declaredLength > limits.maximumAnyBytes {
            return try await fail(id, .tooLarge(limitBytes: limits.maximumAnyBytes))
        }
        await ingest(id) { [progress] writer in
            var received: Int64 = 0
            progress.update(id, in: item.galleryID, received: 0, total: declaredLength)
            for try await chunk in body {
                try writer.write(chunk)
                received += Int64(chunk.count)
                progress.update(id, in: item.galleryID, received: received, total: declaredLength)
            }
            if received == 0 { throw UploadError.empty }
        }
        return try await store.item(id)
    }

    /// Resumes after a restart: fetches pending remote items again; fails pending uploads that were cut off; makes and
    /// records, in the background, the thumbnails of images stored before they were recorded, the photo details of
    /// images stored before they were read, the perceptual hashes of images stored before they were made, the copies
    /// of videos browsers do not play still to be made, the text of images not read yet, and the search index of the
    /// items kept before it.
    public func resumePendingWork() async {
        blobs.removeIncomingLeftovers()
        Task(priority: .utility) { await self.recordMissingThumbnails() }
        Task(priority: .utility) { await self.readMissingPhotoDetails() }
        Task(priority: .utility) { await self.makeMissingPerceptualHashes() }
        videoCopies.wake()
        imageText.wake()
        searchIndex.wake()
        await takeOverPendingWork()
    }

    /// Takes on the pending items nobody loads any more (left by an earlier run, or by a server that stopped or died
    /// on a shared database): links are fetched again, uploads that were under way are failed as interrupted.
    public func takeOverPendingWork() async {
        do {
            for item in try await store.claimPendingItems() {
                switch item.origin {
                case .remote: startFetching(item)
                case .upload, .inline: _ = try? await fail(item.id, .uploadInterrupted)
                }
            }
        } catch is CancellationError {
            return  // the server is stopping
        } catch {
            logger.error("could not take on pending items: \(error)")
        }
    }

    /// Renews the leases on this server's loading, then takes on what other servers left (see
    /// ``takeOverPendingWork()``); run well within a lease's duration, again and again.
    public func keepLeases() async {
        do {
            try await store.renewLeases()
        } catch is CancellationError {
            return  // the server is stopping
        } catch {
            logger.warning("could not renew the leases on loading: \(error)")
        }
        await takeOverPendingWork()
    }

    /// Fails upload placeholders whose upload never started within `patience`, so nothing stays pending forever.
    public func failAbandonedUploads(olderThan patience: TimeInterval, now: Date = Date()) async {
        guard let pending = try? await store.ownedPendingItems() else { return }
        for item in pending where item.origin == .upload && !progress.isActive(item.id) && !jobs.isRunning(item.id) {
            if now.timeIntervalSince(item.createdAt) > patience {
                _ = try? await fail(item.id, .uploadInterrupted)
            }
        }
    }

    /// Waits until no job is running (for tests and shutdown).
    public func waitUntilIdle() async {
        await jobs.waitUntilIdle()
        await thumbnails.waitUntilIdle()
    }
}
