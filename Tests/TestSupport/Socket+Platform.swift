#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The socket constants whose Swift spelling differs between the C libraries.
enum SocketPlatform {
    #if canImport(Glibc)
    static let stream = Int32(SOCK_STREAM.rawValue)
    static let sendFlags = Int32(MSG_NOSIGNAL)
    #elseif canImport(Musl)
    static let stream = SOCK_STREAM
    static let sendFlags = MSG_NOSIGNAL
    #elseif canImport(Darwin)
    static let stream = SOCK_STREAM
    /// Darwin has no `MSG_NOSIGNAL`; `SO_NOSIGPIPE` is set on the socket instead.
    static let sendFlags: Int32 = 0
    #endif

    /// Keeps a write to a closed peer from raising SIGPIPE where the send flag cannot.
    static func suppressSIGPIPE(_ fd: Int32) {
        #if canImport(Darwin)
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// The text of the current `errno`.
    static var errorText: String { String(cString: strerror(errno)) }
}
