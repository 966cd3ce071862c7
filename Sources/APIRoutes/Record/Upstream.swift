import Foundation
import HTTPServer
import Wire

/// One `--upstream` base URL, and how a request picks one: the upstream whose host is the
/// request's authority (absolute-form target or `Host` header), otherwise the first one given.
public struct Upstream: Sendable, Equatable {
    /// The base URL, without a trailing `/` (`http://api.maka.im`, `http://127.0.0.1:8081/v2`).
    public let base: String
    /// The base URL's host, lowercased.
    public let host: String

    /// Parses an `http://` or `https://` base URL; a query or fragment is refused.
    public init(parsing text: String) throws(ControlSyntaxError) {
        guard let components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty
        else {
            throw ControlSyntaxError("upstream \"\(text)\" must be an http:// or https:// URL such as http://api.maka.im")
        }
        guard components.query == nil, components.fragment == nil else {
            throw ControlSyntaxError("upstream \"\(text)\" must not have a query or fragment")
        }
        var base = text
        while base.hasSuffix("/") { base.removeLast() }
        self.base = base
        self.host = host.lowercased()
    }

    /// The upstream for `request` among `upstreams` (non-empty).
    static func choose(for request: HTTPRequest, among upstreams: [Upstream]) -> Upstream {
        if let authority = request.authority?.lowercased(), let match = upstreams.first(where: { $0.host == authority }) {
            return match
        }
        return upstreams[0]
    }

    /// The URL to forward `request` to: the base plus the request's path and query as sent.
    func url(for request: HTTPRequest) -> String {
        base + TargetSplit.originForm(of: request.target)
    }
}
