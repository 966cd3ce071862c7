extension MockServer {
    /// One server for a whole test run, started with the default options on first use and left
    /// running until the process exits; tests call `reset()` (or `client.reset()`) in their
    /// set-up to begin from the seeded state. Cheaper per test than a server of its own only while
    /// a reset is cheaper than a start (see docs/api.md, Using it in tests); tests that use it must
    /// not run in parallel with each other.
    public static var shared: MockServer {
        get async throws { try await SharedServer.instance.value }
    }
}

/// The task that starts `MockServer.shared`, created on first use.
private enum SharedServer {
    static let instance = Task { try await MockServer.start() }
}
