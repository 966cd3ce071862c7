import CMallocTrim

/// How much freed memory the C allocator may keep resident, set once as `serve` starts.
///
/// Left to glibc's defaults, a seeded start sat at 74 MB with 4 MB of it in use: the sessions'
/// seeded template build (Maka passwords hashed with scrypt, 16 MiB a hash, and every stored
/// capture read into memory) freed 38 MB that its arena kept. The first 16 MiB block was
/// mapped and unmapped; freeing it raised glibc's mapping threshold to 16 MiB, so the next ones
/// were carved from the arena and stayed. A fixed threshold keeps large blocks mapped on their
/// own, a small arena count keeps the threads' free pages in few heaps, and `releaseFreeMemory`
/// hands back what is left after work that allocates much once (the template build).
enum AllocatorPolicy {
    /// Arenas the threads share. glibc opens up to 16 on two cores, each keeping its free pages.
    static let maxArenas: Int32 = 2
    /// Blocks at least this large are mapped on their own and unmapped when freed (glibc's
    /// initial threshold, held fixed).
    static let mmapThreshold: Int32 = 128 << 10

    /// Applies the bounds; before any thread starts, so no arena exists beyond them.
    static func apply() {
        cmalloctrim_bound_retained_memory(maxArenas, mmapThreshold)
    }

    /// Returns the allocator's free pages to the system (`malloc_trim`).
    static func releaseFreeMemory() {
        _ = cmalloctrim_release_free_memory()
    }
}
