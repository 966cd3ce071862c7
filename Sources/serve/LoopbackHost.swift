import Foundation

/// Whether a `--host` value only listens on this machine's loopback interface.
enum LoopbackHost {
    /// `localhost`, an address in `127.0.0.0/8`, or `::1`. A wildcard (`0.0.0.0`, `::`), a LAN
    /// address or another name is reachable from the network.
    static func contains(_ host: String) -> Bool {
        let host = host.lowercased()
        if host == "localhost" { return true }
        var ipv4 = in_addr()
        if inet_pton(AF_INET, host, &ipv4) == 1 { return UInt32(bigEndian: ipv4.s_addr) >> 24 == 127 }
        var ipv6 = in6_addr()
        if inet_pton(AF_INET6, host, &ipv6) == 1 {
            return withUnsafeBytes(of: ipv6) { Array($0) } == Array(repeating: 0, count: 15) + [1]
        }
        return false
    }
}
