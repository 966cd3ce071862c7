/// Runs pending migrations on the writer connection at open.
enum Migrator {
    static func run(_ migrations: [Migration], on connection: Connection) throws {
        var seen = Set<String>()
        for migration in migrations where !seen.insert(migration.name).inserted {
            throw StoreError.misuse("migration \"\(migration.name)\" is listed twice")
        }
        try connection.executeScript("""
            CREATE TABLE IF NOT EXISTS store_migrations (
                name TEXT PRIMARY KEY NOT NULL,
                applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
            )
            """)
        let applied = Set(try connection.query("SELECT name FROM store_migrations").map { try $0.string(at: 0) })
        for migration in migrations where !applied.contains(migration.name) {
            do {
                try apply(migration, on: connection)
            } catch let error as StoreError {
                throw error.explained("migration \(migration.name) failed")
            }
        }
    }

    /// One step in its own transaction; a table rebuild with foreign keys off (the pragma is a
    /// no-op inside a transaction, so it is set around it) and checked before the commit.
    private static func apply(_ migration: Migration, on connection: Connection) throws {
        if migration.rebuildsReferencedTables { try connection.execute("PRAGMA foreign_keys=OFF") }
        defer { if migration.rebuildsReferencedTables { try? connection.execute("PRAGMA foreign_keys=ON") } }
        try connection.immediateTransaction { connection in
            try migration.apply(connection)
            if migration.rebuildsReferencedTables, let orphan = try connection.queryFirst("PRAGMA foreign_key_check") {
                throw StoreError.misuse("a row of \(try orphan.string(at: 0)) names a missing \(try orphan.string(at: 2)) row")
            }
            try connection.execute("INSERT INTO store_migrations (name) VALUES (?)", [.text(migration.name)])
        }
    }
}
