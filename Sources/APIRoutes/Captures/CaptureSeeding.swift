/// First-start seeding: the bundled captures are imported only into a database that holds no
/// captures yet, so a seeded database (or one filled by `serve import`) is never re-imported
/// over, and the user's own captures are not shadowed by newer-imported seeds.
public enum CaptureSeeding {
    /// Imports `directory` when the database has no captures; nil when it already had some.
    public static func seedIfEmpty(
        importer: CaptureImporter,
        directory: String,
        progress: (@Sendable (CaptureImportProgress) -> Void)? = nil
    ) throws -> CaptureImportSummary? {
        guard try importer.repository.count() == 0 else { return nil }
        return try importer.importPaths([directory], progress: progress)
    }
}
