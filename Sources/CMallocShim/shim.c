#include "CMallocShim.h"

#if defined(__GLIBC__)
#include <malloc.h>

int gallery_malloc_set_arenas(int count) { return mallopt(M_ARENA_MAX, count); }

int gallery_malloc_fix_thresholds(int bytes) {
    return mallopt(M_MMAP_THRESHOLD, bytes) && mallopt(M_TRIM_THRESHOLD, bytes);
}
#else
int gallery_malloc_set_arenas(int count) { (void)count; return 0; }

int gallery_malloc_fix_thresholds(int bytes) { (void)bytes; return 0; }
#endif
