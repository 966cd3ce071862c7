import Foundation

/// The far end of a `CONNECT` tunnel: a connected, non-blocking TCP socket that a responder
/// opened and hands to the server in `HTTPResponse.tunnel`. The connection that writes the
/// response takes the socket over and copies bytes both ways; an endpoint that is never taken
/// (the client left first) closes its socket when released.
///
/// `@unchecked Sendable`: the descriptor is taken at most once, under `lock`.
public final class TunnelEndpoint: @unchecked Sendable {
    private let lock = NSLock()
    private var fd: Int32?
    /// `host:port` as the tunnel was asked for, for the access log and errors.
    public let authority: String

    init(fd: Int32, authority: String) {
        self.fd = fd
        self.authority = authority
    }

    deinit {
        if let fd { Socket.close(fd) }
    }

    /// The socket, once; nil when it was already taken.
    func take() -> Int32? {
        lock.withLock {
            defer { fd = nil }
            return fd
        }
    }
}
