#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Socket {
    /// Resolves `host` (numeric or a name), then creates, binds and listens on the first
    /// address that works. Returns a non-blocking listening socket.
    static func listen(host: String, port: Int, backlog: Int32) throws(ServerStartError) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = PlatformSocket.stream
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw ServerStartError(operation: "resolve", host: host, port: port,
                                   reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }

        var lastError = ServerStartError(operation: "bind", host: host, port: port, reason: "no address")
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let fd = PlatformSocket.openStream(family: info.pointee.ai_family, protocol: info.pointee.ai_protocol,
                                               nonBlocking: false)
            guard fd >= 0 else {
                lastError = error("socket", host, port)
                continue
            }
            setOption(fd, SOL_SOCKET, SO_REUSEADDR, 1)
            if info.pointee.ai_family == AF_INET6 {
                // Dual-stack: `::` accepts IPv4 too (as ::ffff:a.b.c.d) where the OS allows it.
                setOption(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, 0)
            }
            guard bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
                lastError = error("bind", host, port)
                close(fd)
                continue
            }
            guard PlatformSocket.listen(fd, backlog) == 0 else {
                lastError = error("listen", host, port)
                close(fd)
                continue
            }
            setNonBlocking(fd)
            return fd
        }
        throw lastError
    }

    private static func error(_ operation: String, _ host: String, _ port: Int) -> ServerStartError {
        ServerStartError(operation: operation, host: host, port: port, reason: String(cString: strerror(errno)))
    }

    /// Accepts one pending connection as a non-blocking, close-on-exec socket with
    /// `TCP_NODELAY`; nil when none is pending (or the accept failed and should be retried later).
    static func acceptConnection(_ listener: Int32) -> AcceptResult {
        while true {
            let fd = accept(listener, nil, nil)
            if fd >= 0 {
                setNonBlocking(fd)
                PlatformSocket.prepareAccepted(fd)
                setNoDelay(fd)
                return .accepted(fd)
            }
            switch errno {
            case EINTR, ECONNABORTED, EPROTO: continue
            case EAGAIN, EWOULDBLOCK: return .drained
            default: return .failed(errno)
            }
        }
    }

    enum AcceptResult {
        case accepted(Int32)
        case drained
        case failed(Int32)
    }

    /// Raises the soft open-file limit to the hard limit so thousands of connections fit.
    static func raiseOpenFileLimit() {
        var limit = rlimit()
        guard getrlimit(PlatformSocket.openFileLimit, &limit) == 0 else { return }
        let wanted = PlatformSocket.raisableOpenFileLimit(hard: limit.rlim_max)
        guard limit.rlim_cur < wanted else { return }
        limit.rlim_cur = wanted
        _ = setrlimit(PlatformSocket.openFileLimit, &limit)
    }
}
