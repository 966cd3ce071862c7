import APIRoutes
import HTTPServer
import Store

/// Everything `serve` answers with, built from the flags: the opened (and, on first start,
/// seeded) store, the API modules, capture replay (then the upstream in record mode), the admin
/// routes, and the mock controls around it all.
struct MockServerAssembly {
    /// What the server answers with: the application inside the mock controls.
    let controls: MockControls

    init(storeOptions: StoreOptions, mockOptions: MockOptions, log: @escaping @Sendable (String) -> Void) throws {
        let seeds = storeOptions.resolveSeedsDirectory()
        let store = try StoreBootstrap.open(storeOptions, seeds: seeds, log: log)
        var admin = Router()
        admin.addCaptureImportRoute(importer: store.importer, log: log)
        let modules: [any APIModule] = [
            try MakaModule(database: store.database, log: log),
            YoufanModule(database: store.database, log: log),
        ]
        let replayer = CaptureReplayer(repository: store.captures, sequence: storeOptions.replaySequence)
        var fallbacks: [any FallbackResponder] = [replayer]
        if let forwarder = try mockOptions.upstreamForwarder(captures: store.captures) { fallbacks.append(forwarder) }
        let application = MockApplication(admin: admin, modules: modules, fallbacks: fallbacks, log: log)
        controls = try mockOptions.controls(wrapping: application, store: store, seedsDirectory: seeds, log: log)
    }

    /// Server-generated errors (400, 408, 413 …) in the envelope of the API the path belongs to.
    static let errorResponder = ErrorResponder.envelope
}
