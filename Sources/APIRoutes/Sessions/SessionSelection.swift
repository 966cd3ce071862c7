import HTTPServer

/// Which session a request belongs to, first match wins: the path prefix `/__session/NAME/…`
/// (stripped before routing, for clients that cannot set headers), the `X-Mock-Session: NAME`
/// header, then the client address assigned with `PUT /__admin/sessions/NAME`; else the default
/// session. The request handed on always carries `X-Mock-Session: NAME` for a named session.
enum SessionSelection {
    static let header = "X-Mock-Session"
    static let pathPrefix = "/__session/"
    static let nameRule = "1 to 64 letters, digits, '.', '_' or '-'"

    /// The session name of `request` (nil: the default session), after rewriting it: prefix
    /// stripped, header set.
    /// `assigned` gets the peer (`HTTPRequest.remoteAddress`, with its port).
    static func select(_ request: inout HTTPRequest,
                       assigned: (_ peer: String) -> String?) throws(SessionNameError) -> String? {
        let name: String
        if request.path.hasPrefix(pathPrefix) {
            let rest = request.path.dropFirst(pathPrefix.count)
            let segment = rest.prefix { $0 != "/" }
            // The path has its empty segments collapsed, the target has not: `/__session//app/x`
            // names no session (it is not session "app" asked for `/x`).
            let namesNone = rawName(in: request.target)?.isEmpty ?? false
            name = try validated(namesNone ? "" : String(segment), source: "the path prefix /__session/NAME/")
            request.path = rest.dropFirst(segment.count).isEmpty ? "/" : String(rest.dropFirst(segment.count))
            request.target = strippingPrefix(from: request.target)
        } else if let value = request.headers[header] {
            name = try validated(value, source: "the \(header) header")
        } else if let assignedName = assigned(request.remoteAddress) {
            name = assignedName
        } else {
            return nil
        }
        request.headers.replaceOrAdd(name: header, value: name)
        return name
    }

    /// Whether `name` may name a session.
    static func isValid(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count) && name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default:
                false
            }
        }
    }

    static func validated(_ name: String, source: String) throws(SessionNameError) -> String {
        guard isValid(name) else { throw SessionNameError(name: name, source: source) }
        return name
    }

    /// The session name as the target spells it (before empty segments collapse), or nil when
    /// the target's path does not start with the prefix.
    private static func rawName(in target: String) -> Substring? {
        let (_, path) = splitPath(target)
        guard path.hasPrefix(pathPrefix) else { return nil }
        return path.dropFirst(pathPrefix.count).prefix { $0 != "/" && $0 != "?" }
    }

    /// The scheme and authority of an absolute-form target (empty for origin-form), and the path
    /// (and query) after them with the doubled leading slashes of `//__session/…` dropped to one.
    private static func splitPath(_ target: String) -> (authority: Substring, path: Substring) {
        var authorityEnd = target.startIndex
        if !target.hasPrefix("/"), let scheme = target.range(of: "://") {
            authorityEnd = target[scheme.upperBound...].firstIndex(of: "/") ?? target.endIndex
        }
        var pathStart = authorityEnd
        while target[pathStart...].hasPrefix("//") { pathStart = target.index(after: pathStart) }
        return (target[..<authorityEnd], target[pathStart...])
    }

    /// The request-target without its `/__session/NAME` segment (origin-form or absolute-form).
    private static func strippingPrefix(from target: String) -> String {
        let (authority, path) = splitPath(target)
        guard path.hasPrefix(pathPrefix) else { return target }
        let afterPrefix = path.index(path.startIndex, offsetBy: pathPrefix.count)
        let segmentEnd = path[afterPrefix...].firstIndex { $0 == "/" || $0 == "?" } ?? path.endIndex
        var rest = String(path[segmentEnd...])
        if !rest.hasPrefix("/") { rest = "/" + rest }
        return String(authority) + rest
    }
}

/// A session name that is empty, too long, or has characters outside `[A-Za-z0-9._-]`: a `400`
/// in the admin API's JSON error shape, whatever the path.
struct SessionNameError: APIResponseError {
    let name: String
    let source: String

    var message: String {
        name.isEmpty
            ? "the session name in \(source) is empty; use \(SessionSelection.nameRule)"
            : "session name \"\(name.prefix(80))\" in \(source) is not allowed; use \(SessionSelection.nameRule)"
    }

    var status: HTTPStatus { .badRequest }

    func response(in style: APIStyle) -> HTTPResponse {
        Envelope.httpError(status: .badRequest, message: message, style: .plain)
    }
}
