import Wire

/// A complete, framed HTTP request as the parser produced it, plus what routing added.
public struct HTTPRequest: Sendable {
    public var method: HTTPMethod
    /// The request-target exactly as sent: origin-form, absolute-form, or `*`.
    public var target: String
    /// The path, percent-decoded, always starting with `/` (or `*` for `OPTIONS *`).
    /// For an absolute-form target this is the path part of the URL.
    public var path: String
    /// The raw query string after `?`, without the `?`, not decoded; nil when there is none.
    public var query: String?
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    /// The de-chunked body bytes (empty when there was none, or when it comes as `bodyStream`).
    public var body: [UInt8]
    /// The body as it arrives, for a body over `HTTPLimits.maxBodyBytes` that the responder
    /// takes as a stream (`HTTPResponder.takesStreamedBody`); nil otherwise.
    public var bodyStream: RequestBodyStream?
    /// Values bound by the route pattern, e.g. `uid` for `/app/user/:uid`.
    public var pathParameters: [String: String]
    /// The peer's address as `host:port` (`[v6]:port` for IPv6); empty when unknown.
    public var remoteAddress: String
    /// The host of an absolute-form target, or the Host header (without port) otherwise.
    public var authority: String?

    public init(
        method: HTTPMethod,
        target: String,
        path: String,
        query: String? = nil,
        version: HTTPVersion = .http1_1,
        headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = [],
        pathParameters: [String: String] = [:],
        remoteAddress: String = "",
        authority: String? = nil
    ) {
        self.method = method
        self.target = target
        self.path = path
        self.query = query
        self.version = version
        self.headers = headers
        self.body = body
        self.pathParameters = pathParameters
        self.remoteAddress = remoteAddress
        self.authority = authority
    }
}
