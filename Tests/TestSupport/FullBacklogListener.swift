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
        let bound = try LoopbackSocket(listeningWith: 0)
        listener = bound.fd
        port = bound.port
        filler = socket(AF_INET, SocketPlatform.stream, 0)
        let filler = filler
        var address = bound.address
        let connected = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(filler, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else { throw RawHTTPClient.Failure(description: "cannot fill the backlog: \(SocketPlatform.errorText)") }
    }

    deinit {
        close(filler)
        close(listener)
    }
}
