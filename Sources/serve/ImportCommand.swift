import APIRoutes
import ArgumentParser
import Foundation

/// `serve import FILE_OR_DIR… [--db PATH] [--no-seeds]`: imports capture files into the database
/// in one transaction and prints its summary (a totals line, then records per table and refusals
/// per reason); a malformed file fails with a non-zero exit and nothing written. Into a database
/// never seeded, the bundled seeds go in first (as `serve` would on its first start), so the demo
/// accounts work and the files answer over them; the first output line says what was done about seeds.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import HAR (*.har) and capture JSON (*.json) files or directories into the database."
    )

    @Argument(help: ArgumentHelp("Capture files, or directories searched for *.har and *.json.", valueName: "file-or-dir"))
    var paths: [String]

    @OptionGroup var database: DatabaseOptions

    @Flag(name: .customLong("no-seeds"), help: "Never seed this database: only these files go in, and serve will not seed it either.")
    var noSeeds = false

    func run() throws {
        let log: @Sendable (String) -> Void = { line in
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
        var seedsLine: String?
        do {
            let store = try StoreBootstrap(databasePath: database.path)
            seedsLine = try seedFirst(store, log: log)
            if let seedsLine { print(seedsLine) }
            let summary = try store.importer.importPaths(paths, progress: { log($0.line) })
            print(summary.report.joined(separator: "\n"))
        } catch {
            let written = seedsLine == nil ? "nothing written" : "none of these files written (the seeds line above stands)"
            log("import failed, \(written): \(error)")
            throw ExitCode.failure
        }
    }

    /// Seeds a never-seeded database before the files, and says what it did; nil when the
    /// database was seeded before.
    private func seedFirst(_ store: StoreBootstrap, log: @escaping @Sendable (String) -> Void) throws -> String? {
        guard try !SeedingRecord.hasBeenSeeded(store.database) else { return nil }
        if noSeeds {
            try SeedingRecord.record(seeds: "(declined: serve import --no-seeds)", in: store.database)
            return "seeds: none (--no-seeds); this database will never be seeded"
        }
        guard let seeds = SeedsLocator.locate() else {
            return "seeds: no bundled seeds/ found, so none imported; serve seeds this database on its first start that finds some (they then answer over these files), unless you import with --no-seeds"
        }
        guard let summary = try CaptureSeeding.seedIfNeverSeeded(importer: store.importer, directory: seeds, progress: { log($0.line) }) else {
            return nil
        }
        return "seeds: the database was never seeded, so \(seeds) went in first (\(summary.line)); these files answer over them"
    }
}
