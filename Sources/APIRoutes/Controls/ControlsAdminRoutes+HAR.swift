import CaptureFormats
import HTTPServer
import Store
import Wire

/// The HAR 1.2 exports: `GET /__admin/captures.har` and `GET /__admin/requests.har`, each with
/// the filters of its list route, as an attachment Charles, Proxyman or a browser opens and
/// `serve import` reads back.
extension ControlsAdminRoutes {
    /// `GET /__admin/captures.har?method=&pathPrefix=&status=&source=`: the captures, in import order.
    func capturesHAR(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let captures else { throw AdminInputError("no capture store is configured") }
        let (filter, _) = try Self.captureFilter(from: request)
        return Self.har(try captures.exportHAR(matching: filter, origin: Self.origin(of: request)), name: "captures.har")
    }

    /// `GET /__admin/requests.har?method=&pathPrefix=&status=&since=&limit=`: the journal, oldest
    /// first, each request with its answer (status, headers, body up to the journal's body cap),
    /// masked as the journal is. Requests that got no status (transport faults) or never parsed
    /// are left out.
    func requestsHAR(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let journal else { throw AdminInputError("the request journal is off") }
        let filter = try Self.journalFilter(from: request)
        let origin = Self.origin(of: request)
        let entries = try journal.entries(matching: filter).reversed().compactMap { entry -> HAREntry? in
            guard let status = entry.status, !entry.method.isEmpty else { return nil }
            let headers = HTTPHeaders(entry.headers)
            let answer = HTTPHeaders(entry.responseHeaders)
            let record = CaptureRecord(
                method: entry.method, url: entry.target, requestHeaders: headers, requestBody: entry.body,
                requestContentType: headers["Content-Type"], status: status, responseHeaders: answer,
                responseContentType: answer["Content-Type"], responseBody: entry.responseBody,
                waitMilliseconds: entry.durationMilliseconds)
            return HAREntry(record, startedAt: entry.startedAt, origin: origin)
        }
        return Self.har(HARWriter(creatorVersion: MockServerVersion.current).document(entries), name: "requests.har")
    }

    /// `http://HOST` of the request's `Host` header, which makes captured origin-form URLs absolute.
    private static func origin(of request: HTTPRequest) -> String {
        "http://" + (request.headers["Host"] ?? "localhost")
    }

    private static func har(_ document: [UInt8], name: String) -> HTTPResponse {
        HTTPResponse(status: .ok, headers: HTTPHeaders([
            (name: "Content-Type", value: "application/json; charset=utf-8"),
            (name: "Content-Disposition", value: "attachment; filename=\"\(name)\""),
        ]), body: document)
    }
}
