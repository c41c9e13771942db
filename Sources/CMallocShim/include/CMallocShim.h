#ifndef CMALLOCSHIM_H
#define CMALLOCSHIM_H

/// Sets how many malloc arenas the process's threads share (glibc's M_ARENA_MAX); returns 1 on success, 0 where it
/// cannot be set (not glibc).
int gallery_malloc_set_arenas(int count);

/// Fixes the sizes from which glibc's malloc maps a block of its own (M_MMAP_THRESHOLD) and gives the free top of a
/// heap back to the system (M_TRIM_THRESHOLD), which it would otherwise raise to 32 MiB after large blocks are freed;
/// returns 1 on success, 0 where they cannot be set.
int gallery_malloc_fix_thresholds(int bytes);

#endif
