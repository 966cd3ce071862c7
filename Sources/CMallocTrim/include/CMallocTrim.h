#ifndef CMALLOCTRIM_H
#define CMALLOCTRIM_H

/// Returns the allocator's free memory to the system (glibc's `malloc_trim(0)`: every arena,
/// free pages in the middle of a heap too). 1 when memory was released, 0 otherwise; a no-op
/// that returns 0 where the C library has no `malloc_trim`.
int cmalloctrim_release_free_memory(void);

#endif
