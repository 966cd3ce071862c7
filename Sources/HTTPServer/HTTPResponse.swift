import Wire

/// A response a handler returns. The server adds Date, Server, Content-Length and Connection.
public struct HTTPResponse: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// Wait this long before writing the response (never blocks a thread).
    public var delay: Duration?
    /// Instead of (or while) answering, break the transport on purpose.
    public var fault: TransportFault?
    /// For a `CONNECT` answered `200`: the far end the connection becomes a tunnel to.
    public var tunnel: TunnelEndpoint?
    /// For an answer to `HEAD` whose body is not at hand (a `HEAD` passed to an upstream): the
    /// `Content-Length` its head announces instead of the body's count. Ignored for other methods.
    public var headContentLength: Int?
    /// When set, the body comes from this stream after the head (and `body` is ignored), except
    /// for `HEAD` and statuses without a body.
    public var bodyStream: ResponseBodyStream?

    public init(
        status: HTTPStatus = .ok,
        headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = [],
        delay: Duration? = nil,
        fault: TransportFault? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
        self.fault = fault
    }

    /// A response with a JSON body already encoded as UTF-8 bytes.
    public static func json(_ body: [UInt8], status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: jsonHeaders, body: body)
    }

    /// The headers of every JSON answer, made once: handing them out retains one array, where a
    /// dictionary literal built the array and classified its name for every response. Its room
    /// for eight fields is kept by the copy the first added field makes, so the mock's own
    /// (`X-Mock-Answered-By`, CORS, delay) go into that one copy instead of growing it again.
    private static let jsonHeaders: HTTPHeaders = {
        var headers: HTTPHeaders = [KnownHeader.contentType.name: "application/json; charset=utf-8"]
        headers.reserveCapacity(8)
        return headers
    }()
}

/// A deliberate transport failure, for testing how clients cope with broken networks.
public enum TransportFault: String, Sendable, CaseIterable {
    /// Close the connection without writing anything.
    case close
    /// Abort the connection with a TCP RST (SO_LINGER 0, then close).
    case reset
    /// Write the status line and headers (promising a body), then close.
    case empty
    /// Answer with `Transfer-Encoding: chunked` and a broken chunk, then close.
    case malformed
    /// Keep the connection open and never answer, until the client gives up.
    case timeout
}
