import Foundation
import HTTPServer
import Wire

/// One `--upstream` base URL, and how a request picks one: the upstream whose host and port are
/// the request's authority (absolute-form target or `Host` field), otherwise the first one given.
public struct Upstream: Sendable, Equatable {
    /// The base URL, without a trailing `/` (`http://api.maka.im`, `http://127.0.0.1:8081/v2`).
    public let base: String
    /// The base URL's host, lowercased.
    public let host: String
    /// The base URL's port, or its scheme's (80, 443).
    public let port: Int

    /// Parses an `http://` or `https://` base URL; a query or fragment is refused.
    public init(parsing text: String) throws(ControlSyntaxError) {
        guard let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty
        else {
            throw ControlSyntaxError("upstream \"\(text)\" must be an http:// or https:// URL such as http://api.maka.im")
        }
        guard components.query == nil, components.fragment == nil, components.user == nil else {
            throw ControlSyntaxError("upstream \"\(text)\" must not have user information, a query or a fragment")
        }
        var base = text
        while base.hasSuffix("/") { base.removeLast() }
        self.base = base
        self.host = host.contains(":") && !host.hasPrefix("[") ? "[\(host.lowercased())]" : host.lowercased()
        self.port = components.port ?? Authority.defaultPort(forScheme: scheme)
    }

    /// A proxied request's own origin, `http://host:port`.
    init(origin: Authority) {
        base = "http://\(origin.host):\(origin.port)"
        host = origin.host
        port = origin.port
    }

    var authority: Authority { Authority(host: host, port: port) }

    /// The upstream whose authority is `authority`, if one is.
    static func matching(_ authority: Authority?, among upstreams: [Upstream]) -> Upstream? {
        guard let authority else { return nil }
        return upstreams.first { $0.authority == authority }
    }

    /// The URL to forward `request` to: the base plus the request's path and query as sent.
    func url(for request: HTTPRequest) -> String {
        base + TargetSplit.originForm(of: request.target)
    }
}
