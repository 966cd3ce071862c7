/// A persistent stub in the database that this build cannot read (written by another version, or
/// edited by hand); the server does not start, and the message names the stub and the problem.
public struct StubLoadError: Error, Sendable, CustomStringConvertible {
    public let id: String
    public let problem: String

    public var description: String {
        "persistent stub \"\(id)\" in the database cannot be read: \(problem) (remove its row from the persistent_stubs table, or start with --reset)"
    }
}
