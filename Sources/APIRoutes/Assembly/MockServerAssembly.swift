import CaptureFormats
import HTTPServer
import Store

/// The whole mock server, built in one place from a `MockServerConfiguration`: the opened (and,
/// on first start, seeded) store, the API modules, capture replay (then the upstream in record
/// mode), the admin routes, and the mock controls around it all.
public struct MockServerAssembly: Sendable {
    public let store: StoreBootstrap
    public let journal: Journal
    /// What the server answers with: the application inside the mock controls.
    public let controls: MockControls
    /// How the access log writes a request target: secret parameters masked unless `keepSecrets`.
    public let accessLogTarget: @Sendable (String) -> String

    /// - Parameter modules: the API modules over the opened database; by default Maka and Youfan.
    ///   Tests that need a stand-in module pass their own and keep everything else as `serve` has it.
    public init(_ configuration: MockServerConfiguration,
                modules: ((Database) throws -> [any APIModule])? = nil) throws {
        store = try StoreBootstrap.open(configuration)
        var admin = Router()
        let log = configuration.log
        admin.addCaptureImportRoute(importer: store.importer, log: log)
        let database = store.database
        let apiModules = try modules?(database) ?? [
            try MakaModule(database: database, hasher: configuration.passwordHasher,
                           acceptAnyPassword: configuration.acceptAnyPassword, log: log),
            YoufanModule(database: database, log: log),
        ]
        let replayer = CaptureReplayer(repository: store.captures, sequence: configuration.replaySequence)
        var fallbacks: [any FallbackResponder] = [replayer]
        let masking = configuration.secretMasking
        accessLogTarget = { masking.target($0) }
        fallbacks.append(Self.upstreamForwarder(configuration.upstream, captures: store.captures, masking: masking))
        let application = MockApplication(admin: admin, modules: apiModules, fallbacks: fallbacks, log: log)
        let settings = configuration.controls
        log("mock controls: seed \(settings.seed) (repeat this run with --seed \(settings.seed))")
        journal = Journal(database: database, capacity: settings.journalSize, bodyCap: settings.journalBodyBytes)
        // A test run asserts over its own requests, not an earlier run's.
        if !settings.keepJournal { try journal.clear() }
        let reseeder = CaptureReseeder(importer: store.importer, seedsDirectory: configuration.seedsDirectory)
        controls = MockControls(
            application: application,
            policy: ControlPolicy(global: settings.global, seed: settings.seed),
            journal: settings.journal ? journal : nil,
            cors: settings.cors ? CORSPolicy() : nil,
            adminGuard: AdminGuard(token: settings.adminToken),
            captures: try CaptureStoreAdministration(repository: store.captures, masking: masking) { startCaptureID in
                try reseeder.reseed(removingCapturesAfter: startCaptureID)
            },
            masking: masking,
            stubs: try StubRegistry(database: database, log: log),
            log: log)
    }

    /// Server-generated errors (400, 408, 413 …) in the envelope of the API the path belongs to.
    public static let errorResponder = ErrorResponder.envelope

    /// The last fallback (after capture replay): the upstreams, record mode and the proxy; without
    /// upstreams and proxy it forwards nothing and only refuses CONNECT.
    private static func upstreamForwarder(_ settings: UpstreamSettings, captures: CaptureRepository,
                                          masking: SecretMasking) -> UpstreamForwarder {
        let recorder = settings.record
            ? CaptureRecorder(repository: captures, directory: settings.recordDirectory, masking: masking) : nil
        return UpstreamForwarder(upstreams: settings.upstreams, proxy: settings.proxy, recorder: recorder,
                                 recordStatuses: settings.recordStatuses,
                                 connectTimeout: settings.connectTimeout, timeout: settings.timeout)
    }
}
