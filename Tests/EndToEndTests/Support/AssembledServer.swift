import APIRoutes
import HTTPServer
import Store
import TestSupport

/// The mock server exactly as `serve` assembles it (`MockServerAssembly`), on a free loopback
/// port with `serve`'s error envelopes and rejected-request journal. Tests vary only the
/// configuration and, where they need a stand-in, the API modules.
final class AssembledServer: Sendable {
    let assembly: MockServerAssembly
    let loopback: LoopbackServer

    var port: Int { loopback.port }
    var baseURL: String { loopback.baseURL }
    var database: Database { assembly.store.database }

    /// Builds and starts the server on the calling thread: opening, migrating and seeding the
    /// database blocks, so async tests use `start` instead.
    init(_ configuration: MockServerConfiguration, modules: (@Sendable (Database) throws -> [any APIModule])? = nil,
         configure: @Sendable (inout ServerConfiguration) -> Void = { _ in }) throws {
        assembly = try MockServerAssembly(configuration, modules: modules)
        loopback = try LoopbackServer(responder: assembly.responder, errorResponder: MockServerAssembly.errorResponder,
                                      observer: assembly.controls.rejectionObserver, configure: configure)
    }

    /// Builds and starts the server on a thread of its own, off the cooperative pool.
    static func start(_ configuration: MockServerConfiguration,
                      modules: (@Sendable (Database) throws -> [any APIModule])? = nil,
                      configure: @escaping @Sendable (inout ServerConfiguration) -> Void = { _ in }) async throws -> AssembledServer {
        try await DedicatedThread.run { () throws in
            try AssembledServer(configuration, modules: modules, configure: configure)
        }
    }

    /// Shuts the server down and waits until it has stopped.
    func stop() async { await loopback.stop() }
}
