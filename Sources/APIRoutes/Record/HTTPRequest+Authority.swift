import HTTPServer

extension HTTPRequest {
    /// Where the client means the request to go: an absolute-form target's authority (default
    /// port from its scheme), a CONNECT target, otherwise the `Host` field (port 80: the mock
    /// speaks plain HTTP). Nil when there is none or it does not parse.
    var intendedAuthority: Authority? {
        if method == .CONNECT { return Authority(parsing: target, defaultPort: 443) }
        if let schemeEnd = target.firstRange(of: "://"), !target.hasPrefix("/") {
            let rest = target[schemeEnd.upperBound...]
            let end = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
            return Authority(parsing: rest[..<end], defaultPort: Authority.defaultPort(forScheme: target[..<schemeEnd.lowerBound]))
        }
        return headers["Host"].flatMap { Authority(parsing: $0, defaultPort: 80) }
    }

    /// Whether the target names its host (absolute-form or CONNECT): the client uses the mock as
    /// its HTTP proxy.
    var isProxyRequest: Bool {
        method == .CONNECT || (!target.hasPrefix("/") && target.contains("://"))
    }
}
