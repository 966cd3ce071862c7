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
    static func headers(fromText text: String?) -> [CaptureHeader] {
        guard let text, let tree = try? JSONTreeParser.parse(Array(text.utf8)), let pairs = tree.array else { return [] }
        return pairs.compactMap { pair in
            guard let items = pair.array, items.count == 2, let name = items[0].string, let value = items[1].string else {
                return nil
            }
            return CaptureHeader(name: name, value: value)
        }
    }
}
