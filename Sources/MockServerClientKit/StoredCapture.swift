import Foundation

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

/// One capture in full (`GET /__admin/captures/{id}`).
public struct CaptureDetail: Codable, Sendable, Equatable {
    /// The captured request.
    public struct Request: Codable, Sendable, Equatable {
        public let method: String
        public let url: String
        public let headers: [HeaderField]
        public let contentType: String?
        /// Text (`bodyEncoding` `utf-8`) or base64 (`base64`).
        public let body: String
        public let bodyEncoding: String
        public let bodySize: Int
    }

    /// The captured response, as replay sends it.
    public struct Response: Codable, Sendable, Equatable {
        public let status: Int
        public let headers: [HeaderField]
        public let contentType: String?
        public let body: String
        public let bodyEncoding: String
        public let bodySize: Int
    }

    public let id: Int
    public let request: Request
    public let response: Response
    public let waitMs: Double?
    public let source: String
    public let storedAt: Date
    public let addedSinceStart: Bool
}

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
