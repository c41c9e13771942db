import Foundation
import GalleryCore

/// The live feed of the gallery browser: a "changed" message after any gallery changes (created, renamed, duplicated,
/// deleted, restored, or its items changed), at most one per `interval` after the first, so that the page loads the
/// list again.
struct GalleryListFeed: Sendable {
    let store: any GalleryStore
    /// The shortest time between two messages.
    var interval: Duration = .milliseconds(250)

    /// Sends ``LiveMessage/changed`` once at once (the list may have changed before this view subscribed, or while it
    /// was away), then after each change (coalesced), until the task is cancelled.
    func run(send: @Sendable (LiveMessage) async throws -> Void) async throws {
        let signals = store.changeSignals(in: nil)
        try await send(.changed)
        for await _ in signals {
            try await Task.sleep(for: interval)
            try await send(.changed)
        }
    }
}
