import HTTPServer

/// An error a handler throws that knows how a client should see it: its HTTP status, and its
/// answer in the envelope of the request path's API (modelled on Hummingbird's
/// `HTTPResponseError`). `ErrorBoundary` renders it; any other error becomes a 500 there.
public protocol APIResponseError: Error, Sendable {
    /// The HTTP status of the answer: 200 for a business error, the real status otherwise.
    var status: HTTPStatus { get }

    /// The answer in the envelope of `style`, the API the request path belongs to.
    func response(in style: APIStyle) -> HTTPResponse

    /// Whether this failure means "the module does not know the entity": then capture replay and
    /// the upstream are asked first, and this failure is the answer only if neither answers.
    var asksFallbacks: Bool { get }
}

extension APIResponseError {
    public var asksFallbacks: Bool { false }
}
