import CaptureFormats
import Wire

/// Reading stored captures back as records, so `POST /__admin/reset` can offer every one of
/// them to the capture mappers again.
extension CaptureRepository {
    /// Calls `body` with every stored record in import order, inside the caller's transaction.
    public func forEachRecord(in connection: Connection, _ body: (CaptureRecord) throws -> Void) throws {
        let rows = try connection.query("""
            SELECT method, url, request_headers, request_body, request_content_type, status, response_headers,
                content_type, response_body, wait_ms, source
            FROM captures ORDER BY id
            """)
        for row in rows {
            try body(CaptureRecord(
                method: try row.string("method"), url: try row.string("url"),
                requestHeaders: Self.headers(fromText: try row.string("request_headers")),
                requestBody: try row.blob("request_body"), requestContentType: try row.optionalString("request_content_type"),
                status: try row.int("status"), responseHeaders: Self.headers(fromText: try row.string("response_headers")),
                responseContentType: try row.optionalString("content_type"), responseBody: try row.blob("response_body"),
                waitMilliseconds: try row.optionalDouble("wait_ms"), source: try row.string("source")))
        }
    }

    /// Headers stored as `[["Name","value"],…]`; anything unreadable gives no headers.
    static func headers(fromText text: String?) -> HTTPHeaders {
        guard let text, let pairs = (try? JSON.parse(text))?.arrayValue else { return HTTPHeaders() }
        return HTTPHeaders(pairs.compactMap { pair in
            guard let items = pair.arrayValue, items.count == 2,
                  let name = items[0].stringValue, let value = items[1].stringValue else { return nil }
            return (name: name, value: value)
        })
    }

    /// Headers as they are stored: `[["Name","value"],…]`, in order, repeats kept.
    static func headerText(_ headers: HTTPHeaders) -> String {
        JSON.array(headers.map { JSON.array([.string($0.name), .string($0.value)]) }).encodedString()
    }
}
