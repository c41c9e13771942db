import Foundation
import GalleryCore

/// The newest events of each gallery that has open live feeds, read from the store and encoded once for all of them:
/// when one change wakes a hundred feeds, one read and one encoding serve them all, instead of a read, a response and
/// an encoding per socket. A feed that has fallen behind the events kept reads its own.
///
/// A feed woken at some instant is answered only from a read that started after that instant, so it never misses the
/// change that woke it: the change was committed before the wake-up, so the read sees it.
actor LiveEventCache {
    /// One event as the live socket sends it.
    struct Encoded: Sendable, Equatable {
        /// The event's sequence number.
        var sequence: Int64
        /// The message's JSON text.
        var json: String
        /// When its change was made.
        var changedAt: Date
    }

    /// What a feed gets.
    enum Answer: Sendable {
        /// The encoded events after the sequence the feed knows, in order (possibly none); `more` when there may be
        /// further events after them already.
        case events([Encoded], more: Bool)
        /// The feed is too far behind (or ahead): the gallery as it is now, to start afresh from.
        case reset(GalleryResponse)
    }

    /// What is kept of one gallery.
    private struct Kept {
        /// Its newest events, encoded, in order and without gaps.
        var window: [Encoded] = []
        /// When the newest complete read started: every change committed before then is in `window` (or older).
        var coveredSince: ContinuousClock.Instant?
        /// The read under way, and when it started.
        var reading: (started: ContinuousClock.Instant, task: Task<Void, Error>)?
        /// The open feeds of the gallery.
        var feeds = 0
    }

    let store: any GalleryStore
    /// Renders the events (and a reset's gallery) as views receive them.
    let presenter: Presenter
    /// The most events kept per gallery.
    let capacity: Int
    /// The most bytes of JSON kept per gallery (a move of a thousand items makes a big event).
    let byteCapacity: Int
    /// The most events one read asks the store for.
    let batchSize: Int
    private var galleries: [GalleryID: Kept] = [:]

    init(
        store: any GalleryStore, presenter: Presenter, capacity: Int = 256, byteCapacity: Int = 4 << 20,
        batchSize: Int = 500
    ) {
        self.store = store
        self.presenter = presenter
        self.capacity = capacity
        self.byteCapacity = byteCapacity
        self.batchSize = batchSize
    }

    /// A feed of the gallery opens; what is kept of a gallery goes when its last feed closes.
    func open(_ gallery: GalleryID) {
        galleries[gallery, default: Kept()].feeds += 1
    }

    /// A feed of the gallery closes.
    func close(_ gallery: GalleryID) {
        guard var kept = galleries[gallery] else { return }
        kept.feeds -= 1
        if kept.feeds <= 0, kept.reading == nil {
            galleries[gallery] = nil
        } else {
            galleries[gallery] = kept
        }
    }

    /// The events of the gallery after `last`, for a feed woken at `wokenAt`.
    /// - Throws: ``GalleryError`` when the gallery is unknown or in the trash of galleries.
    func events(in gallery: GalleryID, after last: Int64, wokenAt: ContinuousClock.Instant) async throws -> Answer {
        while true {
            let kept = galleries[gallery] ?? Kept()
            if let covered = kept.coveredSince, covered >= wokenAt {
                if let first = kept.window.first, first.sequence > last + 1 {
                    return try await readAlone(gallery, last)
                }
                if kept.window.isEmpty, last != 0 { return try await readAlone(gallery, last) }
                return .events(kept.window.filter { $0.sequence > last }, more: false)
            }
            if let reading = kept.reading {
                // A read that started after the wake-up answers this feed; an older one is waited for, then another
                // read starts (one read at a time fills the window).
                do {
                    try await reading.task.value
                } catch {
                    if reading.started >= wokenAt { throw error }
                }
                continue
            }
            let started = ContinuousClock.now
            let since = kept.window.last?.sequence ?? last
            let task = Task { try await self.fill(gallery, since: since, started: started) }
            galleries[gallery, default: Kept()].reading = (started, task)
            do {
                try await task.value
            } catch is ResetNeeded {
                return try await readAlone(gallery, last)
            }
        }
    }

    /// Thrown by a shared read that the store answered with a reset: each feed then reads on its own.
    private struct ResetNeeded: Error {}

    /// Reads the events after `since` into the gallery's window, until there are no more.
    private func fill(_ gallery: GalleryID, since: Int64, started: ContinuousClock.Instant) async throws {
        defer {
            galleries[gallery]?.reading = nil
            if let kept = galleries[gallery], kept.feeds <= 0 { galleries[gallery] = nil }
        }
        var since = since
        while true {
            switch try await store.events(in: gallery, since: since, limit: batchSize) {
            case .reset:
                galleries[gallery]?.window = []
                throw ResetNeeded()
            case .events(let events, _):
                let encoded = try events.map(encode)
                var window = galleries[gallery]?.window ?? []
                if window.last.map({ $0.sequence != since }) ?? false { window = [] }
                window += encoded
                var drop = max(0, window.count - capacity)
                var bytes = window[drop...].reduce(0) { $0 + $1.json.utf8.count }
                while drop < window.count, bytes > byteCapacity {
                    bytes -= window[drop].json.utf8.count
                    drop += 1
                }
                window.removeFirst(drop)
                galleries[gallery]?.window = window
                since = events.last?.sequence ?? since
                if events.count < batchSize {
                    galleries[gallery]?.coveredSince = started
                    return
                }
            }
        }
    }

    /// A read for one feed alone (one that has fallen behind, or must start afresh).
    private func readAlone(_ gallery: GalleryID, _ last: Int64) async throws -> Answer {
        switch try await store.events(in: gallery, since: last, limit: batchSize) {
        case .reset(let current): return .reset(presenter.response(for: current))
        case .events(let events, _): return .events(try events.map(encode), more: events.count == batchSize)
        }
    }

    private func encode(_ event: GalleryEvent) throws -> Encoded {
        Encoded(
            sequence: event.sequence, json: try LiveMessage.event(presenter.response(for: event)).json(),
            changedAt: event.gallery.updatedAt)
    }
}
