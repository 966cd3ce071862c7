/// One row of `GET /__admin/captures`.
public struct CaptureSummary: Codable, Sendable, Equatable {
    public let id: Int
    public let method: String
    /// The captured URL, secrets masked.
    public let url: String
    public let path: String
    /// The parameters capture matching uses, sorted (`a=getProductDetails&code=…&m=Product`).
    public let parameters: String
    public let status: Int
    public let contentType: String?
    public let bodySize: Int
    /// The recorded wait (HAR `timings.wait`), when there is one.
    public let waitMs: Double?
    /// `FILE entry N` for an imported capture, `recorded from <upstream>` for a recorded one.
    public let source: String
    /// Stored while this server process ran: a reset removes it.
    public let addedSinceStart: Bool
}

/// A page of captures: `total` counts every match, `captures` the page, newest first.
public struct CapturePage: Codable, Sendable, Equatable {
    public let total: Int
    public let captures: [CaptureSummary]
}
