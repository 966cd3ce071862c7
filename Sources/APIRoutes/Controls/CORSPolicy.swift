import HTTPServer

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
        request.method == .OPTIONS && request.headers["Access-Control-Request-Method"] != nil
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
    public func decorate(_ response: inout HTTPResponse, for request: HTTPRequest) {
        if let origin = request.headers["Origin"] {
            response.headers.replaceOrAdd(name: "Access-Control-Allow-Origin", value: origin)
            if BrowserOrigin.isLoopbackOrigin(origin) {
                response.headers.replaceOrAdd(name: "Access-Control-Allow-Credentials", value: "true")
            }
            response.headers.replaceOrAdd(name: "Vary", value: "Origin")
        } else {
            response.headers.replaceOrAdd(name: "Access-Control-Allow-Origin", value: "*")
        }
        response.headers.replaceOrAdd(name: "Access-Control-Allow-Methods", value: Self.allowedMethods)
        let requested = request.headers["Access-Control-Request-Headers"]
        response.headers.replaceOrAdd(name: "Access-Control-Allow-Headers", value: requested ?? Self.defaultAllowedHeaders)
        response.headers.replaceOrAdd(name: "Access-Control-Expose-Headers", value: Self.exposedHeaders)
    }
}
