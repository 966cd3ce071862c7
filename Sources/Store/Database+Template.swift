import CSQLite

/// A database kept as a template file and brought back to it: a compact copy (`VACUUM INTO`),
/// the tables the writer changed since (recorded by temporary triggers on the writer connection,
/// so nothing is written for it), and a restore that copies back only those tables.
extension Database {
    /// The record of changed tables, a temporary table on the writer connection.
    private static let changedTables = "temp.store_changed_tables"
    /// The same table as a trigger names it (a trigger's statements take no schema; a temporary
    /// trigger finds temporary tables first).
    private static let changedTablesInTrigger = "store_changed_tables"
    /// The name the template file is attached under during a restore.
    private static let templateSchema = "store_template"

    /// Writes a compact copy of the whole database to a new file at `path`, as committed now;
    /// writes wait meanwhile. The copy is an ordinary database file, with no WAL.
    public func copy(to path: String) throws {
        try onWriter { try Self.runOnce("VACUUM INTO ?", binding: path, on: $0.handle) }
    }

    /// Starts recording which tables the writer changes, for `restoreChangedTables`.
    /// - Parameters:
    ///   - markingAllChanged: record every table as changed already (the database may
    ///     differ from the template everywhere).
    ///   - untracked: tables never recorded, so never restored: tables whose owner empties them
    ///     itself and whose every row written would otherwise also run a trigger (the journal's).
    public func trackChangedTables(markingAllChanged: Bool = false, except untracked: Set<String> = []) throws {
        try onWriter { connection in
            var script = "CREATE TEMP TABLE IF NOT EXISTS \(Self.changedTables) (name TEXT PRIMARY KEY) WITHOUT ROWID;\n"
            for table in try Self.tableNames(connection) where !untracked.contains(table) {
                for event in ["INSERT", "UPDATE", "DELETE"] {
                    script += """
                        CREATE TEMP TRIGGER IF NOT EXISTS \(Self.quoted("store_changed_\(table)_\(event)"))
                        AFTER \(event) ON main.\(Self.quoted(table))
                        BEGIN INSERT OR IGNORE INTO \(Self.changedTablesInTrigger) VALUES (\(Self.literal(table))); END;

                        """
                }
                if markingAllChanged {
                    script += "INSERT OR IGNORE INTO \(Self.changedTables) VALUES (\(Self.literal(table)));\n"
                }
            }
            try connection.executeScript(script)
        }
    }

    /// What `restoreChangedTables` did: the tables copied back, and for each keyed table how many
    /// rows it removed (not in the template) and brought back (in the template only).
    public struct RestoredTables: Sendable {
        public var tables: [String]
        public var keyedRows: [String: (removed: Int, restored: Int)]
    }

    /// Makes every table the writer changed since `trackChangedTables` (or the last restore) equal
    /// to the same table in the template file at `path`, in one transaction: readers see the old
    /// state or the new one. A table in `keyedBy` is compared by that column instead of copied
    /// whole (rows whose key the template lacks are deleted, the template's missing rows
    /// inserted), for large tables that change little. `sqlite_sequence` follows each table.
    /// Both files must come from the same migrations. Tables in `kept` are left as they are.
    public func restoreChangedTables(from path: String, keyedBy keys: [String: String] = [:],
                                     keeping kept: Set<String> = []) throws -> RestoredTables {
        try onWriter { connection in
            let handle = connection.handle
            try Self.runOnce("ATTACH DATABASE ? AS \(Self.templateSchema)", binding: path, on: handle)
            defer { try? connection.executeScript("DETACH DATABASE \(Self.templateSchema)") }
            // Foreign keys are checked per table copy otherwise, and cascades would reach tables not copied back.
            try connection.executeScript("PRAGMA foreign_keys = OFF")
            defer { try? connection.executeScript("PRAGMA foreign_keys = ON") }
            return try connection.immediateTransaction { db in
                try Self.restore(db, keys: keys, kept: kept)
            }
        }
    }

    /// Adds to each of `tables` the rows of the same table in the database file at `path` whose
    /// key it lacks (`INSERT OR IGNORE`), in one transaction: what a rebuild on a copy worked out
    /// and the original should keep. Both files must come from the same migrations.
    public func insertMissingRows(of tables: [String], from path: String) throws {
        try onWriter { connection in
            try Self.runOnce("ATTACH DATABASE ? AS \(Self.templateSchema)", binding: path, on: connection.handle)
            defer { try? connection.executeScript("DETACH DATABASE \(Self.templateSchema)") }
            try connection.immediateTransaction { db in
                for table in tables.map(Self.quoted) {
                    try db.executeScript("INSERT OR IGNORE INTO main.\(table) SELECT * FROM \(Self.templateSchema).\(table)")
                }
            }
        }
    }

    private static func restore(_ db: Connection, keys: [String: String], kept: Set<String>) throws -> RestoredTables {
        var changed: [String] = []
        try forEachRow("SELECT name FROM \(changedTables) ORDER BY name", on: db.handle) { statement in
            changed.append(String(cString: sqlite3_column_text(statement, 0)))
        }
        changed.removeAll(where: kept.contains)
        let hasSequence = try integer("SELECT count(*) FROM main.sqlite_master WHERE name = 'sqlite_sequence'", on: db.handle) > 0
        var restored = RestoredTables(tables: changed, keyedRows: [:])
        for table in changed {
            let live = "main.\(quoted(table))"
            let template = "\(templateSchema).\(quoted(table))"
            if let key = keys[table].map(quoted) {
                let missing = "\(key) NOT IN (SELECT \(key) FROM \(template))"
                let absent = "\(key) NOT IN (SELECT \(key) FROM \(live))"
                restored.keyedRows[table] = (
                    removed: try integer("SELECT count(*) FROM \(live) WHERE \(missing)", on: db.handle),
                    restored: try integer("SELECT count(*) FROM \(template) WHERE \(absent)", on: db.handle))
                try db.executeScript("""
                    DELETE FROM \(live) WHERE \(missing);
                    INSERT INTO \(live) SELECT * FROM \(template) WHERE \(absent);
                    """)
            } else {
                try db.executeScript("DELETE FROM \(live); INSERT INTO \(live) SELECT * FROM \(template);")
            }
            if hasSequence {
                try db.executeScript("""
                    DELETE FROM main.sqlite_sequence WHERE name = \(literal(table));
                    INSERT INTO main.sqlite_sequence SELECT * FROM \(templateSchema).sqlite_sequence WHERE name = \(literal(table));
                    """)
            }
        }
        try db.executeScript("DELETE FROM \(changedTables)")
        return restored
    }

    private static func tableNames(_ connection: Connection) throws -> [String] {
        var names: [String] = []
        try forEachRow("SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
                       on: connection.handle) { statement in
            names.append(String(cString: sqlite3_column_text(statement, 0)))
        }
        return names
    }

    /// An identifier in double quotes.
    private static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A string literal in single quotes (table names from `sqlite_master`, never client text).
    private static func literal(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// Runs one statement with one text binding, prepared for this call only (not cached: the
    /// attached template must not stay referenced by a cached statement).
    private static func runOnce(_ sql: String, binding text: String, on handle: OpaquePointer) throws {
        try Statement(connection: handle, sql: sql).run([.text(text)])
    }

    /// Runs a query prepared for this call only, calling `body` with the statement on each row.
    private static func forEachRow(_ sql: String, on handle: OpaquePointer, _ body: (OpaquePointer) -> Void) throws {
        var statement: OpaquePointer?
        defer { sqlite3_finalize(statement) }
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw StoreError(connection: handle, sql: sql)
        }
        var result = sqlite3_step(statement)
        while result == SQLITE_ROW {
            body(statement)
            result = sqlite3_step(statement)
        }
        guard result == SQLITE_DONE else { throw StoreError(connection: handle, sql: sql) }
    }

    /// The integer in the first column of a query's one row.
    private static func integer(_ sql: String, on handle: OpaquePointer) throws -> Int {
        var value = 0
        try forEachRow(sql, on: handle) { value = Int(sqlite3_column_int64($0, 0)) }
        return value
    }
}
