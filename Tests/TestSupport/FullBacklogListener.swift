#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A loopback port whose connects hang, like a host behind a firewall that drops SYNs: a
/// listener that never accepts, its backlog of one taken at start by a connection of its own,
/// so the system drops every further SYN and a connect waits until its caller gives up.
public final class FullBacklogListener: Sendable {
    public let port: Int
    private let listener: Int32
    private let filler: Int32

    public init() throws {
        listener = socket(AF_INET, SocketPlatform.stream, 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listener = listener
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(listener, address, length) == 0 && listen(listener, 0) == 0
                    && getsockname(listener, address, &length) == 0
            }
        }
        guard bound else { throw RawHTTPClient.Failure(description: "cannot listen: \(SocketPlatform.errorText)") }
        port = Int(UInt16(bigEndian: address.sin_port))
        filler = socket(AF_INET, SocketPlatform.stream, 0)
        let filler = filler
        let connected = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(filler, $0, length) == 0 }
        }
        guard connected else { throw RawHTTPClient.Failure(description: "cannot fill the backlog: \(SocketPlatform.errorText)") }
    }

    deinit {
        close(filler)
        close(listener)
    }
}
