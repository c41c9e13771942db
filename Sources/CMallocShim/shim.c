#include "CMallocShim.h"

#if defined(__GLIBC__)
#include <malloc.h>

int gallery_bound_malloc_arenas(int count) { return mallopt(M_ARENA_MAX, count); }
#else
int gallery_bound_malloc_arenas(int count) { (void)count; return 0; }
#endif
