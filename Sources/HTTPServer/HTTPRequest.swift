import Wire

/// A complete, framed HTTP request as the parser produced it, plus what routing added.
///
/// Its fields are held once, in an immutable box: a request is copied about ten times on its
/// way through the responders (closures, exchanges, journal), and each copy of a dozen fields
/// retained and released a dozen references. A change (a session's path) puts the changed
/// fields in a new box. The fields read on nearly every request (method, path, headers) are
/// lent, not copied: a getter retained and released the headers' two references every time a
/// responder looked one up (seven times a request on the user route).
public struct HTTPRequest: Sendable {
    private var storage: Storage
    /// Values bound by the route pattern, e.g. `uid` for `/app/user/:uid`. Beside the box, not
    /// in it: routing sets them on the request it hands on, and in the box that made a new box
    /// of every field (and freed it after) on every request to a route with parameters.
    public var pathParameters: PathParameters

    public var method: HTTPMethod {
        _read { yield storage.fields.method }
        set { change { $0.method = newValue } }
    }
    /// The request-target exactly as sent: origin-form, absolute-form, or `*`.
    public var target: String {
        get { storage.fields.target }
        set { change { $0.target = newValue } }
    }
    /// The path, percent-decoded, always starting with `/` (or `*` for `OPTIONS *`).
    /// For an absolute-form target this is the path part of the URL.
    public var path: String {
        _read { yield storage.fields.path }
        set { change { $0.path = newValue } }
    }
    /// The raw query string after `?`, without the `?`, not decoded; nil when there is none.
    public var query: String? {
        get { storage.fields.query }
        set { change { $0.query = newValue } }
    }
    public var version: HTTPVersion {
        get { storage.fields.version }
        set { change { $0.version = newValue } }
    }
    public var headers: HTTPHeaders {
        _read { yield storage.fields.headers }
        set {
            change {
                // The authority the Host field gave stays the one it was read with.
                $0.authority = $0.resolvedAuthority
                $0.authorityFromHost = false
                $0.headers = newValue
            }
        }
    }
    /// The de-chunked body bytes (empty when there was none, or when it comes as `bodyStream`).
    public var body: [UInt8] {
        get { storage.fields.body }
        set { change { $0.body = newValue } }
    }
    /// The body as it arrives, for a body over `HTTPLimits.maxBodyBytes` that the responder
    /// takes as a stream (`HTTPResponder.takesStreamedBody`); nil otherwise.
    public var bodyStream: RequestBodyStream? {
        get { storage.fields.bodyStream }
        set { change { $0.bodyStream = newValue } }
    }
    /// The peer's address as `host:port` (`[v6]:port` for IPv6); empty when unknown.
    public var remoteAddress: String {
        get { storage.fields.remoteAddress }
        set { change { $0.remoteAddress = newValue } }
    }
    /// When the server had read the whole request, as the monotonic clock's reading in
    /// nanoseconds (`DispatchTime.now().uptimeNanoseconds`, `CLOCK_MONOTONIC`); 0 for a request
    /// made by code. The event loop reads the clock once for the bytes it reads, so this costs
    /// the request no reading of its own.
    public var receivedAtUptimeNanoseconds: UInt64 { storage.fields.receivedAt }
    /// The host of an absolute-form target, or the Host header (without port) otherwise.
    public var authority: String? {
        get { storage.fields.resolvedAuthority }
        set {
            change {
                $0.authority = newValue
                $0.authorityFromHost = false
            }
        }
    }

    public init(
        method: HTTPMethod,
        target: String,
        path: String,
        query: String? = nil,
        version: HTTPVersion = .http1_1,
        headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = [],
        pathParameters: PathParameters = PathParameters(),
        remoteAddress: String = "",
        authority: String? = nil
    ) {
        storage = Storage(Fields(
            method: method, target: target, path: path, query: query, version: version, headers: headers,
            body: body, bodyStream: nil, remoteAddress: remoteAddress, authority: authority,
            authorityFromHost: false))
        self.pathParameters = pathParameters
    }

    /// A request the parser read, its fields as it made them.
    init(parsed fields: Fields) {
        storage = Storage(fields)
        pathParameters = PathParameters()
    }

    /// The fields with one change, in a new box (the old one may be shared).
    private mutating func change(_ apply: (inout Fields) -> Void) {
        var fields = storage.fields
        apply(&fields)
        storage = Storage(fields)
    }
}
