import Store
import Wire

/// Builds the seeded state that `POST /__admin/reset` returns to (on a copy of the database,
/// which becomes the sessions' `SeededTemplate`). In one transaction it removes
/// the captures added since the start (recorded, or imported through the admin API), empties the
/// modules' tables (everything but the captures, the journal and the migration record), restarts
/// their id counters, and offers every remaining capture to the mappers in import order; then it
/// imports the bundled seeds again (only new records count, so a deleted seed comes back).
public struct CaptureReseeder: Sendable {
    /// Tables that are not module state and survive a reset (persistent stubs are set by the user,
    /// like captures, and outlive resets as they outlive restarts; the hashes made of captured
    /// passwords follow the captures they were made from).
    public static let keptTables = Set(["captures", "capture_settings", "store_migrations", "store_seeding",
                                        StubRepository.table]).union(capturedWork).union(JournalRepository.tables)

    /// Kept tables that mapping the captures fills with work worth keeping (the hashes of captured
    /// passwords): a rebuild on a copy of the database (the sessions' template) hands its new rows
    /// back to the original, so the next start's rebuild does not do the work again.
    public static let capturedWork = [MakaSchema.capturedPasswordHashesTable]

    public let importer: CaptureImporter
    /// The bundled seed captures, re-imported after the rebuild; nil skips that step.
    public let seedsDirectory: String?

    public init(importer: CaptureImporter, seedsDirectory: String?) {
        self.importer = importer
        self.seedsDirectory = seedsDirectory
    }

    /// Rebuilds and returns
    /// `{"capturesRemoved":…,"tablesCleared":…,"capturesReplayed":…,"routed":…,"seeds":{…}}`.
    /// - Parameter startCaptureID: the last capture id stored when the server started; captures
    ///   stored after it are removed first. Nil keeps every capture.
    @discardableResult
    public func reseed(removingCapturesAfter startCaptureID: Int64? = nil) throws -> JSON {
        let repository = importer.repository
        let (removed, tables, replayed, routed) = try repository.database.write { connection in
            try connection.execute("PRAGMA defer_foreign_keys = ON")
            let removed = try startCaptureID.map { id in
                try repository.delete(matching: CaptureFilter(addedAfter: id), in: connection)
            } ?? 0
            let tables = try connection.query(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
            ).map { try $0.string("name") }.filter { !Self.keptTables.contains($0) }
            for table in tables {
                try connection.execute("DELETE FROM \"\(table.replacingOccurrences(of: "\"", with: "\"\""))\"")
            }
            if try connection.queryFirst("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'") != nil {
                for table in tables { try connection.execute("DELETE FROM sqlite_sequence WHERE name = ?", [.text(table)]) }
            }
            var replayed = 0
            var routed = 0
            try repository.forEachRecord(in: connection) { record in
                replayed += 1
                var used = false
                for mapper in importer.mappers where try mapper.map(record, into: connection) { used = true }
                if used { routed += 1 }
            }
            return (removed, tables.count, replayed, routed)
        }
        var members: [(key: String, value: JSON)] = [
            ("capturesRemoved", .int(removed)), ("tablesCleared", .int(tables)), ("capturesReplayed", .int(replayed)), ("routed", .int(routed)),
        ]
        if let seedsDirectory {
            let summary = try importer.importPaths([seedsDirectory], progress: nil)
            members.append(("seeds", .object([("read", .int(summary.read)), ("new", .int(summary.new)),
                                              ("routed", .int(summary.routed))])))
        }
        return .object(members)
    }
}
