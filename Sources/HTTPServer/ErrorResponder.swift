/// Renders the responses the server itself generates (400, 408, 413, 414, 431, 501…) and a
/// `Router`'s 404 and 405, so an application can answer them in its own envelope, chosen by path.
public struct ErrorResponder: Sendable {
    /// Builds a response from a status, a message and the path (when known).
    public typealias Render = @Sendable (_ status: HTTPStatus, _ message: String, _ path: String?) -> HTTPResponse

    private let render: Render

    /// - Parameter render: builds the response from the status, a human-readable message and
    ///   the request path when the parser got that far.
    public init(_ render: @escaping Render) {
        self.render = render
    }

    public func response(status: HTTPStatus, message: String, path: String?) -> HTTPResponse {
        render(status, message, path)
    }

    /// `{"error":{"status":400,"message":"…"}}` with `Content-Type: application/json; charset=utf-8`.
    public static let plainJSON = ErrorResponder { status, message, _ in
        Router.errorResponse(status, message: message)
    }
}
