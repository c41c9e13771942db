import Foundation
import Synchronization

/// Tells the live views which galleries a committed change touched: a store publishes the galleries of each commit
/// once, and each subscriber hears only of its own gallery (or of every gallery), so a change costs nothing for views of
/// other galleries.
public final class ChangeHub: Sendable {
    private struct Subscriber {
        var continuation: AsyncStream<Void>.Continuation
        /// Of a subscriber of every gallery that asked which changed: the galleries it has not taken yet.
        var pending: ChangedGalleries.Pending?
    }

    private struct Subscribers {
        var byGallery: [GalleryID?: [UUID: Subscriber]] = [:]
    }

    private let subscribers = Mutex(Subscribers())

    /// Makes an empty hub.
    public init() {}

    /// A signal after every published change of `gallery` (of any gallery when nil). Signals are coalesced: a slow
    /// reader gets one signal for many changes. The subscription ends when the task reading it is cancelled, or with
    /// ``finishAll()``.
    public func signals(for gallery: GalleryID?) -> AsyncStream<Void> {
        subscribe(gallery, pending: nil)
    }

    /// Which galleries changed, after each published change of any of them: coalesced like ``signals(for:)``, each
    /// signal brings every gallery changed since the last (each once), so that a reader can tell whether it may hear
    /// of the change at all.
    public func changedGalleries() -> ChangedGalleries {
        let pending = ChangedGalleries.Pending()
        return ChangedGalleries(signals: subscribe(nil, pending: pending), pending: pending)
    }

    private func subscribe(_ gallery: GalleryID?, pending: ChangedGalleries.Pending?) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        subscribers.withLock {
            $0.byGallery[gallery, default: [:]][id] = Subscriber(continuation: continuation, pending: pending)
        }
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
        let changed = Set(galleries)
        let found = subscribers.withLock { state in
            var found = Array((state.byGallery[nil] ?? [:]).values)
            for gallery in changed { found += (state.byGallery[gallery] ?? [:]).values }
            return found
        }
        for subscriber in found {
            subscriber.pending?.add(changed)
            subscriber.continuation.yield()
        }
    }

    /// Ends every subscription: each stream yields what it holds, then ends.
    public func finishAll() {
        let continuations = subscribers.withLock { state in
            let all = state.byGallery.values.flatMap(\.values).map(\.continuation)
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

/// The galleries that changed, as ``ChangeHub/changedGalleries()`` tells them: each element is the set changed since
/// the one before (never empty); the sequence ends with ``ChangeHub/finishAll()``.
public struct ChangedGalleries: AsyncSequence, Sendable {
    /// The galleries published and not taken yet: at most every gallery once, however slow the reader.
    final class Pending: Sendable {
        private let galleries = Mutex(Set<GalleryID>())

        func add(_ changed: Set<GalleryID>) { galleries.withLock { $0.formUnion(changed) } }

        func take() -> Set<GalleryID> {
            galleries.withLock { galleries in
                defer { galleries = [] }
                return galleries
            }
        }
    }

    let signals: AsyncStream<Void>
    let pending: Pending

    /// Reads the sets one after the other.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var signals: AsyncStream<Void>.AsyncIterator
        let pending: Pending

        /// The galleries changed since the last call, once some did; nil once the hub finished.
        public mutating func next() async -> Set<GalleryID>? {
            while await signals.next() != nil {
                let changed = pending.take()
                if !changed.isEmpty { return changed }
            }
            return nil
        }
    }

    /// An iterator from the first change on.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(signals: signals.makeAsyncIterator(), pending: pending)
    }
}
