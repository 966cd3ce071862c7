import Foundation

/// The answer of `GET /__admin/sessions`: the default session, the named ones, and the limits.
public struct SessionList: Codable, Sendable, Equatable {
    /// The default session (requests that name none).
    public struct DefaultSession: Codable, Sendable, Equatable {
        public let databaseBytes: Int
        public let journalEntries: Int
    }

    public let `default`: DefaultSession
    public let sessions: [SessionSummary]
    /// Named sessions alive at once (`--max-sessions`).
    public let maxSessions: Int
    /// How long an unused named session lives (`--session-idle-timeout`).
    public let idleTimeoutSeconds: Double
    /// Sessions made ahead of need (`--spare-sessions`).
    public let spareSessions: SpareSessions
    /// Whether the seeded template is built: until then a first session or reset waits for it.
    public let templateReady: Bool

    /// How many sessions are ready to be taken, of how many kept.
    public struct SpareSessions: Codable, Sendable, Equatable {
        public let ready: Int
        public let target: Int
    }
}

/// One named session of `GET /__admin/sessions`.
public struct SessionSummary: Codable, Sendable, Equatable {
    public let name: String
    public let createdAt: Date
    public let lastUsedAt: Date
    /// The size of its database file.
    public let databaseBytes: Int
    /// Its database file (open it with `sqlite3` to look inside).
    public let databasePath: String
    public let journalEntries: Int
    public let requestsInFlight: Int
    /// The client addresses whose requests go to it (`PUT /__admin/sessions/NAME`).
    public let clientAddresses: [String]
}
