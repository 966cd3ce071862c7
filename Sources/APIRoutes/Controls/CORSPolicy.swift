import HTTPServer
import Wire

/// Cross-origin headers so Maka's H5 pages can call the mock from a browser: added to every API
/// answer, and a `204` for preflight requests (`OPTIONS` with `Access-Control-Request-Method`).
/// Never on the admin API, which answers no other origin (`AdminGuard`). Credentials (cookies)
/// are allowed only for pages served from this machine (a local H5 dev server), so an arbitrary
/// site can read the API's answers but never as the developer's browser session.
public struct CORSPolicy: Sendable {
    /// Methods the mock accepts from a browser.
    public static let allowedMethods = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS"
    /// Request headers allowed when a preflight does not list its own.
    public static let defaultAllowedHeaders = "Content-Type, Authorization, token, X-Requested-With, X-Mock-Delay, X-Mock-Fault"
    /// Response headers a page may read.
    public static let exposedHeaders = "X-Mock-Answered-By, X-Mock-Delay, X-Mock-Fault"
    /// How long a browser may cache a preflight answer, in seconds.
    public static let preflightMaxAge = "600"

    public init() {}

    /// Whether `request` is a CORS preflight rather than a real `OPTIONS` call.
    public func isPreflight(_ request: HTTPRequest) -> Bool {
        request.method == .OPTIONS && request.headers[.accessControlRequestMethod] != nil
    }

    /// The `204` answer to a preflight, before `decorate` adds the `Access-Control-*` headers
    /// every answer gets.
    public func preflightResponse(to request: HTTPRequest) -> HTTPResponse {
        var response = HTTPResponse(status: .noContent)
        response.headers.add(name: "Access-Control-Max-Age", value: Self.preflightMaxAge)
        return response
    }

    /// Adds the `Access-Control-*` headers: the origin echoed (with credentials when it is a
    /// loopback page) or `*`, the methods, the requested headers echoed (or a default list), the
    /// exposed `X-Mock-*` headers.
    /// An answer that has none of these headers yet (nearly every one) gets them appended, with
    /// one look through its names rather than one per header set; for a request that names no
    /// origin and asks for no headers, as one block made once. The request's headers are read
    /// once (each read of `request.headers` retains its storage, ~70 Ir).
    public func decorate(_ response: inout HTTPResponse, for request: HTTPRequest) {
        let replacing = response.headers.fields.contains { Self.isSetHere($0.name) }
        let headers = request.headers
        let origin = headers[.origin]
        let requested = headers[.accessControlRequestHeaders]
        if !replacing, origin == nil, requested == nil {
            response.headers.append(contentsOf: Self.anyOriginFields)
            return
        }
        // Up to five fields are added: one allocation for them rather than a doubling per field.
        response.headers.reserveCapacity(response.headers.count + 5)
        func set(_ name: String, _ value: String) {
            if replacing {
                response.headers.replaceOrAdd(name: name, value: value)
            } else {
                response.headers.add(name: name, value: value)
            }
        }
        if let origin {
            set("Access-Control-Allow-Origin", origin)
            if BrowserOrigin.isLoopbackOrigin(origin) {
                set("Access-Control-Allow-Credentials", "true")
            }
            set("Vary", "Origin")
        } else {
            set("Access-Control-Allow-Origin", "*")
        }
        set("Access-Control-Allow-Methods", Self.allowedMethods)
        set("Access-Control-Allow-Headers", requested ?? Self.defaultAllowedHeaders)
        set("Access-Control-Expose-Headers", Self.exposedHeaders)
    }

    /// What `decorate` adds to an answer to a request that names no origin and asks for no
    /// headers (every native client's), made once: the same four fields in the same order.
    private static let anyOriginFields: HTTPHeaders = [
        "Access-Control-Allow-Origin": "*",
        "Access-Control-Allow-Methods": allowedMethods,
        "Access-Control-Allow-Headers": defaultAllowedHeaders,
        "Access-Control-Expose-Headers": exposedHeaders,
    ]

    /// Whether `decorate` may set a header of this name: `Vary` or any `Access-Control-*`
    /// (ASCII case folded; a false match only costs the slower replacing path). Told apart by
    /// length first: most names an answer carries are neither four bytes nor longer than the prefix.
    private static func isSetHere(_ name: String) -> Bool {
        let bytes = name.utf8
        if bytes.count == 4 { return name.caseInsensitiveEquals("vary") }
        let prefixLength = accessControl.utf8CodeUnitCount
        guard bytes.count > prefixLength else { return false }
        let expected = accessControl.utf8Start
        var index = 0
        for byte in bytes where index < prefixLength {
            guard byte | 0x20 == expected[index] else { return false }
            index += 1
        }
        return index == prefixLength
    }

    private static let accessControl: StaticString = "access-control-"
}
