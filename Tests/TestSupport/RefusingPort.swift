#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback port that refuses connections for as long as this object lives: a socket bound to
/// it that never listens, so a connect gets a reset ("connection refused") and no other test's
/// listener can be given the same port meanwhile (a stopped server's port could be, and then the
/// "unreachable" target answered).
public final class RefusingPort: Sendable {
    public let port: Int
    private let socketFD: Int32

    public init() throws {
        let bound = try LoopbackSocket(listeningWith: nil)
        socketFD = bound.fd
        port = bound.port
    }

    deinit { close(socketFD) }
}
