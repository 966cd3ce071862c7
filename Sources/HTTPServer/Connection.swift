#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One accepted socket: reads bytes into the parser, hands requests to the responder, writes
/// the responses back in request order, and obeys its `ConnectionStateMachine`.
///
/// `@unchecked Sendable`: replies may arrive on any thread, but they hop onto the loop's thread
/// (`EventLoop.execute`) before touching anything; every mutable property is used only there.
final class Connection: EventLoopHandler, @unchecked Sendable {
    /// What to do once the output buffer has drained.
    enum AfterFlush {
        case keepOpen
        case close
        case reset
    }

    let fd: Int32
    let loop: EventLoop
    let remoteAddress: String
    /// `remoteAddress`'s bytes, made once for the access log's lines.
    let logClient: [UInt8]
    /// The parser, the response queue and the output buffer (see `HotState`).
    let hot: UnsafeMutablePointer<HotState>
    /// Changed only in place by events whose arithmetic stays in this module; an event that
    /// does `Duration` arithmetic (the timer, lingering) works on a copy and stores it back.
    /// The standard library's `Duration` is opaque to the optimiser, and one access held across
    /// a call into it kept every access to `machine` (four or five a request) checked for
    /// exclusivity at run time.
    var machine: ConnectionStateMachine
    /// The socket's place in the loop's poller; nil before `start` and after `close`.
    private var registration: PollerRegistration?
    var isReadSuspended = false
    var isWriteArmed = false
    /// The sequence number of `exchanges[0]`.
    var firstSequence = 0
    var outputOffset = 0
    var afterFlush = AfterFlush.keepOpen
    /// False once no further request will be parsed (close requested, parse error, shutdown).
    var acceptsRequests = true
    /// A `timeout` fault is holding the connection: nothing more is written.
    var isHolding = false
    var peerFinished = false
    var isParsing = false
    var isHandlingRead = false
    var isClosed = false
    /// The last answer written asked for a close: close in stages (see `startLingering`).
    var lingersOnClose = false
    /// Our side is shut for writing; the client's bytes are read and dropped until it closes.
    var isLingering = false
    /// Bytes of the server's body budget held for the request being read (see `reserveBody`).
    var bodyReservation = 0
    /// Set once a `CONNECT` was answered with a far end: from then on bytes are only copied.
    var tunnel: Tunnel?
    /// The response whose body is being streamed (its exchange still at the front).
    var streamedBody: StreamedBody?
    /// The body of the request being read, when it goes to the responder as it arrives.
    var requestBodyStream: RequestBodyStream?

    /// Pipelined requests waiting for their turn before reading pauses.
    static let maxPipelined = 64
    /// Unwritten output above which reading pauses (a client that sends but doesn't read).
    static let maxPendingOutput = 1 << 20

    init(fd: Int32, loop: EventLoop) {
        self.fd = fd
        self.loop = loop
        self.remoteAddress = Socket.peerAddress(fd)
        self.logClient = Array(remoteAddress.utf8)
        let configuration = loop.context.configuration
        hot = .allocate(capacity: 1)
        var parser = RequestParser(limits: configuration.limits)
        parser.offersLargeBodies = true
        parser.remoteAddress = remoteAddress
        hot.initialize(to: HotState(parser: parser))
        self.machine = ConnectionStateMachine(
            now: .now(),
            timeouts: .init(header: configuration.headerTimeout, idle: configuration.idleTimeout)
        )
    }

    deinit {
        hot.deinitialize(count: 1)
        hot.deallocate()
    }

    /// Registers the socket with the loop, for reading.
    func start() {
        registration = loop.register(fd, handler: self, reading: true)
    }

    /// Reads the request a client sent right after connecting without waiting for the loop's
    /// next `epoll_wait`: the accept's hop to the loop already waited a turn, and while
    /// thousands of slow connections time out and reconnect together, a turn is long.
    func readWithoutWaiting() {
        socketReadable()
    }

    /// When the state machine's current timeout fires, if any.
    var deadline: MonotonicInstant? { tunnel?.deadline ?? machine.deadline }

    /// Since when the connection has sat between requests with nothing owed either way; nil
    /// when it is busy, lingering or closed.
    var idleSince: MonotonicInstant? {
        guard !isClosed, !isLingering, acceptsRequests, tunnel == nil, exchanges.isEmpty, outputOffset == output.count,
              parser.isIdle, machine.phase == .idle, machine.inFlight == 0 else { return nil }
        return machine.phaseSince
    }

    /// The loop saw the socket readable (or hung up).
    func socketReadable() {
        guard !isClosed else { return }
        if let tunnel { return tunnel.clientReadable() }
        if isLingering {
            discardWhileLingering()
            return
        }
        isHandlingRead = true
        let result = Socket.read(fd, into: loop.readBuffer)
        switch result {
        case .bytes(let count):
            // A streamed body is read to its end even when no request follows it.
            let readsBody = requestBodyStream != nil
            if acceptsRequests || readsBody {
                parser.append(UnsafeRawBufferPointer(rebasing: loop.readBuffer[0..<count]))
                let now = MonotonicInstant.now()
                parseAvailable(now: now)
                if acceptsRequests || readsBody { machine.bytesReceived(now: now, parserPhase: parserPhase) }
            }
        case .wouldBlock:
            break
        case .endOfFile:
            peerFinished = true
            failRequestBody()
            if isHolding || machine.peerClosed() == .close {
                isHandlingRead = false
                close(reset: false)
                return
            }
            acceptsRequests = false
        case .failed:
            isHandlingRead = false
            close(reset: false)
            return
        }
        isHandlingRead = false
        writeReadyResponses()
        flush()
    }

    var parserPhase: ConnectionStateMachine.ReadPhase {
        if parser.isIdle { return .idle }
        return parser.isReadingHead ? .head : .body
    }

    /// The sweep found this connection's deadline passed.
    func timerFired(now: MonotonicInstant) {
        if tunnel != nil { return close(reset: false) }
        var machine = self.machine
        let action = machine.timerFired(now: now)
        self.machine = machine
        switch action {
        case .none:
            break
        case .close:
            close(reset: false)
        case .answerTimeoutThenClose:
            acceptsRequests = false
            let rejection = ServerRejection(message: "request header section not received in time", path: nil)
            let response = loop.context.errorResponder.response(
                status: .requestTimeout, message: rejection.message, path: nil)
            appendExchange(Exchange(kind: .serverError(rejection), startedAt: now, response: response))
            writeReadyResponses()
            flush()
        }
    }

    /// Graceful shutdown: no new requests; close now if quiet, else after the in-flight ones.
    func shutdownRequested() {
        guard !isClosed, !isLingering else { return }
        if tunnel != nil { return close(reset: false) }
        acceptsRequests = false
        if machine.shutdownRequested() == .close {
            afterFlush = .close
            flush()
        }
    }

    /// The loop saw the socket writable while output was waiting.
    func socketWritable() {
        flush()
    }

    /// Writes as much pending output as the socket takes; asks the loop to report writability
    /// for the rest.
    func flush() {
        guard !isClosed else { return }
        while outputOffset < output.count {
            let result = output.withUnsafeBytes { bytes in
                Socket.write(fd, UnsafeRawBufferPointer(rebasing: bytes[outputOffset...]))
            }
            switch result {
            case .bytes(let count):
                outputOffset += count
            case .wouldBlock:
                setWriteArmed(true)
                updateReading()
                return
            case .endOfFile, .failed:
                close(reset: false)
                return
            }
        }
        let drained = outputOffset > 0
        outputOffset = 0
        returnDrainedOutput()
        setWriteArmed(false)
        switch afterFlush {
        case .keepOpen:
            updateReading()
            if drained { resumeParsingBufferedRequests() }
            if drained { tunnel?.clientDrained() }
            if drained, streamedBody != nil { loop.execute { self.pumpStreamedBody() } }
        case .close: if lingersOnClose { startLingering() } else { close(reset: false) }
        case .reset: close(reset: true)
        }
    }

    /// Requests already received may have waited for the output to drain: parse them now, on
    /// the next turn of the loop (never from inside a parse or a read).
    private func resumeParsingBufferedRequests() {
        guard acceptsRequests, !parser.isIdle, !isParsing, !isHandlingRead else { return }
        loop.execute {
            guard !self.isClosed, self.acceptsRequests else { return }
            self.parseAvailable(now: .now())
            self.writeReadyResponses()
            self.flush()
        }
    }

    private func setWriteArmed(_ armed: Bool) {
        guard armed != isWriteArmed else { return }
        isWriteArmed = armed
        updateInterest()
    }

    /// Reads only while there is room: few enough queued requests and little unwritten output.
    func updateReading() {
        let wanted = tunnel.map(\.wantsClientBytes) ?? (!isClosed && (isLingering || !peerFinished
            && exchanges.count < Connection.maxPipelined && output.count - outputOffset < Connection.maxPendingOutput
            && requestBodyStream?.isFull != true))
        if wanted == isReadSuspended {
            isReadSuspended = !wanted
            updateInterest()
        }
    }

    private func updateInterest() {
        guard let registration else { return }
        loop.setInterest(registration, reading: !isReadSuspended, writing: isWriteArmed)
    }

    /// Closes the socket at once (with a TCP RST when `reset`), dropping anything unwritten; it
    /// leaves the loop's poller first.
    func close(reset: Bool) {
        guard !isClosed else { return }
        isClosed = true
        if reset { Socket.setResetOnClose(fd) }
        // The producers of bodies that will never be written stop (and free what they hold).
        for exchange in exchanges { exchange.response?.bodyStream?.detach(abandoning: true) }
        streamedBody = nil
        failRequestBody()
        reportAbandonedExchanges()
        releaseBodyReservation()
        tunnel?.close()
        loop.remove(self)
        if let registration { loop.deregister(registration) }
        registration = nil
        Socket.close(fd)
        loop.context.connectionClosed()
    }
}
