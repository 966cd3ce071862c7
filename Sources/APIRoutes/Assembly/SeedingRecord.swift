import Store

/// Whether a database has ever been seeded: one row in `store_seeding`, written when the seeds
/// are imported (or declined with `serve import --no-seeds`). Seeding follows this record, not an
/// empty captures table, so `serve import` into a new file no longer hides the seeds, and a
/// seeded database whose captures were all replaced is never seeded over again.
public enum SeedingRecord {
    /// The table; a database that already held captures before it existed was seeded by the old
    /// rule (or filled by `serve import`, which then meant the same) and is recorded as seeded.
    public static let migrations: [Migration] = [
        Migration("seeding.001-record", sql: """
            CREATE TABLE store_seeding (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                seeds TEXT NOT NULL,
                seeded_at TEXT NOT NULL
            );
            INSERT INTO store_seeding (id, seeds, seeded_at)
                SELECT 1, '(captures present before seeding was recorded)', strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
                WHERE EXISTS (SELECT 1 FROM captures);
            """),
    ]

    /// Whether the seeds were imported (or declined) before.
    public static func hasBeenSeeded(_ database: Database) throws -> Bool {
        try database.read { db in try db.queryFirst("SELECT 1 FROM store_seeding WHERE id = 1") != nil }
    }

    /// Records that the database is seeded, from `seeds` (a directory, or why none was imported).
    public static func record(seeds: String, in database: Database) throws {
        try database.write { db in
            try db.execute("""
                INSERT OR REPLACE INTO store_seeding (id, seeds, seeded_at)
                VALUES (1, ?, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
                """, [.text(seeds)])
        }
    }
}
