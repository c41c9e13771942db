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
    let jobs: JobRegistry
    /// Counts the items that finished loading.
    let metrics: ServerMetrics

    /// Makes the service; with no thumbnail service, one on the image folder (enabled when libvips is installed).
    /// New drops may add loads while fewer than `maximumPendingLoads` run. Videos browsers do not play get copies
    /// when ffmpeg is installed, unless `makesVideoCopies` says otherwise.
    public init(
        store: any GalleryStore, blobs: BlobStore, fetcher: Fetcher, limits: ImageLimits,
        fetchLimits: Fetcher.Limits, logger: Logger, thumbnails: ThumbnailService? = nil,
        maximumPendingLoads: Int = ServerConfiguration.Bounds().pendingLoads,
        maximumPendingLoadsPerPerson: Int = ServerConfiguration.Bounds().pendingLoadsPerPerson,
        metrics: ServerMetrics = ServerMetrics(), makesVideoCopies: Bool? = nil
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
    /// records, in the background, the thumbnails of images stored before they were recorded, and the copies of videos
    /// browsers do not play still to be made.
    public func resumePendingWork() async {
        blobs.removeIncomingLeftovers()
        Task(priority: .utility) { await self.recordMissingThumbnails() }
        videoCopies.wake()
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

    // MARK: - Work

    /// The most bytes of a web page read for a link: its head is at the start.
    static let pageByteLimit = 1_000_000

    /// Fetches a remote item's source: a file is stored as an image or video; a web page makes a link.
    func fetch(_ item: Item, from source: String) async {
        let id = item.id
        guard let url = URL(string: source) else {
            _ = try? await fail(id, .invalidURL("the link is malformed"))
            return
        }
        let capture = PageCapture(pageLimit: Self.pageByteLimit)
        let answer = Mutex<Fetcher.Response?>(nil)
        await ingest(id, page: capture) { [fetcher, fetchLimits, progress] writer in
            let response = try await fetcher.fetch(
                url, fetchLimits,
                { chunk in
                    switch capture.take(chunk) {
                    case .undecided: break
                    case .file(let bytes): try writer.write(bytes)
                    case .page(let isFull): if isFull { throw Fetcher.StopReading() }
                    }
                },
                { received, total in progress.update(id, in: item.galleryID, received: received, total: total) })
            answer.withLock { $0 = response }
            if case .file(let bytes) = capture.finish() { try writer.write(bytes) }
        } settlePage: { page in
            let response = answer.withLock { $0 }
            await self.settleLink(
                id, page: page, contentType: response?.contentType, pageURL: response?.finalURL ?? url)
        }
    }

    /// Writes the bytes with `load`, then checks and stores them and settles the item; when `page` says the bytes were
    /// a web page, hands them to `settlePage` instead.
    func ingest(
        _ id: ItemID, page: PageCapture? = nil, load: (BlobWriter) async throws -> Void,
        settlePage: (_ page: [UInt8]) async -> Void = { _ in }
    ) async {
        defer { progress.remove(id) }
        let writer: BlobWriter
        do {
            writer = try makeBlobWriter()
        } catch {
            logger.error("cannot write blobs: \(error)")
            _ = try? await fail(id, .internalError)
            return
        }
        do {
            try await load(writer)
            if let bytes = page?.page {
                writer.discard()
                await settlePage(bytes)
                return
            }
            let finished = try writer.finish()
            switch accept(finished) {
            case .failure(let reason):
                try? FileManager.default.removeItem(at: finished.temporaryURL)
                _ = try await fail(id, reason)
            case .success(let accepted):
                switch await keep(finished, accepted) {
                case .failure(let reason): _ = try await fail(id, reason)
                case .success(let stored):
                    if try await store.markReady(id, image: stored) != nil {
                        metrics.ingestionEnded(ready: stored.kind)
                        if stored.videoPlayback?.copy == .wanted { videoCopies.wake() }
                    }
                }
            }
        } catch {
            writer.discard()
            // Stopped by a shutdown: the item stays pending, and the next start loads it again.
            if Task.isCancelled { return }
            if case BlobStore.Error.tooLarge = error {
                _ = try? await fail(id, .tooLarge(limitBytes: writer.limit))
            } else {
                _ = try? await fail(id, reason(for: error))
            }
        }
    }

    /// A writer of a new file of at most the largest image's bytes, or a video's once its first bytes say it is one.
    func makeBlobWriter() throws -> BlobWriter {
        try blobs.makeWriter(maximumBytes: limits.maximumAnyBytes) { [limits] header in
            VideoAcceptance.limit(forHeader: header, limits: limits)
        }
    }

    /// Keeps an accepted file in the image folder and makes what shows it — an image's display copy and thumbnails,
    /// a video's poster — and returns what is stored about it, or why it cannot be kept (its temporary file is then
    /// removed).
    func keep(_ finished: BlobWriter.Finished, _ accepted: StoredImage) async -> Result<StoredImage, FailureReason> {
        var stored = accepted
        // An image is decoded before the file is kept (``showImage(_:_:)``), so that one no decoder shows fails and
        // leaves nothing behind.
        if stored.kind == .image {
            switch await showImage(finished, stored) {
            case .success(let shown): stored = shown
            case .failure(let reason):
                try? FileManager.default.removeItem(at: finished.temporaryURL)
                return .failure(reason)
            }
        }
        // The file is in place before the row points at it: a crash in between leaves an unused file, never a
        // missing one.
        do {
            try blobs.commit(finished)
        } catch {
            logger.error("cannot keep a stored file: \(error)")
            try? FileManager.default.removeItem(at: finished.temporaryURL)
            return .failure(.internalError)
        }
        // A video's poster (and its thumbnails) before ready, so the first view of the item already shows it.
        if stored.kind == .video {
            let poster = await thumbnails.makePoster(
                hash: stored.hash, video: blobs.fileURL(forHash: stored.hash), videoWidth: stored.width)
            stored.hasPoster = poster.hasPoster
            stored.thumbnailWidths = poster.widths
        }
        return .success(stored)
    }

    /// Whether a written file is an image or a video the gallery takes, and what is stored about it: its container's
    /// first bytes decide, never its name.
    func accept(_ finished: BlobWriter.Finished) -> Result<StoredImage, FailureReason> {
        guard VideoProbe.container(ofHeader: finished.header) != nil else {
            return ImageAcceptance.evaluate(
                header: imageBytes(finished), byteCount: finished.byteCount, hash: finished.hash, limits: limits,
                canConvert: thumbnails.isEnabled)
        }
        guard let file = try? FileHandle(forReadingFrom: finished.temporaryURL) else { return .failure(.internalError) }
        defer { try? file.close() }
        return VideoAcceptance.evaluate(byteCount: finished.byteCount, hash: finished.hash, limits: limits) {
            offset, count in
            try file.seek(toOffset: UInt64(offset))
            return try file.read(upToCount: count) ?? Data()
        }
    }

    /// Makes an image's missing thumbnails and returns the widths it has (none for an animation, which keeps only its
    /// original: a thumbnail would be one frame; none for a format libvips does not decode here); nil without libvips.
    func makeThumbnails(of image: StoredImage, header: Data) async -> [Int]? {
        let info = try? ImageProbe.probe(header)
        if info?.isAnimated == true || info.map({ !ImageAcceptance.decodedWithLibvips.contains($0.format) }) == true {
            return thumbnails.isEnabled ? [] : nil
        }
        return await thumbnails.makeMissing(
            hash: image.hash, imageWidth: image.width, original: blobs.fileURL(forHash: image.hash))
    }

    /// Makes and records the thumbnails of images stored before thumbnails were recorded (or made: libvips was
    /// installed since), a few at a time, in the background at start.
    func recordMissingThumbnails() async {
        guard thumbnails.isEnabled else { return }
        var done = Set<String>()
        while !Task.isCancelled {
            guard let images = try? await store.imagesWithoutRecordedThumbnails(limit: 100) else { return }
            let fresh = images.filter { !done.contains($0.hash) }
            if fresh.isEmpty { return }
            for image in fresh {
                done.insert(image.hash)
                // A video's thumbnails are its poster's, made with it.
                if image.kind == .video {
                    try? await store.recordThumbnails(hash: image.hash, widths: [])
                    continue
                }
                let url = blobs.fileURL(forHash: image.hash)
                let header = (try? FileHandle(forReadingFrom: url)).flatMap { handle in
                    defer { try? handle.close() }
                    return try? handle.read(upToCount: 64 * 1024)
                }
                guard let header else { continue }  // the file is gone: nothing to make
                if let widths = await makeThumbnails(of: image, header: header) {
                    try? await store.recordThumbnails(hash: image.hash, widths: widths)
                }
            }
        }
    }

    func reason(for error: any Error) -> FailureReason {
        switch error {
        case let error as Fetcher.Error: return error.failureReason(limits: fetchLimits)
        case BlobStore.Error.tooLarge: return .tooLarge(limitBytes: limits.maximumBytes)
        case UploadError.empty: return .notAnImage
        case is CancellationError: return .uploadInterrupted
        default:
            logger.warning("ingestion failed: \(error)")
            return .uploadInterrupted
        }
    }

    @discardableResult
    func fail(_ id: ItemID, _ reason: FailureReason) async throws -> Item {
        if try await store.markFailed(id, reason: reason) != nil { metrics.ingestionEnded(failed: reason) }
        return try await store.item(id)
    }

    enum UploadError: Error { case empty }
}
