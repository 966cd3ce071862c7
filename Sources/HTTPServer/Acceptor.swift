#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The listening socket as one event loop sees it: every loop watches the listener (on Linux
/// with `EPOLLEXCLUSIVE`, so a new client wakes one waiting loop, not all of them) and adopts
/// the clients it accepts itself. A new connection is read in the turn it is accepted, without
/// a hop through another thread or a wait behind the loop's posted work (the expiry slices and
/// replies of thousands of slow clients).
///
/// At most `acceptsPerTurn` clients are accepted per readiness report; the listener is
/// level-triggered, so the rest are reported again on the next turn, after the other sockets.
/// Used only on the loop's thread.
final class Acceptor: EventLoopHandler {
    /// Clients accepted per turn of the loop before its other sockets get their turn.
    static let acceptsPerTurn = 16
    /// How long accepting pauses when `accept` fails with no spare descriptor to answer on.
    static let failurePause = Duration.milliseconds(100)

    private let listener: Int32
    private unowned let loop: EventLoop
    private weak var server: HTTPServer?
    private var registration: PollerRegistration?
    private var isStopped = false

    init(listener: Int32, loop: EventLoop, server: HTTPServer) {
        self.listener = listener
        self.loop = loop
        self.server = server
    }

    /// Starts watching the listener; on the loop's thread.
    func start() {
        guard !isStopped, registration == nil else { return }
        registration = loop.register(listener, handler: self, reading: true, exclusive: true)
    }

    /// Stops watching the listener for good (the server stops accepting); on the loop's thread.
    func stop() {
        isStopped = true
        if let registration { loop.deregister(registration) }
        registration = nil
    }

    func socketReadable() {
        guard let server else { return stop() }
        for _ in 0..<Self.acceptsPerTurn {
            switch Socket.acceptConnection(listener) {
            case .accepted(let fd):
                guard server.admitConnection() else {
                    Socket.close(fd)
                    continue
                }
                loop.adopt(fd)
            case .drained:
                return
            case .failed(let error):
                if error == EMFILE || error == ENFILE, let fd = server.acceptRefused(from: listener, error: error) {
                    loop.adopt(fd, refusing: true)
                    continue
                }
                // Out of descriptors with the spare in use, or another failure: back off
                // instead of spinning on a listener that stays readable.
                pause()
                return
            }
        }
    }

    func socketWritable() {}

    private func pause() {
        if let registration { loop.deregister(registration) }
        registration = nil
        loop.schedule(after: Self.failurePause) { [self] in start() }
    }
}
