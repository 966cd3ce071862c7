extension MakaPublicFeed {
    /// maka.016: the feed's `TableVersionToken`, so that the copy of the feed held in memory
    /// (`TableCopy`) is known to be current by reading one row. A migration that makes
    /// the feed's table again (as maka.014 did) must create the triggers again.
    static let versionMigration = Migration(
        "maka.016-public-feed-version", sql: TableVersionToken.migrationSQL(for: "maka_public_feed"))
}
