import Foundation
import HTTPServer

/// The URLs a client can use to reach a server bound to `address`, for the `listening on` lines.
///
/// A wildcard bind (`0.0.0.0`, or `::`, which listens on IPv6 only) is not an address a client can
/// use, so it becomes one URL per address of an up interface of that family: loopback first, so
/// scripts reading the first line keep working, then the LAN addresses in interface order. IPv6
/// link-local addresses (`fe80::…%en0`) are listed only when there is no other.
enum ListeningAddresses {
    static func urls(for address: SocketAddress) -> [String] {
        let family: Int32
        switch address.host {
        case "0.0.0.0": family = AF_INET
        case "::": family = AF_INET6
        default: return [address.url]
        }
        let hosts = interfaceAddresses(family: family)
        let loopback = family == AF_INET ? hosts.filter { $0.hasPrefix("127.") } : hosts.filter { $0 == "::1" }
        let others = hosts.filter { !loopback.contains($0) }
        let routable = others.filter { !$0.lowercased().hasPrefix("fe80:") }
        var ordered = (loopback.isEmpty ? [family == AF_INET ? "127.0.0.1" : "::1"] : loopback)
            + (routable.isEmpty ? others : routable)
        var seen = Set<String>()
        ordered = ordered.filter { seen.insert($0).inserted }
        return ordered.map { host in
            // RFC 6874: a zone in a URL is written %25zone.
            let literal = host.replacingOccurrences(of: "%", with: "%25")
            return SocketAddress(host: literal, port: address.port).url
        }
    }

    /// The numeric addresses of every interface that is up, in the order `getifaddrs` lists them.
    private static func interfaceAddresses(family: Int32) -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var hosts: [String] = []
        var entry: UnsafeMutablePointer<ifaddrs>? = first
        while let interface = entry {
            entry = interface.pointee.ifa_next
            guard let socketAddress = interface.pointee.ifa_addr, Int32(socketAddress.pointee.sa_family) == family,
                  interface.pointee.ifa_flags & UInt32(IFF_UP) != 0 else { continue }
            let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            var name = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard getnameinfo(socketAddress, length, &name, socklen_t(name.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            hosts.append(String(cString: name))
        }
        return hosts
    }
}
