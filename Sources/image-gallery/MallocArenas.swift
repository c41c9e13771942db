import CMallocShim
import Foundation

/// How many malloc arenas the server's threads share. glibc gives threads that allocate at the same time arenas of
/// their own, up to eight per core, and an arena keeps what was freed in it for its next allocations: a server whose
/// request, database, import and image threads take turns grows with every burst of work and does not shrink (the
/// attack run measured 76 → 632 MB at rest after eight passes of a corpus, 165–198 MB with two arenas). Two arenas
/// are set at start, before the server's threads, unless `MALLOC_ARENA_MAX` says otherwise.
enum MallocArenas {
    /// The arenas the process keeps.
    static let count: Int32 = 2

    /// Bounds the arenas, unless the environment sets them.
    static func bound() {
        guard ProcessInfo.processInfo.environment["MALLOC_ARENA_MAX"] == nil else { return }
        _ = gallery_bound_malloc_arenas(count)
    }
}
