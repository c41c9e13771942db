import Foundation
import GalleryCore
import Hummingbird

/// One open view's live feed of a gallery: every event after the sequence it knows, in order, then each new one as it
/// is committed; and the progress of items loading now, about every 200 ms while any loads.
struct LiveFeed: Sendable {
    let store: any GalleryStore
    let ingestion: IngestionService
    /// How often progress is sent while something loads.
    var progressInterval: Duration = .milliseconds(200)
    /// The most events read at once.
    var batchSize = 500

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
                    let feed: EventFeed
                    do {
                        feed = try await store.events(in: gallery, since: last, limit: batchSize)
                    } catch let error as GalleryError {
                        return .galleryGone(error.message)
                    }
                    switch feed {
                    case .reset(let current):
                        try await send(.reset(ingestion.response(for: current)))
                        return .reset
                    case .events(let events, _):
                        for event in events {
                            try await send(.event(ingestion.response(for: event)))
                            last = event.sequence
                        }
                        if events.count == batchSize { continuation.yield(.changed) }
                    }
                case .tick:
                    let progress = ingestion.progress.entries(in: gallery)
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
    case reset(GalleryResponse)
    case progress([String: ProgressBoard.Entry])
    /// To the gallery browser: some gallery changed, load the list again.
    case changed

    /// The JSON text sent, written as the HTTP API writes its answers (dates as ISO-8601 text).
    func json() throws -> String {
        let encoder = APIJSON.makeEncoder()
        let data =
            switch self {
            case .event(let event): try encoder.encode(Wire(type: "event", event: event))
            case .reset(let gallery): try encoder.encode(Wire(type: "reset", gallery: gallery))
            case .progress(let progress): try encoder.encode(Wire(type: "progress", progress: progress))
            case .changed: try encoder.encode(Wire(type: "changed"))
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
