import APIRoutes
import Foundation
import HTTPServer
import MockServerClientKit

/// The mock server running inside the test process, on a free port of 127.0.0.1: the same
/// `MockServerAssembly` `serve` runs (Maka, Youfan, capture replay, mock controls, `/__admin`),
/// for unit tests of an app's networking layer.
///
/// ```swift
/// let server = try await MockServer.start()
/// defer { Task { await server.stop() } }
/// let (data, _) = try await URLSession.shared.data(from: server.baseURL.appending(path: "app/templates"))
/// ```
///
/// Each server has its own seeded database (a copy made in milliseconds of one seeded per
/// process); `MockServer.shared` is one server for a whole test run, `reset()` between tests.
public final class MockServer: Sendable {
    /// The port the server listens on (127.0.0.1).
    public let port: Int
    /// `http://127.0.0.1:PORT`: the base URL to give the app's networking layer.
    public let baseURL: URL
    /// A typed client of this server's admin API.
    public let client: MockServerClient
    /// The SQLite file behind the server.
    public let databasePath: String
    private let server: HTTPServer
    private let assembly: MockServerAssembly
    /// The temporary directory holding the database, removed on `stop()`; nil for a given path.
    private let temporaryDirectory: String?

    /// Starts a server with `options`. Opening the store and binding the socket block, so they run
    /// on a thread of their own, never on the cooperative pool.
    public static func start(_ options: MockServerOptions = MockServerOptions()) async throws -> MockServer {
        let seeds = try options.seeds.resolve()
        guard let path = options.databasePath else {
            let directory = try TemporaryDirectories.make(prefix: "MockServerKit")
            TemporaryDirectories.removeAtExit(directory)   // also when a test throws before `stop()`
            let path = directory + "/mock.sqlite"
            do {
                try await SeededTemplates.shared.copy(seededFrom: seeds, to: path)
                return try await OffThePool.run {
                    try MockServer(options, seeds: seeds, databasePath: path, temporaryDirectory: directory)
                }
            } catch {
                try? FileManager.default.removeItem(atPath: directory)
                throw error
            }
        }
        return try await OffThePool.run {
            try MockServer(options, seeds: seeds, databasePath: path, temporaryDirectory: nil)
        }
    }

    private init(_ options: MockServerOptions, seeds: String?, databasePath: String, temporaryDirectory: String?) throws {
        var controls = MockControlSettings()
        if let seed = options.controlsSeed { controls.seed = seed }
        controls.journal = options.journal
        assembly = try MockServerAssembly(MockServerConfiguration(
            databasePath: databasePath, seedsDirectory: seeds, controls: controls,
            acceptAnyPassword: options.acceptAnyPassword, log: options.log))
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0, accessLog: false)
        configuration.accessLogTarget = assembly.accessLogTarget
        configuration.accessLogBusinessCode = assembly.accessLogBusinessCode
        server = HTTPServer(configuration: configuration, responder: assembly.responder,
                            errorResponder: MockServerAssembly.errorResponder,
                            observer: assembly.controls.rejectionObserver)
        port = try server.start().port
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
        client = MockServerClient(baseURL: baseURL)
        self.databasePath = databasePath
        self.temporaryDirectory = temporaryDirectory
    }

    deinit { server.shutdown() }

    /// Shuts the server down gracefully (requests in flight finish) and returns once it has
    /// stopped; a temporary database is then removed. A second call does nothing more.
    public func stop() async {
        let server = self.server
        server.shutdown()
        _ = try? await OffThePool.run { server.waitUntilStopped() }
        if let temporaryDirectory { try? FileManager.default.removeItem(atPath: temporaryDirectory) }
    }

    /// Back to the seeded state between tests (`POST /__admin/reset`): data created by requests,
    /// captures imported since the start, the journal and the runtime rules are gone.
    @discardableResult
    public func reset() async throws -> ResetSummary { try await client.reset() }
}
