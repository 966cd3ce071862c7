import Foundation
import HTTPServer

/// The URLs a client can use to reach a server bound to `address`, for the `listening on` lines.
///
/// A wildcard bind is not an address a client can use, so it becomes one URL per address of an
/// up interface: `0.0.0.0` lists IPv4; `::` is dual-stack (the server clears `IPV6_V6ONLY`, which
/// Linux and macOS allow) and lists IPv4 and IPv6. Loopback comes first, so scripts reading the
/// first line keep working, then the LAN addresses in interface order. IPv6 link-local addresses
/// (`fe80::…%en0`) are listed only when there is no other IPv6 one.
enum ListeningAddresses {
    static func urls(for address: SocketAddress) -> [String] {
        let families: [Int32]
        switch address.host {
        case "0.0.0.0": families = [AF_INET]
        case "::": families = [AF_INET, AF_INET6]
        default: return [address.url]
        }
        let lists = families.map { family in (loopback: loopbackHosts(family), others: lanHosts(family)) }
        var seen = Set<String>()
        let ordered = (lists.flatMap(\.loopback) + lists.flatMap(\.others)).filter { seen.insert($0).inserted }
        return ordered.map { host in
            // RFC 6874: a zone in a URL is written %25zone.
            let literal = host.replacingOccurrences(of: "%", with: "%25")
            return SocketAddress(host: literal, port: address.port).url
        }
    }

    private static func isLoopback(_ host: String, _ family: Int32) -> Bool {
        family == AF_INET ? host.hasPrefix("127.") : host == "::1"
    }

    private static func loopbackHosts(_ family: Int32) -> [String] {
        let hosts = interfaceAddresses(family: family).filter { isLoopback($0, family) }
        return hosts.isEmpty ? [family == AF_INET ? "127.0.0.1" : "::1"] : hosts
    }

    private static func lanHosts(_ family: Int32) -> [String] {
        let others = interfaceAddresses(family: family).filter { !isLoopback($0, family) }
        let routable = others.filter { !$0.lowercased().hasPrefix("fe80:") }
        return routable.isEmpty ? others : routable
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
            hosts.append(name.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        }
        return hosts
    }
}
