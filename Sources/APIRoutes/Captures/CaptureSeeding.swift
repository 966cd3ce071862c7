/// Seeding: the bundled captures are imported into a database that has never been seeded
/// (`SeedingRecord`), whether or not it already holds captures of the user's, and never again
/// after, so a seeded database is not re-imported over.
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
