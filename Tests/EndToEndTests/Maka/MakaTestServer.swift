import Foundation
import APIRoutes
import HTTPServer
import Store

/// A real HTTP server on a free loopback port, serving the Maka module over a SQLite file in a
/// fresh temporary directory. `restart()` stops it and reopens the same file, as a new process would.
final class MakaTestServer {
    /// yescrypt at its lowest cost keeps registrations and seed imports quick in tests.
    static let hasher = PasswordHasher(cost: 1)
    static let migrations = CaptureRepository.migrations + MakaSchema.migrations

    let directory: TemporaryDirectory
    let databasePath: String
    private(set) var database: Database
    private(set) var port: Int
    private var server: LoopbackServer?

    /// - Parameter seeded: start from a copy of a database with the bundled Maka seeds imported.
    init(seeded: Bool = false) throws {
        directory = try TemporaryDirectory("maka-e2e")
        databasePath = directory.path("maka.sqlite")
        if seeded { try MakaSeededDatabase.copy(to: databasePath) }
        (database, server, port) = try Self.start(databasePath)
    }

    deinit { stop() }   // before the directory goes

    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Stops the server and opens the same database file with a new server and port.
    func restart() throws {
        stop()
        (database, server, port) = try Self.start(databasePath)
    }

    func stop() {
        server?.stop()
        server = nil
    }

    private static func start(_ path: String) throws -> (Database, LoopbackServer, Int) {
        let database = try Database(path: path, migrations: migrations)
        let module = try MakaModule(database: database, hasher: hasher)
        let server = try LoopbackServer(responder: MockApplication(modules: [module]))
        return (database, server, server.port)
    }
}

/// The bundled Maka seeds imported once per test process, copied for each test that wants them.
enum MakaSeededDatabase {
    static var seedsDirectory: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("seeds/maka").path
    }

    private static let template: Result<String, any Error> = Result {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("maka-seeded-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("seeded.sqlite").path
        try importSeeds(into: path)
        return path
    }

    /// Imports `seeds/maka` into the database at `path` and closes it; returns the summary.
    @discardableResult
    static func importSeeds(into path: String) throws -> CaptureImportSummary {
        let database = try Database(path: path, migrations: MakaTestServer.migrations)
        let repository = try CaptureRepository(database: database, volatileParameters: [])
        let importer = CaptureImporter(repository: repository,
                                       mappers: [MakaCaptureMapper(hasher: MakaTestServer.hasher)])
        return try importer.importPaths([seedsDirectory])
    }

    static func copy(to path: String) throws {
        let source = try template.get()
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: source + suffix) {
            try FileManager.default.copyItem(atPath: source + suffix, toPath: path + suffix)
        }
    }
}
