import Foundation

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
