import Foundation

/// The bounds on named sessions (`--max-sessions`, `--session-idle-timeout`) and how many are
/// made ahead of need (`--spare-sessions`).
public struct SessionSettings: Sendable, Equatable {
    /// The most named sessions alive at once (the default session is not counted).
    public var maxSessions: Int
    /// A named session unused for this many seconds is discarded; its next request starts it
    /// again from the seeded state.
    public var idleTimeout: TimeInterval

    /// Sessions kept ready (copied and built in the background) so that a new one starts at
    /// once; 0 makes each new session on its first request.
    public var spareSessions: Int

    public init(maxSessions: Int = 32, idleTimeout: TimeInterval = 30 * 60, spareSessions: Int = 1) {
        self.maxSessions = maxSessions
        self.idleTimeout = idleTimeout
        self.spareSessions = spareSessions
    }
}
