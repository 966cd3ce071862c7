#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro over a function-pointer cast that Swift cannot import.
static inline void (*csqlite_transient(void))(void *) { return SQLITE_TRANSIENT; }

/// sqlite3_config is variadic, which Swift cannot call: turns SQLite's memory statistics off.
/// Only takes effect before SQLite initialises (the first open); SQLITE_MISUSE after.
static inline int csqlite_disable_memory_statistics(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }
