import CaptureFormats
import Foundation
import Store

/// The opened store: `reset` deletes the file first, migrations run, and a database that has
/// never been seeded gets the seed captures (`SeedingRecord`).
public struct StoreBootstrap: Sendable {
    public let database: Database
    public let captures: CaptureRepository
    public let importer: CaptureImporter
    /// Whether `open` imported the seeds into this database just now, so its state is the seeded
    /// state exactly (the sessions' template is then a plain copy of it).
    public private(set) var seededAtOpen = false

    /// Opens (creating and migrating) the database at `path`, as `serve import` does.
    /// - Parameter ignoredParameters: `--ignore-param` rules, added to the APIs' volatile parameters.
    public init(databasePath path: String, hasher: PasswordHasher = PasswordHasher(),
                ignoredParameters: [IgnoredParameter] = []) throws {
        database = try Database(path: path, migrations: StoreComponents.migrations)
        captures = try CaptureRepository(database: database, volatileParameters: VolatileParameters(
            StoreComponents.volatileParameters.rules + ignoredParameters.map(\.rule)))
        importer = CaptureImporter(repository: captures, mappers: StoreComponents.mappers(hasher: hasher))
    }

    /// Opens as the server starts: reset, then seed a never-seeded database from the seeds directory.
    public static func open(_ configuration: MockServerConfiguration) throws -> StoreBootstrap {
        let log = configuration.log
        if configuration.reset && !configuration.isInMemory {
            try deleteDatabaseFiles(at: configuration.databasePath)
            log("reset: deleted \(configuration.databasePath)")
        }
        let store = try StoreBootstrap(databasePath: configuration.databasePath, hasher: configuration.passwordHasher,
                                       ignoredParameters: configuration.ignoredParameters)
        guard try !SeedingRecord.hasBeenSeeded(store.database) else { return store }
        guard let seeds = configuration.seedsDirectory else {
            log("no seeds/ directory found; the database stays unseeded until a start that finds one (use --seeds DIR)")
            return store
        }
        var seeded = store
        if let summary = try CaptureSeeding.seedIfNeverSeeded(importer: store.importer, directory: seeds, progress: { log($0.line) }) {
            log("seeds \(seeds): \(summary.line)")
            seeded.seededAtOpen = true
        }
        return seeded
    }

    /// Removes the database and its WAL and shared-memory files.
    static func deleteDatabaseFiles(at path: String) throws {
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            try FileManager.default.removeItem(atPath: path + suffix)
        }
    }
}
