import Foundation
import Synchronization
#if os(Linux)
import CEpoll
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// Called (on the loop's thread) after a connection's socket is closed.
    let connectionClosed: @Sendable () -> Void
}

/// One thread blocking in `epoll_wait` (kqueue's `kevent` on Darwin) and the connections it
/// drives: their reads, writes, timers and replies all run on that thread, so a ready socket
/// costs no hand-off between threads. The server has one loop per core but one; each watches
/// the listening socket and accepts its own connections (`Acceptor`).
///
/// Other threads reach the loop only through `execute` (and `stop`). Each turn of the loop
/// handles the ready sockets, then the timers that are due (`schedule`), then the work posted
/// so far; work posted while that work runs waits for the next turn, after another look at the
/// sockets.
///
/// `@unchecked Sendable`: every mutable property is read and written only on the loop's
/// thread; other threads touch only `mailbox` (a `Mutex`), `poller.wake()` and `threadID` (an
/// atomic).
final class EventLoop: @unchecked Sendable {
    let context: ServerContext
    /// Shared by all connections of this loop: a read lands here and is copied into the parser.
    let readBuffer: UnsafeMutableRawBufferPointer
    /// The pieces of response heads, reached through `responseContext`.
    private let responseContextSlot: UnsafeMutablePointer<ResponseContext>
    private(set) var connections: [ObjectIdentifier: Connection] = [:]
    /// This loop's access log, reached through `accessLog`.
    private let accessLogSlot: UnsafeMutablePointer<AccessLog>
    private var logFlushScheduled = false
    /// The next generated request id: loop `i` of `n` hands out `i+1`, `i+1+n`, `i+1+2n`…, so
    /// ids are unique across loops without a shared counter.
    private var nextRequestID: Int
    private(set) var isShuttingDown = false
    private let mailbox = LoopMailbox()
    private let poller = Poller()
    /// The scheduled work, reached through `timers`.
    private let timerSlot: UnsafeMutablePointer<TimerQueue>
    /// The posted work being run this turn (kept to reuse its storage).
    private var batch: [@Sendable () -> Void] = []
    private var isRunning = true
    private var whenStopped: (@Sendable () -> Void)?
    /// The loop thread's `pthread_self()`, 0 until it runs.
    private let threadID = Atomic<UInt>(0)
    /// The OS thread's name (`top -H`, `/proc/PID/task/*/comm`, `bench/context_switches.sh`).
    private let threadName: String
    /// This loop's watch on the listening socket, while the server accepts.
    private var acceptor: Acceptor?
    /// Output storage lent to the connection that is writing an answer and given back once
    /// that answer has drained, so a keep-alive connection holds none while it waits for its
    /// next request and a busy one costs no allocation per answer (see `Connection.flush`).
    var spareOutput: [UInt8] = []

    /// Starts the loop's thread.
    init(index: Int, context: ServerContext) {
        self.context = context
        self.readBuffer = .allocate(byteCount: 64 * 1024, alignment: 16)
        self.responseContextSlot = .allocate(capacity: 1)
        responseContextSlot.initialize(to: ResponseContext(serverName: context.configuration.serverName))
        self.timerSlot = .allocate(capacity: 1)
        timerSlot.initialize(to: TimerQueue())
        self.accessLogSlot = .allocate(capacity: 1)
        accessLogSlot.initialize(to: AccessLog(format: context.configuration.logFormat))
        self.nextRequestID = index + 1
        self.threadName = "http-loop-\(index)"
        let thread = Thread { [self] in run() }
        thread.start()
    }

    deinit {
        readBuffer.deallocate()
        responseContextSlot.deinitialize(count: 1)
        responseContextSlot.deallocate()
        timerSlot.deinitialize(count: 1)
        timerSlot.deallocate()
        accessLogSlot.deinitialize(count: 1)
        accessLogSlot.deallocate()
    }

    /// Per-loop pieces of every response head, written through `inout` by each answer. Kept in
    /// an allocation of the loop's own: as a stored property, the access held across the
    /// head's writing (the clock read for its Date) was checked for exclusivity at run time on
    /// every answer. Only the loop's thread reaches it, and writing a head reaches nothing else.
    var responseContext: ResponseContext {
        _read { yield responseContextSlot.pointee }
        _modify { yield &responseContextSlot.pointee }
    }

    /// Work due at given instants (`schedule`). Kept in an allocation of the loop's own, as
    /// `responseContext` is: as a stored property, the access held across the heap's array
    /// calls was checked for exclusivity at run time twice a turn. Only the loop's thread
    /// reaches it, and no access to it runs the work it holds (`popDue` returns it).
    private var timers: TimerQueue {
        _read { yield timerSlot.pointee }
        _modify { yield &timerSlot.pointee }
    }

    /// The buffered access-log lines (`log`). Kept in an allocation of the loop's own, as
    /// `timers` is: as a stored property, the access held across a line's writing was checked
    /// for exclusivity at run time on every request (~120 Ir). Only the loop's thread reaches
    /// it, and writing or flushing lines reaches nothing else.
    private var accessLog: AccessLog {
        _read { yield accessLogSlot.pointee }
        _modify { yield &accessLogSlot.pointee }
    }

    /// True when running on this loop's thread (so a reply can be handled without a hop).
    var isCurrent: Bool { threadID.load(ordering: .relaxed) == Self.currentThreadID() }

    private static func currentThreadID() -> UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }

    /// Runs `work` on the loop's thread soon, from any thread (on the loop's thread: on its
    /// next turn, after the sockets that are ready by then).
    func execute(_ work: @escaping @Sendable () -> Void) {
        if mailbox.post(work) { poller.wake() }
    }

    /// Runs `work` on the loop's thread once `delay` has passed; only on the loop's thread.
    func schedule(after delay: Duration, _ work: @escaping () -> Void) {
        assert(isCurrent, "EventLoop.schedule called off the loop's thread")
        timers.add(at: .now() + delay, work)
    }

    /// Watches `socket` for `handler` (reading or not, not writing; `exclusive`: see
    /// `Poller.register`); only on the loop's thread.
    func register(_ socket: Int32, handler: any EventLoopHandler, reading: Bool,
                  exclusive: Bool = false) -> PollerRegistration {
        poller.register(socket, handler: handler, reading: reading, exclusive: exclusive)
    }

    /// Changes what a registered socket is watched for; nothing happens when nothing changes.
    func setInterest(_ registration: PollerRegistration, reading: Bool, writing: Bool) {
        poller.setInterest(registration, PollInterest(reading: reading, writing: writing))
    }

    /// Stops watching a socket; call before closing it.
    func deregister(_ registration: PollerRegistration) {
        poller.deregister(registration)
    }

    /// From any thread: closes whatever connections are left, writes out the buffered log
    /// lines and ends the thread; `done` runs on the loop's thread as its last act.
    func stop(then done: @escaping @Sendable () -> Void) {
        execute {
            for connection in Array(self.connections.values) { connection.close(reset: false) }
            self.isRunning = false
            self.whenStopped = done
        }
    }

    private func run() {
        threadID.store(Self.currentThreadID(), ordering: .relaxed)
        // Foundation's `Thread.name` does not reach the OS thread on Linux.
        #if os(Linux)
        pthread_setname_np(pthread_self(), threadName)
        #elseif canImport(Darwin)
        pthread_setname_np(threadName)
        #endif
        while isRunning { turn() }
        timers.removeAll()
        accessLog.flush()
        AccessLogWriter.standardOutput.waitUntilWritten()
        mailbox.close()
        let done = whenStopped
        whenStopped = nil
        done?()
    }

    private func turn() {
        let sleeps = mailbox.prepareToSleep()
        poller.wait(timeout: sleeps ? waitTimeout() : 0)
        if sleeps { mailbox.awoke() }
        let now = MonotonicInstant.now()
        while isRunning, let work = timers.popDue(now: now) { work() }
        // Moved out while it runs: work held inside an access to `batch` (it may reach the
        // loop) kept every access to `batch` checked for exclusivity at run time.
        var posted: [@Sendable () -> Void] = []
        swap(&posted, &batch)
        mailbox.take(into: &posted)
        for work in posted where isRunning { work() }
        posted.removeAll(keepingCapacity: true)
        swap(&posted, &batch)
    }

    /// Milliseconds until the earliest timer (rounded up, so the loop never wakes early and
    /// spins), or -1 when none is scheduled. In whole nanoseconds: a `Duration` made and taken
    /// apart again cost ~0.4k instructions a turn in the standard library's 128-bit arithmetic.
    private func waitTimeout() -> Int32 {
        guard let due = timers.earliest else { return -1 }
        let now = MonotonicInstant.now()
        guard due > now else { return 0 }
        return Int32(clamping: (due.nanoseconds - now.nanoseconds + 999_999) / 1_000_000)
    }

    /// Starts checking connection deadlines, `interval` apart.
    func startSweeping(every interval: Duration) {
        execute { self.sweep(every: interval) }
    }

    private func sweep(every interval: Duration) {
        schedule(after: interval) {
            self.sweep()
            self.sweep(every: interval)
        }
    }

    /// From any thread: accepts clients on `listener` on this loop's thread from now on.
    func startAccepting(_ listener: Int32, for server: HTTPServer) {
        execute {
            let acceptor = Acceptor(listener: listener, loop: self, server: server)
            self.acceptor = acceptor
            acceptor.start()
        }
    }

    /// From any thread: stops watching the listening socket; `done` runs on the loop's thread
    /// once it no longer will (the listener may then be closed).
    func stopAccepting(then done: @escaping @Sendable () -> Void) {
        execute {
            self.acceptor?.stop()
            self.acceptor = nil
            done()
        }
    }

    /// Takes ownership of an accepted socket (on the loop's thread); `refusing`: the server is
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

    /// Timers fired per turn of the loop (see `expire`).
    static let expirySlice = 32

    /// Finds the connections whose deadline passed, and has the idle ones give back what they
    /// kept for their next request.
    private func sweep() {
        let now = MonotonicInstant.now()
        var expired: [Connection] = []
        for connection in connections.values {
            if let deadline = connection.deadline, now >= deadline {
                expired.append(connection)
            } else {
                connection.releaseStorageIfIdle()
            }
        }
        expire(expired[...])
    }

    /// Fires the timers of `pending` a slice at a time, each slice on a separate turn of the
    /// loop: when thousands of slow connections time out together (3,000 slowloris clients
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
        execute { self.expire(rest) }
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

    /// A request id unique in this process, for a request whose client sent none.
    func generateRequestID() -> RequestID {
        defer { nextRequestID += max(1, context.configuration.eventLoopCount) }
        return .generated(nextRequestID)
    }

    /// Buffers one access-log line of the facts `AccessLogEntry` describes; flushes soon (or at
    /// once when the buffer is full). The flush is due `logFlushDelay` after `now`, the instant
    /// the request was answered: through `schedule(after:)`, the clock was read again and a
    /// `Duration` converted (~250 Ir a timer).
    func log(
        requestID: RequestID, client: [UInt8], method: String, target: String, targetMayHoldControlBytes: Bool,
        status: Int, bodyBytes: Int, nanoseconds: UInt64, fault: TransportFault?, delay: Duration?,
        answeredBy: String?, businessCode: AccessLogEntry.CodeInBody?, now: MonotonicInstant
    ) {
        let full = accessLog.append(
            requestID: requestID, client: client, method: method, target: target,
            targetMayHoldControlBytes: targetMayHoldControlBytes, status: status, bodyBytes: bodyBytes,
            nanoseconds: nanoseconds, fault: fault, delay: delay, answeredBy: answeredBy, businessCode: businessCode)
        if full {
            accessLog.flush()
        } else if !logFlushScheduled {
            logFlushScheduled = true
            timers.add(at: MonotonicInstant(nanoseconds: now.nanoseconds &+ Self.logFlushDelay)) {
                self.logFlushScheduled = false
                self.accessLog.flush()
            }
        }
    }

    /// How long a line may wait in the buffer, in nanoseconds (50 ms).
    private static let logFlushDelay: UInt64 = 50_000_000
}
