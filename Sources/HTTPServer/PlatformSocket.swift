#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The socket calls whose spelling or semantics differ between Linux's C libraries and Darwin:
/// enum-typed constants, close-on-exec and non-blocking at creation (Linux) or by `fcntl`
/// afterwards (Darwin), and SIGPIPE suppression by send flag (`MSG_NOSIGNAL`, Linux) or by
/// socket option (`SO_NOSIGPIPE`, Darwin). Everything else in `Socket` is plain POSIX.
enum PlatformSocket {
    #if canImport(Glibc)
    static let stream = Int32(SOCK_STREAM.rawValue)
    /// A peer that went away gives `EPIPE`, not a process-killing SIGPIPE.
    static let sendFlags = Int32(MSG_NOSIGNAL)
    static let openFileLimit = Int32(RLIMIT_NOFILE.rawValue)
    #elseif canImport(Musl)
    static let stream = SOCK_STREAM
    static let sendFlags = MSG_NOSIGNAL
    static let openFileLimit = RLIMIT_NOFILE
    #elseif canImport(Darwin)
    static let stream = SOCK_STREAM
    /// Darwin has no `MSG_NOSIGNAL`; every socket gets `SO_NOSIGPIPE` instead (`prepare`).
    static let sendFlags: Int32 = 0
    static let openFileLimit = RLIMIT_NOFILE
    #endif

    /// A new TCP socket that is close-on-exec, non-blocking when asked, and never raises SIGPIPE.
    static func openStream(family: Int32, protocol: Int32 = 0, nonBlocking: Bool) -> Int32 {
        #if canImport(Glibc)
        let flags = Int32(SOCK_CLOEXEC.rawValue) | (nonBlocking ? Int32(SOCK_NONBLOCK.rawValue) : 0)
        return socket(family, stream | flags, `protocol`)
        #elseif canImport(Musl)
        return socket(family, stream | SOCK_CLOEXEC | (nonBlocking ? SOCK_NONBLOCK : 0), `protocol`)
        #elseif canImport(Darwin)
        let fd = socket(family, stream, `protocol`)
        guard fd >= 0 else { return fd }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        if nonBlocking { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL, 0) | O_NONBLOCK) }
        suppressSIGPIPE(fd)
        return fd
        #endif
    }

    /// Makes an accepted socket close-on-exec and SIGPIPE-free (`accept` inherits neither).
    static func prepareAccepted(_ fd: Int32) {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        suppressSIGPIPE(fd)
    }

    /// Sets `SO_NOSIGPIPE` where the send flag does not exist; nothing to do on Linux.
    private static func suppressSIGPIPE(_ fd: Int32) {
        #if canImport(Darwin)
        var on: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// The soft open-file limit that may be asked for: the hard limit on Linux; on Darwin at most
    /// `OPEN_MAX`, since its `setrlimit` refuses more (setrlimit(2), COMPATIBILITY).
    static func raisableOpenFileLimit(hard: rlim_t) -> rlim_t {
        #if canImport(Darwin)
        return min(hard, rlim_t(OPEN_MAX))
        #else
        return hard
        #endif
    }

    static func close(_ fd: Int32) -> Int32 {
        #if canImport(Glibc)
        Glibc.close(fd)
        #elseif canImport(Musl)
        Musl.close(fd)
        #elseif canImport(Darwin)
        Darwin.close(fd)
        #endif
    }

    static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(fd, buffer, count)
        #elseif canImport(Musl)
        Musl.read(fd, buffer, count)
        #elseif canImport(Darwin)
        Darwin.read(fd, buffer, count)
        #endif
    }

    static func listen(_ fd: Int32, _ backlog: Int32) -> Int32 {
        #if canImport(Glibc)
        Glibc.listen(fd, backlog)
        #elseif canImport(Musl)
        Musl.listen(fd, backlog)
        #elseif canImport(Darwin)
        Darwin.listen(fd, backlog)
        #endif
    }

    static func connect(_ fd: Int32, _ address: UnsafePointer<sockaddr>!, _ length: socklen_t) -> Int32 {
        #if canImport(Glibc)
        Glibc.connect(fd, address, length)
        #elseif canImport(Musl)
        Musl.connect(fd, address, length)
        #elseif canImport(Darwin)
        Darwin.connect(fd, address, length)
        #endif
    }
}
