/// Where the mock, set as a phone's HTTP proxy, may open `CONNECT` tunnels and forward
/// absolute-form requests for hosts that are not `--upstream`s. Off unless `--proxy` or
/// `--proxy-allow` is given, so nothing is relayed anywhere by default. With `--proxy` alone,
/// tunnels go to port 443 and forwards to port 80 of any host; with `--proxy-allow`, only to the
/// hosts (and ports, when given) the patterns name.
public struct ProxyPolicy: Sendable, Equatable {
    /// The mock acts as an HTTP proxy.
    public let isEnabled: Bool
    /// Empty: any host, on the standard ports.
    public let allowed: [HostPattern]

    /// No tunnels, no forwards to hosts other than the upstreams.
    public static let off = ProxyPolicy(isEnabled: false, allowed: [])

    public init(isEnabled: Bool, allowed: [HostPattern]) {
        self.isEnabled = isEnabled || !allowed.isEmpty
        self.allowed = allowed
    }

    /// Whether a tunnel (`tunnel`) or a forward may go to `authority`.
    func allows(_ authority: Authority, tunnel: Bool) -> Bool {
        guard isEnabled else { return false }
        if allowed.isEmpty { return authority.port == (tunnel ? 443 : 80) }
        return allowed.contains { $0.matches(authority) }
    }
}

/// One `--proxy-allow` pattern: `example.com`, `*.example.com` (the domain and every name under
/// it), `*` (any host), each optionally with `:PORT`; without a port, any port.
public struct HostPattern: Sendable, Equatable, CustomStringConvertible {
    private let host: String
    private let port: Int?
    public let description: String

    public init(parsing text: String) throws(ControlSyntaxError) {
        let error = ControlSyntaxError(
            "proxy pattern \"\(text)\" must be a host, *.domain or *, optionally with :PORT (such as *.maka.im:443)")
        let wildcard = text.hasPrefix("*")
        let rest = wildcard ? String(text.dropFirst(text.hasPrefix("*.") ? 2 : 1)) : text
        if text.hasPrefix("*.") && (rest.isEmpty || rest.hasPrefix(":")) { throw error }
        if wildcard && (rest.isEmpty || rest.hasPrefix(":")) {
            host = "*"
            if rest.isEmpty {
                port = nil
            } else {
                guard let authority = Authority(parsing: "x" + rest, defaultPort: 0) else { throw error }
                port = authority.port
            }
        } else {
            guard let authority = Authority(parsing: rest, defaultPort: 0), !authority.host.contains("*") else { throw error }
            host = wildcard ? "*." + authority.host : authority.host
            port = authority.port == 0 ? nil : authority.port
        }
        description = text
    }

    func matches(_ authority: Authority) -> Bool {
        if let port, port != authority.port { return false }
        if host == "*" { return true }
        if host.hasPrefix("*.") {
            let domain = host.dropFirst(2)
            return authority.host == domain || authority.host.hasSuffix("." + domain)
        }
        return authority.host == host
    }
}
