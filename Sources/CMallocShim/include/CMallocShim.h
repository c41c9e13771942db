#ifndef CMALLOCSHIM_H
#define CMALLOCSHIM_H

/// Sets how many malloc arenas the process's threads share (glibc's M_ARENA_MAX); returns 1 on success, 0 where it
/// cannot be set (not glibc).
int gallery_bound_malloc_arenas(int count);

#endif
