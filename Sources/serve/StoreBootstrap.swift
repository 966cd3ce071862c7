import APIRoutes
import Foundation
import Store

/// Opens the store for `serve`: `--reset` deletes the file first, migrations run, and an empty
/// database gets the seed captures.
struct StoreBootstrap {
    let database: Database
    let captures: CaptureRepository
    let importer: CaptureImporter

    init(options: DatabaseOptions) throws {
        database = try Database(path: options.path, migrations: StoreComponents.migrations)
        captures = try CaptureRepository(database: database, volatileParameters: StoreComponents.volatileParameters)
        importer = CaptureImporter(repository: captures, mappers: StoreComponents.mappers)
    }

    /// Opens with the `serve` flags: reset, then seed an empty database from `seeds`
    /// (`StoreOptions.resolveSeedsDirectory()`; nil when there is none).
    static func open(_ options: StoreOptions, seeds: String?,
                     log: @escaping @Sendable (String) -> Void) throws -> StoreBootstrap {
        if options.reset && !options.database.isInMemory {
            try deleteDatabaseFiles(at: options.database.path)
            log("reset: deleted \(options.database.path)")
        }
        let store = try StoreBootstrap(options: options.database)
        if try store.captures.count() == 0 {
            guard let seeds else {
                log("no seeds/ directory found; starting with an empty database (use --seeds DIR)")
                return store
            }
            if let summary = try CaptureSeeding.seedIfEmpty(importer: store.importer, directory: seeds, progress: { log($0.line) }) {
                log("seeds \(seeds): \(summary.line)")
            }
        }
        return store
    }

    /// Removes the database and its WAL and shared-memory files.
    static func deleteDatabaseFiles(at path: String) throws {
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            try FileManager.default.removeItem(atPath: path + suffix)
        }
    }
}
