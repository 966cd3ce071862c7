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

    init(_ configuration: MockServerConfiguration, modules: ((Database) throws -> [any APIModule])? = nil,
         configure: (inout ServerConfiguration) -> Void = { _ in }) throws {
        assembly = try MockServerAssembly(configuration, modules: modules)
        loopback = try LoopbackServer(responder: assembly.controls, errorResponder: MockServerAssembly.errorResponder,
                                      observer: assembly.controls.rejectionObserver, configure: configure)
    }

    /// Shuts the server down and waits until it has stopped.
    func stop() async { await loopback.stop() }
}
