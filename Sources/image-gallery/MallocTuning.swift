import CMallocShim
import Foundation

/// What glibc's malloc may keep of the memory the server frees, set at start before the server's threads, unless
/// the environment sets it (`MALLOC_ARENA_MAX`, `MALLOC_MMAP_THRESHOLD_`, `MALLOC_TRIM_THRESHOLD_`).
///
/// - Arenas: threads that allocate at the same time get arenas of their own, up to eight per core, and each keeps
///   what was freed in it; a server whose request, database, import and image threads take turns grows with every
///   burst and does not shrink (76 → 632 MB at rest after eight passes of a corpus of uploads; 165–198 MB with two).
/// - Thresholds: glibc raises the size from which a block gets a mapping of its own, and the free space it keeps at
///   the top of a heap, to as much as 32 MiB once a large block is freed. Fixed at its first values (128 KiB), large
///   blocks go back to the system when freed (importing 200,000 items peaked at 1.24× the memory at rest with the
///   thresholds free to grow, 1.16× fixed; Benchmarks/archive_at_scale.py).
enum MallocTuning {
    /// The arenas the process keeps.
    static let arenas: Int32 = 2
    /// The block size from which a block is mapped on its own, and the free top of a heap given back.
    static let thresholdBytes: Int32 = 128 * 1024

    /// Sets both, each unless the environment does.
    static func apply() {
        let environment = ProcessInfo.processInfo.environment
        if environment["MALLOC_ARENA_MAX"] == nil { _ = gallery_malloc_set_arenas(arenas) }
        if environment["MALLOC_MMAP_THRESHOLD_"] == nil, environment["MALLOC_TRIM_THRESHOLD_"] == nil {
            _ = gallery_malloc_fix_thresholds(thresholdBytes)
        }
    }
}
