import Foundation

/// One journal entry of `GET /__admin/requests`: a request the app sent, and how it was answered.
public struct RecordedRequest: Codable, Sendable, Equatable {
    public let id: Int
    /// When the request started.
    public let time: Date
    /// The client's address and port (`127.0.0.1:50930`).
    public let client: String
    /// Empty for a request the server refused before it parsed (see `rejection`).
    public let method: String
    /// The request target as sent, secrets masked.
    public let target: String
    /// The decoded path.
    public let path: String
    /// The request's header fields in order, repeats kept.
    public let headers: [HeaderField]
    /// The body as text (`bodyEncoding` `utf-8`) or base64 (`base64`), cut at the journal's body size.
    public let body: String
    public let bodyEncoding: String
    /// The whole body's size in bytes.
    public let bodySize: Int
    public let bodyTruncated: Bool
    /// The status sent; nil for a transport fault.
    public let status: Int?
    /// The handlers' time plus the injected delay.
    public let durationMs: Double
    /// Who answered (`maka`, `youfan`, `capture:12`, `upstream`, `not-found`, `fault`, `server` …).
    public let answeredBy: String
    public let delayMs: Int?
    /// `header`, `rule:<id>` or `global`.
    public let delaySource: String?
    public let fault: String?
    public let faultSource: String?
    /// For a request the server refused before routing, the reason the client was given.
    public let rejection: String?

    /// The body's bytes, decoded from base64 when it is not text.
    public var bodyData: Data? {
        bodyEncoding == "base64" ? Data(base64Encoded: body) : Data(body.utf8)
    }

    /// The first header field named `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// A header field as the admin API shows it.
public struct HeaderField: Codable, Sendable, Equatable {
    public let name: String
    public let value: String
}
