import CaptureFormats
import HTTPServer
import Store

/// The whole mock server, built in one place from a `MockServerConfiguration`: the opened (and,
/// on first start, seeded) store, the default session over it (API modules, capture replay, then
/// the upstream in record mode, admin routes, mock controls), the registry that builds the named
/// sessions the same way over copies of the seeded template, and the responder that picks the
/// session of each request.
public struct MockServerAssembly: Sendable {
    /// The default session's store: the `--db` database.
    public let store: StoreBootstrap
    /// The default session's journal.
    public let journal: Journal
    /// The default session's mock controls (journaling what the server itself refuses).
    public let controls: MockControls
    /// The named sessions and the seeded template they start from.
    public let sessions: SessionRegistry
    /// What the server answers with: picks the session of each request and hands it to that
    /// session's mock controls.
    public let responder: SessionResponder
    /// How the access log writes a request target: secret parameters masked unless `keepSecrets`.
    public let accessLogTarget: @Sendable (String) -> String
    /// How the access log finds an answer's business code: the bytes of the envelope's `code`,
    /// `status` or `isSuccess` (`BusinessCode`).
    public let accessLogBusinessCode: @Sendable ([UInt8]) -> Range<Int>? = { BusinessCode.read($0) }

    /// - Parameter modules: the API modules over an opened database (called once per session); by
    ///   default Maka and Youfan. Tests that need a stand-in module pass their own and keep
    ///   everything else as `serve` has it.
    public init(_ configuration: MockServerConfiguration,
                modules: (@Sendable (Database) throws -> [any APIModule])? = nil) throws {
        store = try StoreBootstrap.open(configuration)
        let masking = configuration.secretMasking
        accessLogTarget = { masking.target($0) }
        let directory = try SessionDirectory.discardingEarlierRun(for: configuration.databasePath)
        let openStore: @Sendable (String) throws -> StoreBootstrap = { path in
            try StoreBootstrap(databasePath: path, hasher: configuration.passwordHasher,
                               ignoredParameters: configuration.ignoredParameters)
        }
        let template = SeededTemplate(
            directory: directory, source: store.database, startCaptureID: try store.captures.lastID(),
            seedsDirectory: configuration.seedsDirectory, openStore: openStore, log: configuration.log)
        if store.seededAtOpen { try template.copySeededSource() }
        let settings = configuration.controls
        configuration.log("mock controls: seed \(settings.seed) (repeat this run with --seed \(settings.seed))")
        let defaultSession = try Self.session(over: store, matchingTemplate: store.seededAtOpen, configuration,
                                              modules: modules, template: template)
        if !configuration.keepJournal { try defaultSession.journal.clear() }
        journal = defaultSession.journal
        controls = defaultSession.controls
        sessions = SessionRegistry(directory: directory, template: template, settings: configuration.sessions,
                                   log: configuration.log) { path in
            try Self.session(over: openStore(path), matchingTemplate: true, configuration, modules: modules, template: template)
        }
        responder = SessionResponder(defaultSession: defaultSession, registry: sessions,
                                     adminGuard: AdminGuard(token: settings.adminToken), log: configuration.log)
    }

    /// Server-generated errors (400, 408, 413 …) in the envelope of the API the path belongs to.
    public static let errorResponder = ErrorResponder.envelope

    /// One session's stack over an opened store: its modules, replay and upstream fallbacks, admin
    /// routes, journal and mock controls; its reset copies back from `template` the tables changed
    /// since it started (every table, unless the store `matchingTemplate` is the template's copy).
    static func session(over store: StoreBootstrap, matchingTemplate: Bool, _ configuration: MockServerConfiguration,
                        modules: (@Sendable (Database) throws -> [any APIModule])?,
                        template: SeededTemplate) throws -> MockSession {
        try store.database.trackChangedTables(markingAllChanged: !matchingTemplate, except: JournalRepository.tables)
        var admin = Router()
        let log = configuration.log
        admin.addCaptureImportRoute(importer: store.importer, log: log)
        let database = store.database
        admin.addYoufanOrderControls(database: database, log: log)
        let apiModules = try modules?(database) ?? [
            try MakaModule(database: database, hasher: configuration.passwordHasher,
                           acceptAnyPassword: configuration.acceptAnyPassword, log: log),
            YoufanModule(database: database, log: log),
        ]
        let replayer = CaptureReplayer(repository: store.captures, sequence: configuration.replaySequence)
        let masking = configuration.secretMasking
        let fallbacks: [any FallbackResponder] = [
            replayer, upstreamForwarder(configuration.upstream, captures: store.captures, masking: masking),
        ]
        let application = MockApplication(admin: admin, modules: apiModules, fallbacks: fallbacks, log: log)
        let settings = configuration.controls
        let journal = Journal(database: database, capacity: settings.journalSize, bodyCap: settings.journalBodyBytes,
                              masking: masking)
        let controls = MockControls(
            application: application,
            policy: ControlPolicy(global: settings.global, seed: settings.seed),
            journal: settings.journal ? journal : nil,
            cors: settings.cors ? CORSPolicy() : nil,
            adminGuard: AdminGuard(token: settings.adminToken),
            captures: try CaptureStoreAdministration(repository: store.captures, masking: masking,
                                                     settleStartState: { try template.prepare() }) {
                let summary = try template.restore(database)
                replayer.forgetCachedCaptures()
                return summary
            },
            masking: masking,
            stubs: try StubRegistry(database: database, log: log),
            log: log)
        return MockSession(store: store, journal: journal, controls: controls)
    }

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
