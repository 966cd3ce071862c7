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
                method: row.string("method") ?? "", url: row.string("url") ?? "",
                requestHeaders: Self.headers(fromText: row.string("request_headers")),
                requestBody: row.blob("request_body") ?? [], requestContentType: row.string("request_content_type"),
                status: row.int("status") ?? 0, responseHeaders: Self.headers(fromText: row.string("response_headers")),
                responseContentType: row.string("content_type"), responseBody: row.blob("response_body") ?? [],
                waitMilliseconds: row.double("wait_ms"), source: row.string("source") ?? ""))
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
