import Wire

/// A capture as stored: what replay answers with, and where it came from.
public struct StoredCapture: Sendable, Hashable {
    /// The row id; a higher id was imported later.
    public let id: Int64
    public let method: String
    public let url: String
    public let path: String
    /// The significant parameters in canonical form (`a=1&b=2`).
    public let parameters: String
    public let status: Int
    public let contentType: String?
    /// The captured response headers as stored (`[["Name","value"],…]`); see `headers`.
    public let headersText: String
    public let body: [UInt8]
    public let waitMilliseconds: Double?
    /// `file entry N` of the import that first stored it.
    public let source: String

    /// The captured response headers, in order, repeats kept (parsed on each call).
    public var headers: HTTPHeaders { CaptureRepository.headers(fromText: headersText) }

    static let columns = "id, method, url, path, parameters, status, content_type, response_body, wait_ms, source, response_headers"

    init(row: Row) throws {
        id = try row.int64(at: 0)
        method = try row.string(at: 1)
        url = try row.string(at: 2)
        path = try row.string(at: 3)
        parameters = try row.string(at: 4)
        status = try row.int(at: 5)
        contentType = try row.optionalString(at: 6)
        body = try row.blob(at: 7)
        waitMilliseconds = try row.optionalDouble(at: 8)
        source = try row.string(at: 9)
        headersText = try row.string(at: 10)
    }
}

/// What storing one record did.
public enum CaptureStoreOutcome: Sendable, Equatable {
    /// A new record, stored under this id.
    case inserted(Int64)
    /// The same content was already stored under this id; nothing changed.
    case unchanged(Int64)

    public var isNew: Bool {
        if case .inserted = self { return true }
        return false
    }
}
