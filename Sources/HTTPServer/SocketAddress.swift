/// The address a server is bound to: a numeric host (IPv4 or IPv6) and a port.
public struct SocketAddress: Sendable, Hashable, CustomStringConvertible {
    /// The numeric host, without brackets (`127.0.0.1`, `::1`).
    public var host: String
    public var port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// True when the host is an IPv6 address.
    public var isIPv6: Bool { host.contains(":") }

    /// `host:port`, with the host in brackets for IPv6 (`[::1]:8080`).
    public var description: String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// The base URL of a server at this address, e.g. `http://[::1]:8080`.
    public var url: String { "http://\(description)" }
}
