extension MockServerClient {
    /// `POST /__admin/reset`: back to the state the server started in — captures added since the
    /// start removed, the Maka and Youfan data rebuilt from the rest and the seeds, the journal
    /// cleared, the runtime rules dropped and the global controls restored.
    @discardableResult
    public func reset() async throws(MockServerClientError) -> ResetSummary {
        try await decode(ResetSummary.self, "POST", "__admin/reset")
    }
}

/// The answer of `POST /__admin/reset`.
public struct ResetSummary: Codable, Sendable, Equatable {
    /// What happened to the captures and tables.
    public struct Reseeded: Codable, Sendable, Equatable {
        /// Captures added while the server ran, now removed.
        public let capturesRemoved: Int
        public let tablesCleared: Int
        /// Captures whose data was put back into the tables.
        public let capturesReplayed: Int
        public let routed: Int
        /// The seeds imported again; nil when the server has no seeds directory.
        public let seeds: SeedImport?
    }

    /// The seeds directory imported again: records read, newly stored, routed into tables.
    public struct SeedImport: Codable, Sendable, Equatable {
        public let read: Int
        public let new: Int
        public let routed: Int
    }

    public let reseeded: Reseeded
    /// Journal entries removed.
    public let journalCleared: Int
}
