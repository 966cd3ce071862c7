/// How `MockServer.start` builds its server. The defaults give each test a private, seeded
/// database that disappears on `stop()`, the Maka and Youfan data as `serve` seeds it, and the
/// request journal on.
public struct MockServerOptions: Sendable {
    /// The SQLite file; nil (the default) gives the server a fresh copy of a seeded database in a
    /// temporary directory, removed on `stop()`. A path is used as `serve --db PATH` uses it:
    /// created and seeded when it was never seeded, kept on `stop()`.
    public var databasePath: String?
    /// Where the seed captures come from.
    public var seeds: MockServerSeeds
    /// Maka login takes any password for a known account (`serve --accept-any-password`).
    public var acceptAnyPassword: Bool
    /// The seed of the latency and fault draws (`serve --seed`); nil picks one at random.
    public var controlsSeed: UInt64?
    /// Record every API request in the journal (`GET /__admin/requests`). Off, the journal routes
    /// answer `400` ("the request journal is off") and requests cost no journal write.
    public var journal: Bool
    /// Where the server's log lines go (the seed used, seeding, the detail behind a `500`); by
    /// default nowhere.
    public var log: @Sendable (String) -> Void

    public init(databasePath: String? = nil, seeds: MockServerSeeds = .bundled, acceptAnyPassword: Bool = false,
                controlsSeed: UInt64? = nil, journal: Bool = true, log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.databasePath = databasePath
        self.seeds = seeds
        self.acceptAnyPassword = acceptAnyPassword
        self.controlsSeed = controlsSeed
        self.journal = journal
        self.log = log
    }
}
