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
                try connection.immediateTransaction { connection in
                    try migration.apply(connection)
                    try connection.execute("INSERT INTO store_migrations (name) VALUES (?)", [.text(migration.name)])
                }
            } catch let error as StoreError {
                throw error.explained("migration \(migration.name) failed")
            }
        }
    }
}
