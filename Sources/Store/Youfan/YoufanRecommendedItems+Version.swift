extension YoufanRecommendedItems {
    /// youfan.017: a token that changes with every row written to `youfan_recommended_items`, so
    /// that a copy of the table held in memory (`YoufanRecommendedPages`) is known to be current
    /// by reading one row. `random()` rather than a count: a session's restore copies the token
    /// back with the rows it belonged to, so an equal token means equal rows, never a count that
    /// came round again over other rows.
    static let versionMigration = Migration("youfan.017-recommended-items-version", sql: """
        CREATE TABLE youfan_recommended_items_version (
            id INTEGER PRIMARY KEY CHECK (id = 1), token INTEGER NOT NULL);
        INSERT INTO youfan_recommended_items_version (id, token) VALUES (1, random());
        CREATE TRIGGER youfan_recommended_items_version_on_insert AFTER INSERT ON youfan_recommended_items BEGIN
            UPDATE youfan_recommended_items_version SET token = random();
        END;
        CREATE TRIGGER youfan_recommended_items_version_on_update AFTER UPDATE ON youfan_recommended_items BEGIN
            UPDATE youfan_recommended_items_version SET token = random();
        END;
        CREATE TRIGGER youfan_recommended_items_version_on_delete AFTER DELETE ON youfan_recommended_items BEGIN
            UPDATE youfan_recommended_items_version SET token = random();
        END;
        """)

    /// The token of the rows `connection` reads now; nil when the row is missing (nothing read
    /// with a nil token is ever taken as current).
    static func token(in connection: Connection) throws -> Int64? {
        let statement = try connection.statement("SELECT token FROM youfan_recommended_items_version WHERE id = 1")
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return try statement.int64(at: 0)
    }
}
