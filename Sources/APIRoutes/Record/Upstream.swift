import Foundation
import HTTPServer
import Wire

/// One `--upstream` base URL, optionally for a path prefix, and how a request picks one: the
/// upstream with the longest path prefix the request's path starts with, else the one whose
/// host and port are the request's authority (absolute-form target or `Host` field), otherwise
/// the first one given.
public struct Upstream: Sendable, Equatable {
    /// The base URL, without a trailing `/` (`http://api.maka.im`, `http://127.0.0.1:8081/v2`).
    public let base: String
    /// The base URL's host, lowercased.
    public let host: String
    /// The base URL's port, or its scheme's (80, 443).
    public let port: Int
    /// Requests whose path starts with this go here, whatever host they name (`/mbfun_server/`).
    public let pathPrefix: String?

    /// Parses an `http://` or `https://` base URL (a query or fragment is refused), or
    /// `/PATH-PREFIX=URL` for the requests under that path.
    public init(parsing text: String) throws(ControlSyntaxError) {
        var text = text
        pathPrefix = try Self.pathPrefix(cutFrom: &text)
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
        pathPrefix = nil
    }

    var authority: Authority { Authority(host: host, port: port) }

    /// The upstream for a request to `path` at `authority`, if one is configured for either:
    /// the longest matching path prefix first, then the host and port.
    static func matching(path: String, authority: Authority?, among upstreams: [Upstream]) -> Upstream? {
        let byPath = upstreams.compactMap { upstream in
            upstream.pathPrefix.flatMap { path.hasPrefix($0) ? (upstream: upstream, length: $0.count) : nil }
        }.max { $0.length < $1.length }
        if let byPath { return byPath.upstream }
        guard let authority else { return nil }
        return upstreams.first { $0.authority == authority }
    }

    /// Removes a leading `/PATH-PREFIX=` from `text` and returns the prefix; nil when there is none.
    private static func pathPrefix(cutFrom text: inout String) throws(ControlSyntaxError) -> String? {
        guard text.hasPrefix("/") else { return nil }
        guard let equals = text.firstIndex(of: "="),
              !text[..<equals].contains(where: { " \t?#".contains($0) }) else {
            throw ControlSyntaxError("upstream \"\(text)\" must be a URL, or /path/prefix=URL such as /mbfun_server/=http://api.funwear.com")
        }
        let prefix = String(text[..<equals])
        text = String(text[text.index(after: equals)...])
        return prefix
    }

    /// The URL to forward `request` to: the base plus the request's path and query as sent.
    func url(for request: HTTPRequest) -> String {
        base + TargetSplit.originForm(of: request.target)
    }
}
