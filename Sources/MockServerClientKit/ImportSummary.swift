/// What an import did (`POST /__admin/import`): records read, new and unchanged, how many went
/// into the Maka and Youfan tables (`tables`, by name) and which were refused, by reason.
public struct ImportSummary: Codable, Sendable, Equatable {
    /// Records refused for one reason.
    public struct Refusal: Codable, Sendable, Equatable {
        public let reason: String
        public let records: Int
    }

    public let files: Int
    public let read: Int
    public let new: Int
    public let unchanged: Int
    public let routed: Int
    public let replayOnly: Int
    public let tables: [String: Int]
    public let refused: [Refusal]
}
