#ifndef CMALLOCTRIM_H
#define CMALLOCTRIM_H

/// Returns the allocator's free memory to the system (glibc's `malloc_trim(0)`: every arena,
/// free pages in the middle of a heap too). 1 when memory was released, 0 otherwise; a no-op
/// that returns 0 where the C library has no `malloc_trim`.
int cmalloctrim_release_free_memory(void);

/// Bounds the free memory the allocator keeps for reuse; call it before the process starts
/// threads. At most `max_arenas` arenas (glibc otherwise opens up to eight per core, one for
/// each thread that meets a busy arena, and each keeps its own free pages), and every block of
/// `mmap_threshold` bytes or more mapped on its own, so freeing it unmaps it (glibc otherwise
/// raises the threshold to the largest mapped block freed so far, up to 32 MiB, and blocks
/// below it then stay in the arenas once freed). A no-op where the C library is not glibc.
void cmalloctrim_bound_retained_memory(int max_arenas, int mmap_threshold);

#endif
