import CaptureFormats

/// A stored capture in full, for `GET /__admin/captures/{id}` and exports: its row id, when it
/// was stored, and the record with both sides' headers and bodies.
public struct StoredRecord: Sendable, Hashable {
    /// The row id; a higher id was stored later.
    public let id: Int64
    /// When the capture was stored, ISO 8601 UTC (`2026-11-23T15:43:19.120Z`).
    public let storedAt: String
    public let record: CaptureRecord

    static let columns = """
        id, imported_at, method, url, request_headers, request_body, request_content_type, status,
        response_headers, content_type, response_body, wait_ms, source
        """

    init(row: Row) throws {
        id = try row.int64("id")
        storedAt = try row.string("imported_at")
        record = try CaptureRecord(row: row)
    }
}

extension CaptureRecord {
    /// A record from a `captures` row holding the record's columns.
    init(row: Row) throws {
        self.init(
            method: try row.string("method"), url: try row.string("url"),
            requestHeaders: CaptureRepository.headers(fromText: try row.string("request_headers")),
            requestBody: try row.blob("request_body"), requestContentType: try row.optionalString("request_content_type"),
            status: try row.int("status"),
            responseHeaders: CaptureRepository.headers(fromText: try row.string("response_headers")),
            responseContentType: try row.optionalString("content_type"), responseBody: try row.blob("response_body"),
            waitMilliseconds: try row.optionalDouble("wait_ms"), source: try row.string("source"))
    }
}
