extension MakaPublicFeed {
    /// maka.016: a token that changes with every row written to `maka_public_feed`, so that the
    /// copy of the feed held in memory (`MakaPublicFeedCopy`) is known to be current by reading
    /// one row. `random()` rather than a count, as youfan.017's: a session's restore copies the
    /// token back with the rows it belonged to, so an equal token means equal rows. A migration
    /// that makes the feed's table again (as maka.014 did) must create the triggers again.
    static let versionMigration = Migration("maka.016-public-feed-version", sql: """
        CREATE TABLE maka_public_feed_version (id INTEGER PRIMARY KEY CHECK (id = 1), token INTEGER NOT NULL);
        INSERT INTO maka_public_feed_version (id, token) VALUES (1, random());
        CREATE TRIGGER maka_public_feed_version_on_insert AFTER INSERT ON maka_public_feed BEGIN
            UPDATE maka_public_feed_version SET token = random();
        END;
        CREATE TRIGGER maka_public_feed_version_on_update AFTER UPDATE ON maka_public_feed BEGIN
            UPDATE maka_public_feed_version SET token = random();
        END;
        CREATE TRIGGER maka_public_feed_version_on_delete AFTER DELETE ON maka_public_feed BEGIN
            UPDATE maka_public_feed_version SET token = random();
        END;
        """)

    /// The token of the feed `connection` reads now; nil when the row is missing (a copy read
    /// with a nil token is never taken as current).
    static func token(in connection: Connection) throws -> Int64? {
        let statement = try connection.statement("SELECT token FROM maka_public_feed_version WHERE id = 1")
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return try statement.int64(at: 0)
    }
}
