import Foundation
import HTTPServer

/// What a browser says about where a request comes from: `Origin`, `Sec-Fetch-Site`, and
/// whether a `Host` or an origin names this machine's loopback.
enum BrowserOrigin {
    /// Why `request` comes from another site, or nil for tools (no `Origin`) and same-origin
    /// requests. `Origin: null` (sandboxed frames, `data:` pages) counts as foreign.
    static func crossSiteReason(_ request: HTTPRequest) -> String? {
        if let site = request.headers[.secFetchSite]?.lowercased(), site == "cross-site" || site == "same-site" {
            return "a request a browser sent from another site (Sec-Fetch-Site: \(site))"
        }
        guard let origin = request.headers[.origin] else { return nil }
        if let host = request.headers[.host], let authority = authority(ofOrigin: origin),
           authority == host.lowercased() {
            return nil
        }
        return "a request from the page at Origin \(origin)"
    }

    /// Whether a `Host` header value (`name[:port]`, `[v6][:port]`) names loopback:
    /// `localhost`, `*.localhost`, `127.0.0.0/8` or `::1`.
    static func isLoopbackHost(_ host: String) -> Bool {
        let name = hostName(of: host.lowercased())
        if name == "localhost" || name.hasSuffix(".localhost") || name == "::1" { return true }
        var address = in_addr()
        return inet_pton(AF_INET, name, &address) == 1 && UInt32(bigEndian: address.s_addr) >> 24 == 127
    }

    /// Whether a `Host` is a loopback name or any IP address literal: never a DNS name that a
    /// page's author controls. Read over the bytes (`HostBytes`) unless the name is an IPv6
    /// literal or not ASCII.
    static func isLoopbackOrAddressHost(_ host: String) -> Bool {
        if let answer = host.utf8.withContiguousStorageIfAvailable(HostBytes.isLoopbackOrIPv4), let answer {
            return answer
        }
        let name = hostName(of: host.lowercased())
        var ipv4 = in_addr()
        var ipv6 = in6_addr()
        return isLoopbackHost(host) || inet_pton(AF_INET, name, &ipv4) == 1 || inet_pton(AF_INET6, name, &ipv6) == 1
    }

    /// Whether an `Origin` (`scheme://host[:port]`) is a page served from this machine.
    static func isLoopbackOrigin(_ origin: String) -> Bool {
        authority(ofOrigin: origin).map(isLoopbackHost) ?? false
    }

    /// `host[:port]` of `http://host[:port]`, lowercased; nil for `null` or anything but http(s).
    private static func authority(ofOrigin origin: String) -> String? {
        let lowered = origin.lowercased()
        for scheme in ["http://", "https://"] where lowered.hasPrefix(scheme) {
            let authority = lowered.dropFirst(scheme.count)
            return authority.isEmpty || authority.contains("/") ? nil : String(authority)
        }
        return nil
    }

    /// The name without its port and without an IPv6 literal's brackets.
    private static func hostName(of host: String) -> String {
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return host }
            return String(host[host.index(after: host.startIndex)..<close])
        }
        if let colon = host.lastIndex(of: ":") { return String(host[..<colon]) }
        return host
    }
}
