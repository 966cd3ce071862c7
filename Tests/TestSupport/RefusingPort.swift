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
        socketFD = socket(AF_INET, SocketPlatform.stream, 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let socketFD = socketFD
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(socketFD, address, length) == 0 && getsockname(socketFD, address, &length) == 0
            }
        }
        guard bound else { throw RawHTTPClient.Failure(description: "cannot bind: \(SocketPlatform.errorText)") }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(socketFD) }
}
