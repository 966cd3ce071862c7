extension YoufanRecommendedItems {
    /// youfan.017: the table's `TableVersionToken`, so that a copy of the table held in memory
    /// (`YoufanRecommendedPages`) is known to be current by reading one row.
    static let versionMigration = Migration(
        "youfan.017-recommended-items-version", sql: TableVersionToken.migrationSQL(for: "youfan_recommended_items"))
}
