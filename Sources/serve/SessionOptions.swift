import APIRoutes
import ArgumentParser

/// The session flags of `serve`: how many named sessions, how long an unused one lives, how many
/// are kept ready, and whether the journal of earlier runs is kept.
struct SessionOptions: ParsableArguments {
    @Option(help: "Named sessions alive at once; the least recently used one with no request in flight makes room for a new one.")
    var maxSessions = 32

    @Option(help: ArgumentHelp(
        "Seconds after which an unused named session is discarded (its next request starts it again from the seeds).",
        valueName: "seconds"))
    var sessionIdleTimeout = 1800.0

    @Option(help: "Named sessions kept ready (copied from the seeded template and built in the background), so that a new session starts at once; 0 makes each on its first request.")
    var spareSessions = 1

    @Flag(help: "Keep the request journal of earlier runs (by default it starts empty).")
    var keepJournal = false

    func validate() throws {
        guard maxSessions >= 1 else { throw ValidationError("--max-sessions must be at least 1") }
        guard (0...8).contains(spareSessions) else { throw ValidationError("--spare-sessions must be from 0 to 8") }
        guard sessionIdleTimeout > 0, sessionIdleTimeout.isFinite else {
            throw ValidationError("--session-idle-timeout must be a number of seconds above 0")
        }
    }

    var settings: SessionSettings {
        SessionSettings(maxSessions: maxSessions, idleTimeout: sessionIdleTimeout, spareSessions: spareSessions)
    }
}
