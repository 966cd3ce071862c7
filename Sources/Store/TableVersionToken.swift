/// A token that changes with every row written to a table, so that a copy of the table held in
/// memory is known to be current by reading one row. `random()` rather than a count: a session's
/// restore copies the token back with the rows it belonged to, so an equal token means equal
/// rows, never a count that came round again over other rows. A migration that makes the table
/// again must create the triggers again.
enum TableVersionToken {
    /// The SQL that gives `table` its token: the one-row table `<table>_version` and the triggers
    /// that set a new token after every insert, update and delete.
    static func migrationSQL(for table: String) -> String {
        let version = "\(table)_version"
        let triggers = ["INSERT", "UPDATE", "DELETE"].map { event in
            """
            CREATE TRIGGER \(version)_on_\(event.lowercased()) AFTER \(event) ON \(table) BEGIN
                UPDATE \(version) SET token = random();
            END;
            """
        }
        return """
            CREATE TABLE \(version) (id INTEGER PRIMARY KEY CHECK (id = 1), token INTEGER NOT NULL);
            INSERT INTO \(version) (id, token) VALUES (1, random());

            """ + triggers.joined(separator: "\n")
    }

    /// The token of `table` that `connection` reads now; nil when its row is missing (nothing
    /// read with a nil token is ever taken as current).
    static func read(for table: String, in connection: Connection) throws -> Int64? {
        let statement = try connection.statement("SELECT token FROM \(table)_version WHERE id = 1")
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return try statement.int64(at: 0)
    }
}
