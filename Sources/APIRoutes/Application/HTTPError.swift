import HTTPServer

/// An HTTP-level error (400, 404, 405, 413 …) with a message a client may read: answered with
/// its status in the envelope of the path's API, plus `Allow` when `allowed` is not empty.
public struct HTTPError: APIResponseError, Equatable {
    public let status: HTTPStatus
    public let message: String
    /// The methods that would work, for a 405's `Allow` header.
    public let allowed: [HTTPMethod]

    public init(_ status: HTTPStatus, _ message: String, allowed: [HTTPMethod] = []) {
        self.status = status
        self.message = message
        self.allowed = allowed
    }

    public func response(in style: APIStyle) -> HTTPResponse {
        var response = Envelope.httpError(status: status, message: message, style: style)
        if !allowed.isEmpty {
            response.headers.replaceOrAdd(name: "Allow", value: allowed.map(\.rawValue).joined(separator: ", "))
        }
        return response
    }
}
