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
                method: row.string("method") ?? "", url: row.string("url") ?? "",
                requestHeaders: Self.headers(fromText: row.string("request_headers")),
                requestBody: row.blob("request_body") ?? [], requestContentType: row.string("request_content_type"),
                status: row.int("status") ?? 0, responseHeaders: Self.headers(fromText: row.string("response_headers")),
                responseContentType: row.string("content_type"), responseBody: row.blob("response_body") ?? [],
                waitMilliseconds: row.double("wait_ms"), source: row.string("source") ?? ""))
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
