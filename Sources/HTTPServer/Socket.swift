#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Wire

/// Thin wrappers over the POSIX calls the server makes on a socket file descriptor.
///
/// Every socket the server owns is non-blocking: reads and writes return what the kernel could
/// do at once and report `EAGAIN` instead of waiting.
enum Socket {
    /// What a non-blocking read or write achieved.
    enum IOResult: Equatable {
        case bytes(Int)
        case wouldBlock
        case endOfFile
        case failed(Int32)
    }

    static func close(_ fd: Int32) {
        _ = PlatformSocket.close(fd)
    }

    static func setNonBlocking(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL, 0)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
    }

    static func setOption(_ fd: Int32, _ level: Int32, _ name: Int32, _ value: Int32) {
        var value = value
        _ = setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Disables Nagle's algorithm so a response leaves as soon as it is written.
    static func setNoDelay(_ fd: Int32) {
        setOption(fd, Int32(IPPROTO_TCP), TCP_NODELAY, 1)
    }

    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> IOResult {
        while true {
            let count = PlatformSocket.read(fd, buffer.baseAddress, buffer.count)
            if count > 0 { return .bytes(count) }
            if count == 0 { return .endOfFile }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .failed(errno)
            }
        }
    }

    static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> IOResult {
        while true {
            let count = send(fd, bytes.baseAddress, bytes.count, PlatformSocket.sendFlags)
            if count >= 0 { return .bytes(count) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .failed(errno)
            }
        }
    }

    /// Sends a FIN after whatever was written; reading stays possible.
    static func shutdownWrite(_ fd: Int32) {
        _ = shutdown(fd, Int32(SHUT_WR))
    }

    /// Makes the next `close` send a TCP RST instead of a FIN.
    static func setResetOnClose(_ fd: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    /// The peer's address as `host:port` (`[v6]:port`), or empty when the kernel won't say.
    static func peerAddress(_ fd: Int32) -> String {
        address(of: fd, from: getpeername)?.description ?? ""
    }

    /// The address a bound socket actually got (the real port when 0 was asked for).
    static func localAddress(_ fd: Int32) -> SocketAddress? {
        address(of: fd, from: getsockname)
    }

    /// Asks `getpeername` or `getsockname` for one end of the socket.
    private static func address(
        of fd: Int32, from call: (Int32, UnsafeMutablePointer<sockaddr>, UnsafeMutablePointer<socklen_t>) -> Int32
    ) -> SocketAddress? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { call(fd, $0, &length) }
        }
        return result == 0 ? SocketAddress(storage) : nil
    }
}

extension Socket {
    /// A NUL-terminated C character buffer as a Swift string.
    static func string(fromCString text: [CChar]) -> String {
        String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension SocketAddress {
    /// Reads a numeric host and port out of an IPv4 or IPv6 `sockaddr_storage`.
    init?(_ storage: sockaddr_storage) {
        var storage = storage
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(storage.ss_family) {
        case AF_INET:
            let (address, port) = withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ($0.pointee.sin_addr, $0.pointee.sin_port) }
            }
            var inAddress = address
            guard inet_ntop(AF_INET, &inAddress, &text, socklen_t(text.count)) != nil else { return nil }
            self.init(host: Socket.string(fromCString: text), port: Int(UInt16(bigEndian: port)))
        case AF_INET6:
            let (address, port) = withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    ($0.pointee.sin6_addr, $0.pointee.sin6_port)
                }
            }
            var in6Address = address
            guard inet_ntop(AF_INET6, &in6Address, &text, socklen_t(text.count)) != nil else { return nil }
            self.init(host: Socket.string(fromCString: text), port: Int(UInt16(bigEndian: port)))
        default:
            return nil
        }
    }
}
