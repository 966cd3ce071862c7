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
    let directory: TemporaryDirectory
    let database: Database
    let importer: CaptureImporter
    let loopback: LoopbackServer
    var port: Int { loopback.port }
    var baseURL: String { loopback.baseURL }

    /// `seeds/youfan` of this repository.
    static let seedsDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("seeds/youfan").path

    init() throws {
        directory = try TemporaryDirectory("youfan-e2e")
        database = try Database(path: directory.path("mock.sqlite"),
                                migrations: CaptureRepository.migrations + YoufanSchema.migrations)
        let captures = try CaptureRepository(database: database, volatileParameters: YoufanParameters.volatileParameters)
        importer = CaptureImporter(repository: captures, mappers: [YoufanCaptureMapper()])
        _ = try importer.importPaths([Self.seedsDirectory])
        let application = MockApplication(modules: [YoufanModule(database: database)],
                                          fallbacks: [CaptureReplayer(repository: captures)])
        loopback = try LoopbackServer(responder: application)
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
                    server.loopback.server.shutdown()
                    server.directory.remove()
                }
            }
        }
    }
}
