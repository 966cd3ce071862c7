import CaptureFormats
import Store
import Wire

extension StoredCapture {
    /// One row of `GET /__admin/captures` and `serve captures list --json`; `addedSinceStart` is
    /// left out when nil (no server is running).
    public func summaryJSON(addedSinceStart: Bool?, masking: SecretMasking) -> JSON {
        .object([
            ("id", .int(id)),
            ("method", .string(method)),
            ("url", .string(masking.target(url))),
            ("path", .string(path)),
            ("parameters", .string(masking.query(parameters))),
            ("status", .int(status)),
            ("contentType", .string(contentType)),
            ("bodySize", .int(body.count)),
            ("waitMs", waitMilliseconds.map { .number($0) } ?? .null),
            ("source", .string(source)),
        ] + addedSinceStartMember(addedSinceStart))
    }
}

/// The `addedSinceStart` member, when it is known.
private func addedSinceStartMember(_ added: Bool?) -> [(key: String, value: JSON)] {
    added.map { [("addedSinceStart", JSON.bool($0))] } ?? []
}

extension StoredRecord {
    /// `GET /__admin/captures/{id}`: the request and response with headers and bodies, the
    /// timing, where it came from and when it was stored; secrets masked. Also
    /// `serve captures show`, where `addedSinceStart` is nil and left out.
    public func detailJSON(addedSinceStart: Bool?, masking: SecretMasking) -> JSON {
        let record = masking.record(record)
        let request: [(key: String, value: JSON)] = [
            ("method", .string(record.method)),
            ("url", .string(record.url)),
            ("headers", Self.headersJSON(record.requestHeaders)),
            ("contentType", .string(record.requestContentType)),
        ]
        let response: [(key: String, value: JSON)] = [
            ("status", .int(record.status)),
            ("headers", Self.headersJSON(record.responseHeaders)),
            ("contentType", .string(record.responseContentType)),
        ]
        return .object([
            ("id", .int(id)),
            ("request", .object(request + BodyJSON.members(record.requestBody)
                + [("bodySize", .int(record.requestBody.count))])),
            ("response", .object(response + BodyJSON.members(record.responseBody)
                + [("bodySize", .int(record.responseBody.count))])),
            ("waitMs", record.waitMilliseconds.map { .number($0) } ?? .null),
            ("source", .string(record.source)),
            ("storedAt", .string(storedAt)),
        ] + addedSinceStartMember(addedSinceStart))
    }

    private static func headersJSON(_ headers: HTTPHeaders) -> JSON {
        .array(headers.map { .object([("name", .string($0.name)), ("value", .string($0.value))]) })
    }
}
