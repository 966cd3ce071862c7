import CaptureFormats
import Foundation

/// Everything the mock server is assembled from, as plain values: where the store lives and how
/// it starts, the mock controls, the upstream and record mode, and where log lines go. `serve`
/// turns its flags into one; tests write one directly.
public struct MockServerConfiguration: Sendable {
    /// The SQLite database file, created if missing; `:memory:` keeps everything in memory.
    public var databasePath: String
    /// Delete the database file first, so the seeds are imported again.
    public var reset: Bool
    /// Seed captures imported into an empty database; nil: start empty.
    public var seedsDirectory: String?
    /// Repeated identical requests walk through every matching capture in import order.
    public var replaySequence: Bool
    /// Parameters that never count when matching captures, beyond the APIs' own (`--ignore-param`).
    public var ignoredParameters: [IgnoredParameter]
    public var controls: MockControlSettings
    public var upstream: UpstreamSettings
    /// Hashes Maka passwords, in the module and when seeds are imported (tests lower the cost).
    public var passwordHasher: PasswordHasher
    /// Maka login takes any password for a known account (`--accept-any-password`), for clients
    /// that encrypt the password with a key the mock does not know. Off by default.
    public var acceptAnyPassword: Bool
    /// Write secrets (`Authorization`, cookies, `token` and `password` parameters) in clear to
    /// `--record-dir` files, exports, the journal and the access log (`--keep-secrets`). Off by
    /// default: they are masked by `SecretMasking`.
    public var keepSecrets: Bool
    /// Keep the request journal of earlier runs (`--keep-journal`); by default it starts empty.
    public var keepJournal: Bool
    /// The bounds on named sessions.
    public var sessions: SessionSettings
    /// Where log lines go: start-up (the seed used, seeding, reset) and the detail of every internal
    /// error, under the request id its 500 answer names.
    public var log: @Sendable (String) -> Void

    public init(databasePath: String, reset: Bool = false, seedsDirectory: String? = nil, replaySequence: Bool = false,
                ignoredParameters: [IgnoredParameter] = [], controls: MockControlSettings = MockControlSettings(), upstream: UpstreamSettings = UpstreamSettings(),
                passwordHasher: PasswordHasher = PasswordHasher(), acceptAnyPassword: Bool = false,
                keepSecrets: Bool = false, keepJournal: Bool = false, sessions: SessionSettings = SessionSettings(),
                log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.databasePath = databasePath
        self.reset = reset
        self.seedsDirectory = seedsDirectory
        self.replaySequence = replaySequence
        self.ignoredParameters = ignoredParameters
        self.controls = controls
        self.upstream = upstream
        self.passwordHasher = passwordHasher
        self.acceptAnyPassword = acceptAnyPassword
        self.keepSecrets = keepSecrets
        self.keepJournal = keepJournal
        self.sessions = sessions
        self.log = log
    }

    public var isInMemory: Bool { databasePath == ":memory:" }

    /// How secrets are treated in what the server writes for people: masked unless `keepSecrets`.
    public var secretMasking: SecretMasking { keepSecrets ? .keepingSecrets : .standard }
}

/// The mock controls' settings: global latency and faults, the seed of their draws, the
/// journal's size, CORS, and the admin API's token.
public struct MockControlSettings: Sendable, Equatable {
    public var global: GlobalControls
    /// The seed for the latency and fault draws, so a run repeats.
    public var seed: UInt64
    /// Requests kept in the journal; the oldest are dropped.
    public var journalSize: Int
    /// Bytes of each request body kept in the journal.
    public var journalBodyBytes: Int
    /// Send Access-Control-* headers and answer CORS preflights (never on the admin API).
    public var cors: Bool
    /// Required on every `/__admin/*` request (`--admin-token`, or generated when `serve` listens
    /// beyond loopback); nil leaves the admin API open to loopback tools.
    public var adminToken: String?
    /// Record API requests in the journal; off, the journal routes answer 400 (`MockServerKit`'s
    /// `journal: false`, for tests that never read it).
    public var journal: Bool

    public init(global: GlobalControls = GlobalControls(), seed: UInt64 = UInt64.random(in: 0...UInt64(UInt32.max)),
                journalSize: Int = 10_000, journalBodyBytes: Int = 64 * 1024, cors: Bool = true,
                adminToken: String? = nil, journal: Bool = true) {
        self.global = global
        self.seed = seed
        self.journalSize = journalSize
        self.journalBodyBytes = journalBodyBytes
        self.cors = cors
        self.adminToken = adminToken
        self.journal = journal
    }
}

/// Where requests nothing else answers are forwarded, which answers are recorded, and where the
/// mock may relay as a phone's HTTP proxy.
public struct UpstreamSettings: Sendable {
    /// Chosen by the request's host and port, else the first; empty: no forwarding.
    public var upstreams: [Upstream]
    /// Save what the upstream answers as captures.
    public var record: Bool
    /// With `record`, also write each recorded exchange as a capture JSON file here.
    public var recordDirectory: URL?
    /// The upstream statuses that become captures; the others are forwarded but not recorded.
    public var recordStatuses: RecordStatuses
    /// Seconds to wait for an upstream connection before a 504.
    public var connectTimeout: TimeInterval
    /// Seconds a connected upstream may send and take nothing before it is given up (a 504 before
    /// its answer's head); a slow answer that keeps coming is never cut.
    public var timeout: TimeInterval
    /// CONNECT tunnels and forwards to hosts other than the upstreams; off by default.
    public var proxy: ProxyPolicy

    public init(upstreams: [Upstream] = [], record: Bool = false, recordDirectory: URL? = nil,
                recordStatuses: RecordStatuses = .successAndRedirects, connectTimeout: TimeInterval = 10,
                timeout: TimeInterval = 30, proxy: ProxyPolicy = .off) {
        self.upstreams = upstreams
        self.record = record
        self.recordDirectory = recordDirectory
        self.recordStatuses = recordStatuses
        self.connectTimeout = connectTimeout
        self.timeout = timeout
        self.proxy = proxy
    }
}
