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
/// blocking reads. Every loop watches the listening socket and accepts its own connections
/// (`Acceptor`); the control queue starts and stops the server.
///
/// ```swift
/// let server = HTTPServer(configuration: .init(port: 0), responder: router)
/// let address = try server.start()      // the real port when 0 was asked for
/// server.shutdown()                       // graceful: finishes in-flight requests
/// server.waitUntilStopped()
/// ```
///
/// `@unchecked Sendable`: the state machine and the spare descriptor are in `ledger`, a
/// `Mutex`, because the loops count the connections they accept and close; the other mutable
/// state (listener, loops) is written only on `controlQueue`, a serial queue. The loops read
/// `loops` (to ask each to close idle connections at the descriptor limit) only after it was
/// written: they accept once `startAccepting`, posted after, reached them.
public final class HTTPServer: @unchecked Sendable {
    private let configuration: ServerConfiguration
    private let responder: any HTTPResponder
    private let errorResponder: ErrorResponder
    private let observer: (any ExchangeObserver)?
    private let controlQueue = DispatchQueue(label: "HTTPServer.control", qos: .userInitiated)
    private let ledger: Mutex<ServerLedger>
    private var loops: [EventLoop] = []
    private var listener: Int32 = -1
    /// Loops still watching the listener; the last to stop closes it.
    private let loopsAccepting = Atomic<Int>(0)
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
        loopsAccepting.store(loops.count, ordering: .releasing)
        for loop in loops {
            loop.startSweeping(every: sweep)
            loop.startAccepting(fd, for: self)
        }
        ledger.withLock { $0.machine.startSucceeded() }
        return address
    }

    /// Deadlines are checked this often: a tenth of the shortest timeout, 5 ms to 1 s.
    private var sweepInterval: Duration {
        let shortest = min(configuration.headerTimeout, configuration.idleTimeout)
        return min(max(shortest / 10, .milliseconds(5)), .seconds(1))
    }

    /// On the loop that accepted a client: counts it, false when the server is stopping (the
    /// client is then closed unanswered).
    func admitConnection() -> Bool {
        ledger.withLock { $0.machine.connectionOpened() } == .none
    }

    /// On a loop whose `accept` failed with `EMFILE`/`ENFILE`: frees the spare descriptor to
    /// accept one waiting client, which the loop answers 503 and closes, logs that (once a
    /// second at most) and has every loop close some idle keep-alive connections. Nil when the
    /// spare is in use, nobody waits or the server is stopping.
    func acceptRefused(from listener: Int32, error: Int32) -> Int32? {
        guard let fd = ledger.withLock({ $0.reserve.acceptWithReserve(listener) }) else { return nil }
        let (action, shouldLog) = ledger.withLock { ledger in
            (ledger.machine.connectionOpened(), ledger.reserve.shouldLog(now: .now()))
        }
        guard action == .none else {
            Socket.close(fd)
            return nil
        }
        if shouldLog {
            let name = error == EMFILE ? "EMFILE" : "ENFILE"
            let line = "out of file descriptors (\(name)): new connections get 503 with Retry-After\n"
            _ = line.utf8CString.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
        }
        for loop in loops { loop.execute { loop.closeIdleConnections(upTo: 16) } }
        return fd
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

    /// Every loop stops watching the listener; the last one to do so closes it (so no loop can
    /// be inside `accept` on a closed, reused descriptor), before any loop stops: new clients
    /// are refused by the kernel by the time `waitUntilStopped()` returns.
    private func stopAccepting() {
        guard listener >= 0 else { return }
        let fd = listener
        listener = -1
        for loop in loops {
            loop.stopAccepting { [self] in
                if loopsAccepting.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { Socket.close(fd) }
            }
        }
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
