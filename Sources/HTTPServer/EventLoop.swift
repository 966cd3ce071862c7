import Dispatch
import Foundation

/// What every connection of one server shares: configuration, responders, observer.
struct ServerContext: Sendable {
    let configuration: ServerConfiguration
    let responder: any HTTPResponder
    let errorResponder: ErrorResponder
    /// Request-body bytes buffered across all connections (`configuration.maxBufferedBodyBytes`).
    let bodyBudget: BodyBudget
    let observer: (any ExchangeObserver)?
    /// `observer?.observesAnsweredRequests`, read once at start rather than on every request.
    let observerWantsAnsweredRequests: Bool
    /// Called (on the loop's queue) after a connection's socket is closed.
    let connectionClosed: @Sendable () -> Void
}

/// One serial queue and the connections it drives. The server has one loop per core and hands
/// each accepted socket to the next loop in turn.
///
/// `@unchecked Sendable`: every mutable property is read and written only on `queue`, a serial
/// queue (connection handlers, the sweep timer and every scheduled block run there).
final class EventLoop: @unchecked Sendable {
    let queue: DispatchQueue
    let context: ServerContext
    /// Shared by all connections of this loop: a read lands here and is copied into the parser.
    let readBuffer: UnsafeMutableRawBufferPointer
    var responseContext: ResponseContext
    private(set) var connections: [ObjectIdentifier: Connection] = [:]
    private var accessLog = AccessLog()
    private var logFlushScheduled = false
    /// The next generated request id: loop `i` of `n` hands out `i+1`, `i+1+n`, `i+1+2n`…, so
    /// ids are unique across loops without a shared counter.
    private var nextRequestID: Int
    private(set) var isShuttingDown = false
    private var sweepTimer: DispatchSourceTimer?

    private static let queueKey = DispatchSpecificKey<ObjectIdentifier>()

    init(index: Int, context: ServerContext) {
        self.queue = DispatchQueue(label: "HTTPServer.loop.\(index)", qos: .userInitiated)
        self.context = context
        self.readBuffer = .allocate(byteCount: 64 * 1024, alignment: 16)
        self.responseContext = ResponseContext(serverName: context.configuration.serverName)
        self.accessLog.format = context.configuration.logFormat
        self.nextRequestID = index + 1
        queue.setSpecific(key: EventLoop.queueKey, value: ObjectIdentifier(self))
    }

    deinit { readBuffer.deallocate() }

    /// True when running on this loop's queue (so a reply can be handled without a hop).
    var isCurrent: Bool { DispatchQueue.getSpecific(key: EventLoop.queueKey) == ObjectIdentifier(self) }

    /// Starts the timer that checks connection deadlines, `interval` apart.
    func startSweeping(every interval: Duration) {
        queue.async {
            let timer = DispatchSource.makeTimerSource(queue: self.queue)
            timer.schedule(deadline: .now() + interval.dispatchInterval, repeating: interval.dispatchInterval,
                           leeway: .milliseconds(5))
            timer.setEventHandler { [weak self] in self?.sweep() }
            timer.resume()
            self.sweepTimer = timer
        }
    }

    /// Takes ownership of an accepted socket (on the loop's queue); `refusing`: the server is
    /// out of descriptors, so the connection only gets a 503 and is closed.
    func adopt(_ fd: Int32, refusing: Bool = false) {
        let connection = Connection(fd: fd, loop: self)
        connections[ObjectIdentifier(connection)] = connection
        connection.start()
        if refusing {
            connection.refuseOverloaded()
        } else if isShuttingDown {
            connection.shutdownRequested()
        } else {
            connection.readWithoutWaiting()
        }
    }

    func remove(_ connection: Connection) {
        connections.removeValue(forKey: ObjectIdentifier(connection))
    }

    /// Timers fired per turn of the queue (see `expire`).
    static let expirySlice = 32

    private func sweep() {
        let now = MonotonicInstant.now()
        let expired = connections.values.filter { connection in
            connection.deadline.map { now >= $0 } ?? false
        }
        expire(expired[...])
    }

    /// Fires the timers of `pending` a slice at a time, each slice a separate block on the
    /// queue: when thousands of slow connections time out together (3,000 slowloris clients
    /// hitting the header timeout), the reads, writes and replies of the other connections run
    /// between the slices instead of waiting for every 408 to be written. A connection whose
    /// deadline moved meanwhile (it sent its head, or closed) is skipped.
    private func expire(_ pending: ArraySlice<Connection>) {
        let now = MonotonicInstant.now()
        for connection in pending.prefix(Self.expirySlice) {
            if !connection.isClosed, let deadline = connection.deadline, now >= deadline {
                connection.timerFired(now: now)
            }
        }
        let rest = pending.dropFirst(Self.expirySlice)
        guard !rest.isEmpty else { return }
        queue.async { self.expire(rest) }
    }

    /// Graceful shutdown: quiet connections close now, busy ones after their responses.
    func beginShutdown() {
        isShuttingDown = true
        for connection in Array(connections.values) { connection.shutdownRequested() }
    }

    /// Descriptor pressure: closes up to `count` idle keep-alive connections, longest idle
    /// first, so the clients that are waiting get descriptors (nginx drains reusable ones too).
    func closeIdleConnections(upTo count: Int) {
        let idle = connections.values.compactMap { connection in
            connection.idleSince.map { (connection, $0) }
        }
        for (connection, _) in idle.sorted(by: { $0.1 < $1.1 }).prefix(count) { connection.close(reset: false) }
    }

    /// The shutdown deadline passed: close whatever is still open.
    func forceCloseAll() {
        for connection in Array(connections.values) { connection.close(reset: false) }
    }

    /// Stops the timer and writes out any buffered log lines.
    func stop() {
        sweepTimer?.cancel()
        sweepTimer = nil
        accessLog.flush()
    }

    /// A request id unique in this process, for a request whose client sent none.
    func generateRequestID() -> String {
        defer { nextRequestID += max(1, context.configuration.eventLoopCount) }
        return String(nextRequestID)
    }

    /// Buffers one access-log line; flushes soon (or at once when the buffer is full).
    func log(_ entry: AccessLogEntry) {
        if accessLog.append(entry) {
            accessLog.flush()
        } else if !logFlushScheduled {
            logFlushScheduled = true
            queue.asyncAfter(deadline: .now() + .milliseconds(50)) {
                self.logFlushScheduled = false
                self.accessLog.flush()
            }
        }
    }
}
