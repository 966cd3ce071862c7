import APIRoutes
import HTTPServer
import Store

/// Everything `serve` answers with, built from the flags: the opened (and, on first start,
/// seeded) store, the API modules, capture replay and the admin routes.
struct MockServerAssembly {
    let store: StoreBootstrap
    let application: MockApplication

    init(storeOptions: StoreOptions, log: @escaping @Sendable (String) -> Void) throws {
        store = try StoreBootstrap.open(storeOptions, log: log)
        var admin = Router()
        admin.addCaptureImportRoute(importer: store.importer)
        let modules: [any APIModule] = [
            try MakaModule(database: store.database),
        ]
        let replayer = CaptureReplayer(repository: store.captures, sequence: storeOptions.replaySequence)
        application = MockApplication(admin: admin, modules: modules, fallbacks: [replayer])
    }

    /// Server-generated errors (400, 408, 413 …) in the envelope of the API the path belongs to.
    static let errorResponder = ErrorResponder { status, message, path in
        Envelope.httpError(status: status, message: message, path: path)
    }
}
