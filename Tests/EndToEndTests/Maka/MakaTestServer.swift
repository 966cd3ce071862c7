import Foundation
import APIRoutes
import HTTPServer
import Store
import TestSupport

/// The assembled mock server on a free loopback port over a SQLite file in a fresh temporary
/// directory. `restart()` stops it and reopens the same file, as a new process would.
final class MakaTestServer {
    /// scrypt at its lowest cost keeps registrations and seed imports quick in tests.
    static let hasher = PasswordHasher(cost: 1)

    let directory: TemporaryDirectory
    let databasePath: String
    private(set) var server: AssembledServer

    var port: Int { server.port }
    var baseURL: String { server.baseURL }

    let acceptAnyPassword: Bool

    /// - Parameters:
    ///   - seeded: start from a copy of a database with the bundled Maka seeds imported.
    ///   - acceptAnyPassword: start as `serve --accept-any-password` does.
    init(seeded: Bool = false, acceptAnyPassword: Bool = false) async throws {
        directory = try TemporaryDirectory("maka-e2e")
        databasePath = directory.path("maka.sqlite")
        self.acceptAnyPassword = acceptAnyPassword
        if seeded { try await MakaSeededDatabase.copy(to: databasePath) }
        server = try await Self.start(databasePath, acceptAnyPassword: acceptAnyPassword)
    }

    /// Stops the server and opens the same database file with a new server and port.
    func restart() async throws {
        await stop()
        server = try await Self.start(databasePath, acceptAnyPassword: acceptAnyPassword)
    }

    /// Stops the server and waits until it has.
    func stop() async { await server.stop() }

    /// No seeds directory: an unseeded database stays empty, a seeded copy keeps its captures.
    private static func start(_ path: String, acceptAnyPassword: Bool) async throws -> AssembledServer {
        try await AssembledServer.start(MockServerConfiguration(databasePath: path, passwordHasher: hasher,
                                                                acceptAnyPassword: acceptAnyPassword))
    }
}

/// The bundled Maka seeds imported once per test process, copied for each test that wants them.
enum MakaSeededDatabase {
    static var seedsDirectory: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("seeds/maka").path
    }

    private static let template = SharedFixture {
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
        try StoreBootstrap(databasePath: path, hasher: MakaTestServer.hasher).importer.importPaths([seedsDirectory])
    }

    static func copy(to path: String) async throws {
        let source = try await template.value
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: source + suffix) {
            try FileManager.default.copyItem(atPath: source + suffix, toPath: path + suffix)
        }
    }
}
