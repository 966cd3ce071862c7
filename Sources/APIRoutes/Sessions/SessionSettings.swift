import Foundation

/// The bounds on named sessions (`--max-sessions`, `--session-idle-timeout`).
public struct SessionSettings: Sendable, Equatable {
    /// The most named sessions alive at once (the default session is not counted).
    public var maxSessions: Int
    /// A named session unused for this many seconds is discarded; its next request starts it
    /// again from the seeded state.
    public var idleTimeout: TimeInterval

    public init(maxSessions: Int = 32, idleTimeout: TimeInterval = 30 * 60) {
        self.maxSessions = maxSessions
        self.idleTimeout = idleTimeout
    }
}
