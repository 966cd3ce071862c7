import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An HTTP/1.1 server on non-blocking POSIX sockets driven by Dispatch sources: one serial
/// queue per core shares the connections, no thread per connection, no blocking reads. Every
/// loop accepts from the one listening socket itself (`Acceptor`).
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
/// state (loops, acceptors) is used only on `controlQueue`, a serial queue.
public final class HTTPServer: @unchecked Sendable {
    private let configuration: ServerConfiguration
    private let responder: any HTTPResponder
    private let errorResponder: ErrorResponder
    private let observer: (any ExchangeObserver)?
    private let controlQueue = DispatchQueue(label: "HTTPServer.control", qos: .userInitiated)
    private let ledger: Mutex<ServerLedger>
    private var loops: [EventLoop] = []
    private var acceptors: [Acceptor] = []
    private let stopped = DispatchGroup()
    /// Entered while the listening socket is open, so `waitUntilStopped()` returns after it closed.
    private let listening = DispatchGroup()

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
        // The listener is closed once no loop watches it any more.
        let watching = DispatchGroup()
        acceptors = loops.map { loop in
            watching.enter()
            return Acceptor(listener: fd, loop: loop, cancelled: { watching.leave() })
        }
        listening.enter()
        watching.notify(queue: controlQueue) { [listening] in
            Socket.close(fd)
            listening.leave()
        }
        ledger.withLock { $0.machine.startSucceeded() }
        let loops = self.loops
        for acceptor in acceptors {
            acceptor.start { [weak self] acceptor in self?.acceptBatch(on: acceptor, loops: loops) }
        }
        return address
    }

    /// Deadlines are checked this often: a tenth of the shortest timeout, 5 ms to 1 s.
    private var sweepInterval: Duration {
        let shortest = min(configuration.headerTimeout, configuration.idleTimeout)
        return min(max(shortest / 10, .milliseconds(5)), .seconds(1))
    }

    /// Accepts up to `Acceptor.batchSize` clients on the acceptor's loop and adopts them there.
    private func acceptBatch(on acceptor: Acceptor, loops: [EventLoop]) {
        for _ in 0..<Acceptor.batchSize {
            switch Socket.acceptConnection(acceptor.listener) {
            case .accepted(let fd):
                guard ledger.withLock({ $0.machine.connectionOpened() }) == .none else {
                    Socket.close(fd)
                    continue
                }
                acceptor.loop.adopt(fd)
            case .drained:
                return
            case .failed(let error):
                if error == EMFILE || error == ENFILE,
                   let fd = ledger.withLock({ $0.reserve.acceptWithReserve(acceptor.listener) }) {
                    refuseOverloaded(fd, error: error, on: acceptor.loop, loops: loops)
                    continue
                }
                // Out of descriptors with the reserve in use, or another failure: back off
                // instead of spinning.
                acceptor.pause(for: .milliseconds(100))
                return
            }
        }
    }

    /// A connection accepted on the reserve's descriptor: it gets a 503 and is closed, and every
    /// loop closes some idle keep-alive connections to free descriptors.
    private func refuseOverloaded(_ fd: Int32, error: Int32, on loop: EventLoop, loops: [EventLoop]) {
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
        loop.adopt(fd, refusing: true)
        for other in loops { other.queue.async { other.closeIdleConnections(upTo: 16) } }
    }

    /// Runs on the loop that closed the connection: counted under the lock, so the thousands of
    /// closes of a timed-out herd send nothing to the control queue; only the last close of a
    /// shutdown does.
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
                for loop in loops { loop.queue.async { loop.beginShutdown() } }
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

    /// Each loop stops its acceptor; the listener closes when the last one has stopped.
    private func stopAccepting() {
        for acceptor in acceptors { acceptor.loop.queue.async { acceptor.stop() } }
        acceptors = []
    }

    /// Closes whatever is left, stops the loops' timers and releases `waitUntilStopped()`.
    private func finish() {
        ledger.withLock { $0.reserve.release() }
        for loop in loops {
            loop.queue.async {
                loop.forceCloseAll()
                loop.stop()
            }
        }
        let group = stopped
        let loops = self.loops
        let listening = self.listening
        // Leave only after every loop has flushed its log and closed its sockets, and the
        // listener is closed.
        DispatchQueue.global().async {
            for loop in loops { loop.queue.sync {} }
            listening.wait()
            group.leave()
        }
    }

    /// Blocks until the server has stopped (after `shutdown()`, or at once if start failed).
    public func waitUntilStopped() {
        stopped.wait()
    }
}
