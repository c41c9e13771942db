import Foundation
import Synchronization

/// Tells the live views which galleries a committed change touched: a store publishes the galleries of each commit
/// once, and each subscriber hears only of its own gallery (or of every gallery), so a change costs nothing for views of
/// other galleries.
public final class ChangeHub: Sendable {
    private struct Subscribers {
        var byGallery: [GalleryID?: [UUID: AsyncStream<Void>.Continuation]] = [:]
    }

    private let subscribers = Mutex(Subscribers())

    /// Makes an empty hub.
    public init() {}

    /// A signal after every published change of `gallery` (of any gallery when nil). Signals are coalesced: a slow
    /// reader gets one signal for many changes. The subscription ends when the task reading it is cancelled, or with
    /// ``finishAll()``.
    public func signals(for gallery: GalleryID?) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        subscribers.withLock { $0.byGallery[gallery, default: [:]][id] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.subscribers.withLock { state in
                state.byGallery[gallery]?[id] = nil
                if state.byGallery[gallery]?.isEmpty == true { state.byGallery[gallery] = nil }
            }
        }
        return stream
    }

    /// Signals the subscribers of these galleries and those of every gallery.
    public func publish(_ galleries: some Sequence<GalleryID>) {
        let continuations = subscribers.withLock { state in
            var found = Array((state.byGallery[nil] ?? [:]).values)
            for gallery in Set(galleries) { found += (state.byGallery[gallery] ?? [:]).values }
            return found
        }
        for continuation in continuations { continuation.yield() }
    }

    /// Ends every subscription: each stream yields what it holds, then ends.
    public func finishAll() {
        let continuations = subscribers.withLock { state in
            let all = state.byGallery.values.flatMap(\.values)
            state.byGallery = [:]
            return all
        }
        for continuation in continuations { continuation.finish() }
    }

    /// How many subscriptions are open.
    public var subscriptionCount: Int {
        subscribers.withLock { $0.byGallery.values.reduce(0) { $0 + $1.count } }
    }
}
