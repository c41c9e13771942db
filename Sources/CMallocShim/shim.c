#include "CMallocShim.h"

#include <stdlib.h>  // defines __GLIBC__ on glibc: the check below needs it first

#if defined(__GLIBC__)
#include <malloc.h>

// What glibc's malloc may keep of the memory the server frees, set when the program is loaded, before any thread
// exists (a Swift async main already has its pool's threads, each with an arena, when it starts), unless the
// environment sets it (MALLOC_ARENA_MAX, MALLOC_MMAP_THRESHOLD_, MALLOC_TRIM_THRESHOLD_).
//
// - Arenas: threads that allocate at the same time get arenas of their own, up to eight per core, and each keeps what
//   was freed in it; a server whose request, database, import and image threads take turns grows with every burst and
//   does not shrink (76 -> 632 MB at rest after eight passes of a corpus of uploads; 165-198 MB with two).
// - Thresholds: glibc raises the size from which a block gets a mapping of its own, and the free space it keeps at the
//   top of a heap, to as much as 32 MiB once a large block is freed. Fixed at their first values (128 KiB), large
//   blocks go back to the system when freed.
enum { gallery_malloc_arenas = 2, gallery_malloc_threshold_bytes = 128 * 1024 };

__attribute__((constructor)) static void gallery_malloc_tune_at_load(void) {
    if (getenv("MALLOC_ARENA_MAX") == NULL) mallopt(M_ARENA_MAX, gallery_malloc_arenas);
    if (getenv("MALLOC_MMAP_THRESHOLD_") == NULL && getenv("MALLOC_TRIM_THRESHOLD_") == NULL) {
        mallopt(M_MMAP_THRESHOLD, gallery_malloc_threshold_bytes);
        mallopt(M_TRIM_THRESHOLD, gallery_malloc_threshold_bytes);
    }
}
#endif
