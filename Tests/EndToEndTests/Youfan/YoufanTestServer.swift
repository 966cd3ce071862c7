import APIRoutes
import Foundation
import HTTPServer
import Store
import Synchronization
import TestSupport

/// The assembled mock server for end-to-end tests: a SQLite file in a fresh temp directory,
/// seeded on first start from the bundled Youfan seeds as `serve --seeds` does, on a free
/// loopback port. Stopped and deleted at process exit.
final class YoufanTestServer: Sendable {
    let directory: TemporaryDirectory
    let server: AssembledServer
    var database: Database { server.database }
    var importer: CaptureImporter { server.assembly.store.importer }
    var port: Int { server.port }
    var baseURL: String { server.baseURL }

    /// `seeds/youfan` of this repository.
    static let seedsDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("seeds/youfan").path

    init() throws {
        directory = try TemporaryDirectory("youfan-e2e")
        server = try AssembledServer(MockServerConfiguration(databasePath: directory.path("mock.sqlite"),
                                                             seedsDirectory: Self.seedsDirectory))
    }

    /// The server every Youfan suite uses, started off the cooperative pool on first use; it
    /// lives until the test process exits. One server for all suites: the clones' actions only
    /// read and the official app's suites write as users of their own, so suites cannot disturb
    /// each other, and the seeds are imported once, not once per suite (each import of the
    /// bundled seeds costs seconds in a debug build).
    static func forSuite() -> SharedFixture<YoufanTestServer> { processWide }

    private static let processWide = SharedFixture {
        let started = try YoufanTestServer()
        YoufanTestServer.stopAtExit(started)
        return started
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
                    server.server.loopback.server.shutdown()
                    server.directory.remove()
                }
            }
        }
    }
}
