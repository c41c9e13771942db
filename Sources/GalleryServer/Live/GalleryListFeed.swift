import Foundation
import GalleryCore

/// The live feed of the gallery browser: a "changed" message after a gallery the person may see changes (created,
/// renamed, duplicated, deleted, restored, or its items changed), at most one per `interval` after the first, so that
/// the page loads the list again. Changes of galleries they may not see are not told, not even that they happened.
struct GalleryListFeed: Sendable {
    let store: any GalleryStore
    /// Whether the person may see any of these galleries (asked at each change: rights change too).
    let seesAny: @Sendable (Set<GalleryID>) async throws -> Bool
    /// The shortest time between two messages.
    var interval: Duration = .milliseconds(250)

    /// Sends ``LiveMessage/changed`` once at once (the list may have changed before this view subscribed, or while it
    /// was away), then after each change the person may see (coalesced), until the task is cancelled.
    func run(send: @Sendable (LiveMessage) async throws -> Void) async throws {
        let changes = store.changedGalleries()
        try await send(.changed)
        for await changed in changes where try await seesAny(changed) {
            try await Task.sleep(for: interval)
            try await send(.changed)
        }
    }
}
