import Foundation
import GalleryCore
import Hummingbird

/// One open view's live feed of a gallery: every event after the sequence it knows, in order, then each new one as it
/// is committed (read and encoded once for every feed of the gallery: `events`); and the progress of items loading
/// now, about every 200 ms while any loads.
struct LiveFeed: Sendable {
    let store: any GalleryStore
    /// Progress of the items loading, sent while any loads.
    let progress: ProgressBoard
    let events: LiveEventCache
    /// How often progress is sent while something loads.
    var progressInterval: Duration = .milliseconds(200)
    /// Told when an event was written to the socket, with when its change was made.
    var onEventSent: @Sendable (_ changedAt: Date) -> Void = { _ in }

    /// Why a feed ended.
    enum Ending: Equatable {
        /// The view is too far behind (or ahead): it must load the gallery afresh and reconnect.
        case reset
        /// The gallery is gone (unknown, or in the trash of galleries).
        case galleryGone(String)
    }

    private enum Wakeup: Sendable { case changed, tick }

    /// Sends messages through `send` until the view is reset, the gallery is gone, or the task is cancelled.
    func run(gallery: GalleryID, since: Int64, send: @Sendable (LiveMessage) async throws -> Void) async throws
        -> Ending?
    {
        await events.open(gallery)
        defer { Task { await events.close(gallery) } }
        let (wakeups, continuation) = AsyncStream<Wakeup>.makeStream(bufferingPolicy: .bufferingNewest(2))
        let signals = store.changeSignals(in: gallery)
        let interval = progressInterval
        return try await withThrowingTaskGroup(of: Void.self) { group in
            defer { group.cancelAll() }
            group.addTask {
                for await _ in signals { continuation.yield(.changed) }
            }
            group.addTask {
                while !Task.isCancelled {
                    try await Task.sleep(for: interval)
                    continuation.yield(.tick)
                }
            }
            continuation.yield(.changed)
            var last = since
            var wasLoading = false
            for await wakeup in wakeups {
                switch wakeup {
                case .changed:
                    let answer: LiveEventCache.Answer
                    do {
                        answer = try await events.events(in: gallery, after: last, wokenAt: .now)
                    } catch let error as GalleryError {
                        return .galleryGone(error.message)
                    }
                    switch answer {
                    case .reset(let current):
                        try await send(.reset(current))
                        return .reset
                    case .events(let encoded, let more):
                        for event in encoded {
                            try await send(.encoded(event.json))
                            onEventSent(event.changedAt)
                            last = event.sequence
                        }
                        if more { continuation.yield(.changed) }
                    }
                case .tick:
                    let progress = self.progress.entries(in: gallery)
                    if !progress.isEmpty || wasLoading { try await send(.progress(progress)) }
                    wasLoading = !progress.isEmpty
                }
            }
            return nil
        }
    }
}

/// A message of the live socket.
enum LiveMessage: Sendable {
    case event(EventResponse)
    /// A message encoded already (an event, encoded once for every feed of its gallery).
    case encoded(String)
    case reset(GalleryResponse)
    case progress([String: ProgressBoard.Entry])
    /// To the gallery browser: some gallery changed, load the list again.
    case changed

    /// The JSON text sent, written as the HTTP API writes its answers (dates as ISO-8601 text).
    func json() throws -> String {
        if case .encoded(let json) = self { return json }
        let encoder = APIJSON.makeEncoder()
        let data =
            switch self {
            case .event(let event): try encoder.encode(Wire(type: "event", event: event))
            case .reset(let gallery): try encoder.encode(Wire(type: "reset", gallery: gallery))
            case .progress(let progress): try encoder.encode(Wire(type: "progress", progress: progress))
            case .changed: try encoder.encode(Wire(type: "changed"))
            case .encoded(let json): Data(json.utf8)
            }
        return String(decoding: data, as: UTF8.self)
    }

    private struct Wire: Encodable {
        var type: String
        var event: EventResponse?
        var gallery: GalleryResponse?
        var progress: [String: ProgressBoard.Entry]?
    }
}
