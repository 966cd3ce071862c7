import APIRoutes
import Foundation
import HTTPServer
import Store
import Synchronization

/// A real mock server for end-to-end tests: a SQLite file in a fresh temp directory, the bundled
/// Youfan seeds imported through the real importer (captures + Youfan mapper), and an
/// `HTTPServer` on a free loopback port answering through `MockApplication` with the Youfan
/// module and capture replay. Stopped and deleted at process exit.
final class YoufanTestServer: Sendable {
    let directory: URL
    let database: Database
    let importer: CaptureImporter
    let server: HTTPServer
    let port: Int
    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// `seeds/youfan` of this repository.
    static let seedsDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("seeds/youfan").path

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("youfan-e2e-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        database = try Database(path: directory.appendingPathComponent("mock.sqlite").path,
                                migrations: CaptureRepository.migrations + YoufanSchema.migrations)
        let captures = try CaptureRepository(database: database, volatileParameters: YoufanParameters.volatile)
        importer = CaptureImporter(repository: captures, mappers: [YoufanCaptureMapper()])
        _ = try importer.importPaths([Self.seedsDirectory])
        let application = MockApplication(modules: [YoufanModule(database: database)],
                                          fallbacks: [CaptureReplayer(repository: captures)])
        server = HTTPServer(configuration: ServerConfiguration(host: "127.0.0.1", port: 0, accessLog: false),
                            responder: application)
        port = try server.start().port
    }

    /// Starts a server for a test suite; it lives until the test process exits.
    static func startForSuite() -> YoufanTestServer {
        do {
            let started = try YoufanTestServer()
            Self.stopAtExit(started)
            return started
        } catch {
            fatalError("cannot start the Youfan end-to-end server: \(error)")
        }
    }

    private static let running = Mutex<[YoufanTestServer]>([])

    private static func stopAtExit(_ server: YoufanTestServer) {
        let first = running.withLock { list in
            list.append(server)
            return list.count == 1
        }
        if first {
            atexit {
                for server in YoufanTestServer.running.withLock({ $0 }) {
                    server.server.shutdown()
                    try? FileManager.default.removeItem(at: server.directory)
                }
            }
        }
    }
}
