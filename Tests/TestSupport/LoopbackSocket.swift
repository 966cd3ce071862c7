#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP socket bound to a free loopback port, listening with `backlog` or not at all (nil):
/// the ground the tests' own peers (`ScriptedTCPServer`, `FullBacklogListener`, `RefusingPort`)
/// stand on. `reusingAddress` sets `SO_REUSEADDR` first (never for a port that must stay ours
/// without listening: Linux lets two such sockets share a port).
struct LoopbackSocket {
    let fd: Int32
    let address: sockaddr_in
    var port: Int { Int(UInt16(bigEndian: address.sin_port)) }

    init(listeningWith backlog: Int32?, reusingAddress: Bool = false) throws {
        let fd = socket(AF_INET, SocketPlatform.stream, 0)
        if reusingAddress {
            var on: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(fd, address, length) == 0 && backlog.map { listen(fd, $0) == 0 } != false
                    && getsockname(fd, address, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw RawHTTPClient.Failure(description: "cannot bind a loopback port: \(SocketPlatform.errorText)")
        }
        self.fd = fd
        self.address = address
    }
}
