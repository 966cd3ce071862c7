import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP/1.1 server on non-blocking POSIX sockets: a few event loops (`EventLoop`, a thread
/// each, blocking in `epoll_wait`) share the connections, no thread per connection, no
/// blocking reads. New connections are accepted on a Dispatch source of the control queue.
///
/// ```swift
/// let server = HTTPServer(configuration: .init(port: 0), responder: router)
/// let address = try server.start()      // the real port when 0 was asked for
/// server.shutdown()                       // graceful: finishes in-flight requests
/// server.waitUntilStopped()
/// ```
///
/// `@unchecked Sendable`: the state machine and the spare descriptor are in `ledger`, a
/// `Mutex`, because the loops count the connections they close; the other mutable state
/// (listener, loops, accept source) is used only on `controlQueue`, a serial queue, where the
/// accept source runs too.
public final class HTTPServer: @unchecked Sendable {
    private let configuration: ServerConfiguration
    private let responder: any HTTPResponder
    private let errorResponder: ErrorResponder
    private let observer: (any ExchangeObserver)?
    private let controlQueue = DispatchQueue(label: "HTTPServer.control", qos: .userInitiated)
    private let ledger: Mutex<ServerLedger>
    private var loops: [EventLoop] = []
    private var nextLoop = 0
    private var listener: Int32 = -1
    private var acceptSource: DispatchSourceRead?
    private var isAcceptPaused = false
    private let stopped = DispatchGroup()

    public init(
        configuration: ServerConfiguration,
        responder: any HTTPResponder,
        errorResponder: ErrorResponder = .plainJSON,
        observer: (any ExchangeObserver)? = nil
    ) {
        self.configuration = configuration
        self.responder = responder
        self.errorResponder = errorResponder
        self.observer = observer
        self.ledger = Mutex(ServerLedger(machine: ServerStateMachine(shutdownDeadline: configuration.shutdownDeadline)))
        stopped.enter()
    }

    /// Binds, listens and starts accepting. Returns the bound address (with the real port when
    /// the configuration asked for port 0). Throws when the address cannot be bound.
    public func start() throws(ServerStartError) -> SocketAddress {
        let result: Result<SocketAddress, ServerStartError> = controlQueue.sync {
            guard ledger.withLock({ $0.machine.startRequested() }) == .bind else {
                return .failure(ServerStartError(operation: "start", host: configuration.host,
                                                 port: configuration.port, reason: "the server was already started"))
            }
            do throws(ServerStartError) {
                return .success(try bindAndAccept())
            } catch {
                ledger.withLock { $0.machine.startFailed() }
                stopped.leave()
                return .failure(error)
            }
        }
        return try result.get()
    }

    private func bindAndAccept() throws(ServerStartError) -> SocketAddress {
        Socket.raiseOpenFileLimit()
        let fd = try Socket.listen(host: configuration.host, port: configuration.port, backlog: configuration.backlog)
        listener = fd
        ledger.withLock { $0.reserve.refill() }
        let address = Socket.localAddress(fd) ?? SocketAddress(host: configuration.host, port: configuration.port)
        let context = ServerContext(
            configuration: configuration, responder: responder, errorResponder: errorResponder,
            bodyBudget: BodyBudget(limit: configuration.maxBufferedBodyBytes), observer: observer,
            observerWantsAnsweredRequests: observer?.observesAnsweredRequests ?? false,
            connectionClosed: { [weak self] in self?.connectionClosed() }
        )
        loops = (0..<configuration.eventLoopCount).map { EventLoop(index: $0, context: context) }
        let sweep = sweepInterval
        for loop in loops { loop.startSweeping(every: sweep) }
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: controlQueue)
        source.setEventHandler { [weak self] in self?.acceptPending() }
        source.setCancelHandler { Socket.close(fd) }
        acceptSource = source
        source.resume()
        ledger.withLock { $0.machine.startSucceeded() }
        return address
    }

    /// Deadlines are checked this often: a tenth of the shortest timeout, 5 ms to 1 s.
    private var sweepInterval: Duration {
        let shortest = min(configuration.headerTimeout, configuration.idleTimeout)
        return min(max(shortest / 10, .milliseconds(5)), .seconds(1))
    }

    /// Accepts until the backlog is empty, handing sockets to the loops in turn.
    private func acceptPending() {
        while true {
            switch Socket.acceptConnection(listener) {
            case .accepted(let fd):
                guard ledger.withLock({ $0.machine.connectionOpened() }) == .none else {
                    Socket.close(fd)
                    continue
                }
                let loop = loops[nextLoop]
                nextLoop = (nextLoop + 1) % loops.count
                loop.execute { loop.adopt(fd) }
            case .drained:
                return
            case .failed(let error):
                if error == EMFILE || error == ENFILE,
                   let fd = ledger.withLock({ $0.reserve.acceptWithReserve(listener) }) {
                    refuseOverloaded(fd, error: error)
                    continue
                }
                // Out of descriptors with the reserve in use, or another failure: back off
                // instead of spinning.
                pauseAccepting(for: .milliseconds(100))
                return
            }
        }
    }

    /// A connection accepted on the reserve's descriptor: it gets a 503 and is closed.
    private func refuseOverloaded(_ fd: Int32, error: Int32) {
        let (action, shouldLog) = ledger.withLock { ledger in
            (ledger.machine.connectionOpened(), ledger.reserve.shouldLog(now: .now()))
        }
        guard action == .none else {
            Socket.close(fd)
            return
        }
        if shouldLog {
            let name = error == EMFILE ? "EMFILE" : "ENFILE"
            let line = "out of file descriptors (\(name)): new connections get 503 with Retry-After\n"
            _ = line.utf8CString.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
        }
        let loop = loops[nextLoop]
        nextLoop = (nextLoop + 1) % loops.count
        loop.execute { loop.adopt(fd, refusing: true) }
        for loop in loops { loop.execute { loop.closeIdleConnections(upTo: 16) } }
    }

    private func pauseAccepting(for interval: Duration) {
        guard let acceptSource, !isAcceptPaused else { return }
        isAcceptPaused = true
        acceptSource.suspend()
        controlQueue.asyncAfter(deadline: .now() + interval.dispatchInterval) { [self] in
            guard isAcceptPaused, let source = self.acceptSource else { return }
            isAcceptPaused = false
            source.resume()
        }
    }

    /// Runs on the loop that closed the connection: counted under the lock, so the thousands of
    /// closes of a timed-out herd send nothing to the control queue, where new clients are
    /// accepted; only the last close of a shutdown does.
    private func connectionClosed() {
        let isLast = ledger.withLock { ledger in
            ledger.reserve.refill()
            return ledger.machine.connectionClosed() == .finish
        }
        if isLast { controlQueue.async { [self] in finish() } }
    }

    /// Starts a graceful shutdown and returns at once: stop accepting, close idle connections,
    /// let in-flight requests finish until `shutdownDeadline`, then close the rest.
    /// `waitUntilStopped()` returns when it is done.
    public func shutdown() {
        controlQueue.async { [self] in
            switch ledger.withLock({ $0.machine.shutdownRequested(now: .now()) }) {
            case .none:
                break
            case .finish:
                stopAccepting()
                finish()
            case .stopAccepting(let deadline):
                stopAccepting()
                for loop in loops { loop.execute { loop.beginShutdown() } }
                checkShutdownDeadline(deadline)
            }
        }
    }

    /// Dispatch timers may fire a little before our clock reaches the deadline: check again
    /// until the state machine agrees the deadline has passed (or the shutdown finished).
    private func checkShutdownDeadline(_ deadline: MonotonicInstant) {
        let wait = deadline.duration(since: .now()) + .milliseconds(1)
        controlQueue.asyncAfter(deadline: .now() + wait.dispatchInterval) { [self] in
            let (isShuttingDown, action) = ledger.withLock { ledger in
                guard case .shuttingDown = ledger.machine.state else { return (false, ServerStateMachine.DeadlineAction.none) }
                return (true, ledger.machine.deadlineCheck(now: .now()))
            }
            guard isShuttingDown else { return }
            if action == .forceCloseAndFinish {
                finish()
            } else {
                checkShutdownDeadline(deadline)
            }
        }
    }

    private func stopAccepting() {
        guard let acceptSource else { return }
        acceptSource.cancel()
        if isAcceptPaused {
            isAcceptPaused = false
            acceptSource.resume()
        }
        self.acceptSource = nil
    }

    /// Closes whatever is left, stops the loops' threads and releases `waitUntilStopped()` once
    /// every loop has flushed its log and closed its sockets.
    private func finish() {
        ledger.withLock { $0.reserve.release() }
        let loopsStopped = DispatchGroup()
        for loop in loops {
            loopsStopped.enter()
            loop.stop { loopsStopped.leave() }
        }
        let stopped = self.stopped
        loopsStopped.notify(queue: .global()) { stopped.leave() }
    }

    /// Blocks until the server has stopped (after `shutdown()`, or at once if start failed).
    public func waitUntilStopped() {
        stopped.wait()
    }
}
