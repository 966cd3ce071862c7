extension MockServerClient {
    /// `POST /__admin/reset`: this client's session back to the seeded state — the tables changed
    /// since the start copied back from the seeded template, captures added since the start
    /// removed, the journal cleared, the runtime rules and non-persistent stubs dropped, scenarios
    /// back in `Started`, the global controls restored.
    @discardableResult
    public func reset() async throws(MockServerClientError) -> ResetSummary {
        try await decode(ResetSummary.self, "POST", "__admin/reset")
    }
}

/// The answer of `POST /__admin/reset`.
public struct ResetSummary: Codable, Sendable, Equatable {
    /// What the restore from the seeded template did.
    public struct Reseeded: Codable, Sendable, Equatable {
        /// Tables changed since the start (or the last reset), copied back from the template.
        public let tablesRestored: Int
        /// Captures added while the server ran, now removed.
        public let capturesRemoved: Int
        /// Seeded captures deleted while the server ran, now back.
        public let capturesRestored: Int
        /// How long the restore took.
        public let milliseconds: Double
    }

    public let reseeded: Reseeded
    /// Journal entries removed.
    public let journalCleared: Int
    /// Stubs removed (the ones not `persistent`).
    public let stubsRemoved: Int
}
