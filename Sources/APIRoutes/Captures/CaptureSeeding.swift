/// Seeding: the bundled captures are imported into a database that has never been seeded
/// (`SeedingRecord`), whether or not it already holds captures of the user's, and never again
/// after, so a seeded database is not re-imported over: what a user did to seeded state (the
/// demo account's notices deleted or read) stays as they left it across restarts.
///
/// Once per database, not once per seed version: seeds are captures, and a changed seed file
/// is a new capture whose whole answer is routed again (a `Message/getMailList` adds every
/// notice its user does not hold, a collocation page rewrites its cards), and nothing records
/// which seeded rows a user removed, so importing a new version over a database would bring
/// deleted rows back. A database seeded by an older build takes the current seeds on
/// `/__admin/reset` (or `--reset`), which rebuilds from its captures and imports the seeds
/// directory again (`CaptureReseeder`).
public enum CaptureSeeding {
    /// Imports `directory` and records the database as seeded, unless it was seeded before (nil).
    public static func seedIfNeverSeeded(
        importer: CaptureImporter,
        directory: String,
        progress: (@Sendable (CaptureImportProgress) -> Void)? = nil
    ) throws -> CaptureImportSummary? {
        let database = importer.repository.database
        guard try !SeedingRecord.hasBeenSeeded(database) else { return nil }
        let summary = try importer.importPaths([directory], progress: progress)
        try SeedingRecord.record(seeds: directory, in: database)
        return summary
    }
}
