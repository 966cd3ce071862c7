import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a tunnel's far end could not be reached; each kind has a fixed phrase for the client.
public enum TunnelConnectFailure: Error, Sendable, Equatable {
    case hostNotFound
    case refused
    case timedOut
}

extension TunnelEndpoint {
    /// Opens a TCP connection to `host:port` (each address the name resolves to in turn) within
    /// `timeout`, and calls `completion` once, on `queue`. Name resolution blocks the calling
    /// thread (call it off the event loops); the connects do not: each is non-blocking and
    /// waited for by a dispatch source on `queue`, so a host that drops packets holds no thread.
    public static func dial(host: String, port: Int, timeout: Duration, queue: DispatchQueue,
                            completion: @escaping @Sendable (Result<TunnelEndpoint, TunnelConnectFailure>) -> Void) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = PlatformSocket.stream
        var list: UnsafeMutablePointer<addrinfo>?
        let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard getaddrinfo(name, String(port), &hints, &list) == 0, let list else {
            queue.async { completion(.failure(.hostNotFound)) }
            return
        }
        let dial = TunnelDial(addresses: list, authority: "\(host):\(port)", queue: queue, completion: completion)
        queue.async { dial.start(timeout: timeout) }
    }
}
