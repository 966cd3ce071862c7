#include <stdlib.h>
#include "CMallocTrim.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

int cmalloctrim_release_free_memory(void) {
#if defined(__GLIBC__)
    return malloc_trim(0);
#else
    return 0;
#endif
}

void cmalloctrim_bound_retained_memory(int max_arenas, int mmap_threshold) {
#if defined(__GLIBC__)
    mallopt(M_ARENA_MAX, max_arenas);
    mallopt(M_MMAP_THRESHOLD, mmap_threshold);
#else
    (void)max_arenas;
    (void)mmap_threshold;
#endif
}
