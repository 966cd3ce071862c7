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
    /// `timeout`. It blocks on name resolution and the connect: call it off the event loops.
    public static func connect(host: String, port: Int, timeout: Duration) -> Result<TunnelEndpoint, TunnelConnectFailure> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = PlatformSocket.stream
        var list: UnsafeMutablePointer<addrinfo>?
        let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard getaddrinfo(name, String(port), &hints, &list) == 0, let first = list else { return .failure(.hostNotFound) }
        defer { freeaddrinfo(list) }
        let deadline = MonotonicInstant.now() + timeout
        var failure = TunnelConnectFailure.refused
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let info = candidate {
            candidate = info.pointee.ai_next
            let remaining = deadline.duration(since: .now())
            guard remaining > .zero else { return .failure(.timedOut) }
            switch attempt(info.pointee, within: remaining) {
            case .success(let fd): return .success(TunnelEndpoint(fd: fd, authority: "\(host):\(port)"))
            case .failure(let reason): failure = reason
            }
        }
        return .failure(failure)
    }

    /// One non-blocking connect to one address, waited for with `poll`.
    private static func attempt(_ info: addrinfo, within timeout: Duration) -> Result<Int32, TunnelConnectFailure> {
        let fd = PlatformSocket.openStream(family: info.ai_family, nonBlocking: true)
        guard fd >= 0 else { return .failure(.refused) }
        if PlatformSocket.connect(fd, info.ai_addr, info.ai_addrlen) != 0 {
            guard errno == EINPROGRESS else {
                Socket.close(fd)
                return .failure(.refused)
            }
            var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&poller, 1, Int32(clamping: max(1, timeout.nanoseconds / 1_000_000)))
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard ready > 0, getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0, error == 0 else {
                Socket.close(fd)
                return .failure(ready == 0 ? .timedOut : .refused)
            }
        }
        Socket.setNoDelay(fd)
        return .success(fd)
    }
}
