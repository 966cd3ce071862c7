import CaptureFormats
import Store
import Wire

extension CaptureRecord {
    /// The record in the capture JSON format `serve import` reads:
    /// `{"request":{"method","url","headers","body"},"response":{"status","headers","body"}}`.
    /// A body that is JSON is embedded as JSON, other UTF-8 text as a string.
    var captureFileJSON: JSON {
        .object([
            ("request", .object([
                ("method", .string(method)),
                ("url", .string(url)),
                ("headers", Self.headersJSON(requestHeaders)),
                ("body", Self.bodyJSON(requestBody)),
            ])),
            ("response", .object([
                ("status", .int(status)),
                ("headers", Self.headersJSON(responseHeaders)),
                ("body", Self.bodyJSON(responseBody)),
            ])),
        ])
    }

    private static func headersJSON(_ headers: HTTPHeaders) -> JSON {
        .array(headers.map { .object([("name", .string($0.name)), ("value", .string($0.value))]) })
    }

    private static func bodyJSON(_ body: [UInt8]) -> JSON {
        if body.isEmpty { return .null }
        if (try? JSON.parse(body)) != nil { return .raw(body) }
        return .string(String(decoding: body, as: UTF8.self))
    }
}
