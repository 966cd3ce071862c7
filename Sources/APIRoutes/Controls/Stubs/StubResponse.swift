import HTTPServer
import Wire

/// A stub's canned answer: status, header fields (a value may be a list for a repeated field),
/// a text or JSON body, and a delay before it is sent.
struct StubResponse: Sendable {
    let status: HTTPStatus
    let headers: HTTPHeaders
    let body: [UInt8]
    let delayMilliseconds: Int?

    /// The HTTP answer. A `jsonBody` without a `Content-Type` of its own is sent as
    /// `application/json; charset=utf-8`.
    var httpResponse: HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: body,
                     delay: delayMilliseconds.map { .milliseconds($0) })
    }
}
