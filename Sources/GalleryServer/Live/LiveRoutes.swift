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
/// whose session ended closes with code 4401 (the page asks whether it is still signed in: its cookie may have been
/// renewed, by a change of password), and one whose right to the gallery was taken away with code 4404.
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
    /// What a feed whose right to its gallery was taken away is told.
    static let accessEndedReason = "You can no longer see this gallery."
    /// The close code for a feed whose session ended.
    static let signedOutCode: UInt16 = 4401

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
                let ended = try await untilAccessEnds(request, gallery: nil) {
                    try await feed.run { message in try await outbound.write(.text(try message.json())) }
                }
                if case .signedOut = ended {
                    try await outbound.close(.unknown(Self.signedOutCode), reason: "Signed out.")
                }
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
                let ending = try await untilAccessEnds(request, gallery: id) {
                    try await feed.run(gallery: id, since: since) { message in
                        try await outbound.write(.text(try message.json()))
                    }
                }
                switch ending {
                case .feed(.reset?): try await outbound.close(.normalClosure, reason: "reset")
                case .feed(.galleryGone(let message)?):
                    try await outbound.close(
                        .unknown(Self.galleryGoneCode), reason: String(message.utf8.prefix(120)) ?? "gone")
                case .noLongerGiven:
                    try await outbound.close(.unknown(Self.galleryGoneCode), reason: Self.accessEndedReason)
                case .signedOut: try await outbound.close(.unknown(Self.signedOutCode), reason: "Signed out.")
                case .feed(nil): break
                }
            }
        }
    }

    /// How a feed ended: by itself (its result), or because the request's access ended.
    enum FeedEnd<Result: Sendable>: Sendable {
        case feed(Result)
        /// The request's session ended.
        case signedOut
        /// The person's right to view the gallery was taken away.
        case noLongerGiven
    }

    /// Runs `feed` until it ends or until the request's access ends, whichever comes first.
    private func untilAccessEnds<Result: Sendable>(
        _ request: Request, gallery: GalleryID?, _ feed: @escaping @Sendable () async throws -> Result
    ) async throws -> FeedEnd<Result> {
        try await withThrowingTaskGroup(of: FeedEnd<Result>.self) { group in
            group.addTask { .feed(try await feed()) }
            group.addTask { try await accessEnds(request, gallery: gallery) }
            let first = try await group.next() ?? .signedOut
            group.cancelAll()
            return first
        }
    }

    /// Returns once the request's sign-in has ended, or (for a gallery) its right to view the gallery; checks every
    /// `accessCheckInterval`.
    private func accessEnds<Result>(_ request: Request, gallery: GalleryID?) async throws -> FeedEnd<Result> {
        while true {
            try await Task.sleep(for: accessCheckInterval)
            guard let credentials = try await authenticator.credentials(for: request) else { return .signedOut }
            if let gallery, try await access.role(of: credentials.identity, in: gallery) == nil {
                return .noLongerGiven
            }
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
