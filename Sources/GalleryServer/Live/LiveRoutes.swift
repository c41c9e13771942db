import Foundation
import GalleryCore
import Hummingbird
import HummingbirdWebSocket

/// `ws://…/api/galleries/{id}/live?since=N`: the live feed of a gallery for one open view; and
/// `ws://…/api/galleries/live`: the gallery browser's feed, a "changed" message after a gallery the person may see
/// changed.
///
/// The socket closes normally with reason "reset" when the view must load the gallery afresh, and with code 4404 when
/// the gallery is unknown or in the trash of galleries.
///
/// Upgrades pass the same checks as every request (the guard's Host and Origin rules, sign-in), and a gallery's feed
/// needs the right to view the gallery. Both are checked again every few seconds while the socket is open: a feed
/// whose session ended, or whose right to the gallery was taken away, closes with code 4404.
struct LiveRoutes {
    let store: any GalleryStore
    /// Progress of the items loading, which gallery feeds send.
    let progress: ProgressBoard
    /// The newest events of the galleries with open feeds, read and encoded once for all of them.
    let events: LiveEventCache
    let access: GalleryAccess
    let authenticator: Authenticator
    /// Counts the open feeds.
    let metrics: ServerMetrics
    /// How often an open feed checks that it may still see what it shows.
    var accessCheckInterval: Duration = .seconds(5)

    /// The close code for a gallery that is gone (or no longer one's to see).
    static let galleryGoneCode: UInt16 = 4404
    /// What a feed whose access ended is told.
    static let accessEndedReason = "You can no longer see this gallery."

    func add(to router: Router<AppWebSocketRequestContext>) {
        // The gallery browser's feed: {"type":"changed"} after any change of a gallery the person may see.
        router.ws("api/galleries/live") { _, _ in
            .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            let identity = context.requestContext.identity
            let feed = GalleryListFeed(store: store) { [access] changed in
                !changed.isDisjoint(with: try await access.roles(of: identity).keys)
            }
            let request = context.request
            try await run(until: inbound) {
                let ended: Void? = try await untilAccessEnds(request, gallery: nil) {
                    try await feed.run { message in try await outbound.write(.text(try message.json())) }
                }
                if case nil = ended { try await outbound.close(.policyViolation, reason: "Signed out.") }
            }
        }
        router.ws("api/galleries/:gallery/live") { _, context in
            guard let id = context.parameters.get("gallery").flatMap(GalleryID.init) else { return .dontUpgrade }
            try await access.require(.view, in: id, for: context.identity)
            return .upgrade([:])
        } onUpgrade: { inbound, outbound, context in
            guard let id = context.requestContext.parameters.get("gallery").flatMap(GalleryID.init) else { return }
            let since = context.request.uri.queryParameters.get("since").flatMap { Int64($0) } ?? 0
            let feed = LiveFeed(store: store, progress: progress, events: events) { [metrics] changedAt in
                metrics.eventDelivered(afterSeconds: Date().timeIntervalSince(changedAt))
            }
            let request = context.request
            try await run(until: inbound) {
                let ending =
                    try await untilAccessEnds(request, gallery: id) {
                        try await feed.run(gallery: id, since: since) { message in
                            try await outbound.write(.text(try message.json()))
                        }
                    } ?? .galleryGone(Self.accessEndedReason)
                switch ending {
                case .reset: try await outbound.close(.normalClosure, reason: "reset")
                case .galleryGone(let message):
                    try await outbound.close(
                        .unknown(Self.galleryGoneCode), reason: String(message.utf8.prefix(120)) ?? "gone")
                case nil: break
                }
            }
        }
    }

    /// Runs `feed` until it ends (its result) or until the request's access ends (nil), whichever comes first.
    private func untilAccessEnds<Result: Sendable>(
        _ request: Request, gallery: GalleryID?, _ feed: @escaping @Sendable () async throws -> Result
    ) async throws -> Result? {
        try await withThrowingTaskGroup(of: Result?.self) { group in
            group.addTask { try await feed() }
            group.addTask {
                try await accessEnds(request, gallery: gallery)
                return nil
            }
            let first = try await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    /// Returns once the request's sign-in has ended, or (for a gallery) its right to view the gallery; checks every
    /// `accessCheckInterval`.
    private func accessEnds(_ request: Request, gallery: GalleryID?) async throws {
        while true {
            try await Task.sleep(for: accessCheckInterval)
            guard let credentials = try await authenticator.credentials(for: request) else { return }
            if let gallery, try await access.role(of: credentials.identity, in: gallery) == nil { return }
        }
    }

    /// Runs `feed` until the view closes its socket (which ends the inbound stream), then stops it.
    private func run(
        until inbound: WebSocketInboundStream, _ feed: @escaping @Sendable () async throws -> Void
    ) async throws {
        metrics.liveFeeds.increment()
        defer { metrics.liveFeeds.decrement() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await feed() }
            for try await _ in inbound {}
            group.cancelAll()
        }
    }
}
