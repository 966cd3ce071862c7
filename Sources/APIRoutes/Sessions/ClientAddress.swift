#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Client IP addresses as sessions are assigned to them: one canonical text per address, so
/// `10.0.2.15`, `::ffff:10.0.2.15` (an IPv4 client of a server listening on `::`) and a peer
/// `10.0.2.15:53122` all name the same client.
enum ClientAddress {
    /// The canonical text of an IPv4 or IPv6 address, or nil when `text` is not one.
    static func canonical(_ text: String) -> String? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { format(family: AF_INET, $0, length: INET_ADDRSTRLEN) }
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let formatted = withUnsafeBytes(of: &v6) { format(family: AF_INET6, $0, length: INET6_ADDRSTRLEN) }
        if let formatted, formatted.hasPrefix("::ffff:"), let mapped = canonical(String(formatted.dropFirst(7))),
           !mapped.contains(":") {
            return mapped
        }
        return formatted
    }

    /// The canonical host of a peer written `host:port` or `[v6]:port` (`HTTPRequest.remoteAddress`).
    static func host(ofPeer peer: String) -> String {
        var host = Substring(peer)
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
            host = host[host.index(after: host.startIndex)..<close]
        } else if let colon = host.lastIndex(of: ":"), host.firstIndex(of: ":") == colon {
            host = host[..<colon]
        }
        return canonical(String(host)) ?? String(host)
    }

    /// `address` is an `in_addr` or an `in6_addr`'s bytes, as `family` says.
    private static func format(family: Int32, _ address: UnsafeRawBufferPointer, length: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(length))
        return buffer.withUnsafeMutableBufferPointer { text in
            inet_ntop(family, address.baseAddress, text.baseAddress, socklen_t(length)).map { String(cString: $0) }
        }
    }
}
