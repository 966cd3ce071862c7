/// The life of one connection as a value type: the I/O code feeds it events, each with the
/// instant it happened, and carries out the action it returns. It owns every timeout rule:
///
/// - no request in progress and nothing in flight: idle, closed after `idleTimeout`;
/// - a header section started but not complete: `headerTimeout`, then 408 and close;
/// - a body being received: closed when no byte arrives for `idleTimeout`;
/// - requests handed to the responder: no timeout (a handler's delay or a `timeout` fault
///   decides), closed after the last response when a close was asked for;
/// - lingering after a closing answer (our side shut for writing, the client's late bytes read
///   and discarded so its kernel gets no RST before it has read the answer): closed when the
///   client closes, when it has sent nothing for `lingerQuiet`, after `linger` in all, or once
///   more than `lingerBytes` were discarded (nginx's `lingering_timeout`, `lingering_time`).
struct ConnectionStateMachine {
    /// What the parser is doing with the bytes received so far.
    enum ReadPhase: Equatable {
        case idle
        case head
        case body
    }

    /// What the connection must do after an event.
    enum Action: Equatable {
        case none
        /// Close the socket now (after anything already written has left).
        case close
        /// Queue a 408 response and close after it.
        case answerTimeoutThenClose
    }

    struct Timeouts: Equatable {
        var header: Duration
        var idle: Duration
        /// The longest a lingering close waits for the client to close its side.
        var linger: Duration = .seconds(3)
        /// A lingering close ends sooner when the client sends nothing for this long: it has
        /// stopped sending, so closing cannot reset an answer it has not read.
        var lingerQuiet: Duration = .seconds(1)
        /// The most bytes a lingering close reads and discards before closing anyway.
        var lingerBytes = 64 << 20
    }

    private(set) var phase: ReadPhase = .idle
    /// When the current phase started (idle, head) or last saw a byte (body).
    private(set) var phaseSince: MonotonicInstant
    /// Requests handed to the responder whose responses are not yet completely written.
    private(set) var inFlight = 0
    /// No more requests will be read: close once the in-flight ones are answered.
    private(set) var closeAfterInFlight = false
    private(set) var isClosed = false
    /// When a lingering close gives up waiting for the client; nil when not lingering.
    private(set) var lingerDeadline: MonotonicInstant?
    /// When a lingering close last read a byte (or began).
    private var lingerLastRead: MonotonicInstant?
    private(set) var lingerDiscarded = 0
    private var isLingerOver = false
    let timeouts: Timeouts

    init(now: MonotonicInstant, timeouts: Timeouts) {
        self.phaseSince = now
        self.timeouts = timeouts
    }

    /// When the next timeout fires, if one applies now.
    var deadline: MonotonicInstant? {
        if let lingerDeadline, let lingerLastRead {
            return isLingerOver ? nil : min(lingerDeadline, lingerLastRead + timeouts.lingerQuiet)
        }
        if isClosed { return nil }
        switch phase {
        case .head: return phaseSince + timeouts.header
        case .body: return phaseSince + timeouts.idle
        case .idle: return inFlight == 0 ? phaseSince + timeouts.idle : nil
        }
    }

    /// The parser consumed new bytes and is now in `newPhase`.
    mutating func bytesReceived(now: MonotonicInstant, parserPhase newPhase: ReadPhase) {
        if newPhase != phase || newPhase == .body { phaseSince = now }
        phase = newPhase
    }

    /// A complete request went to the responder.
    mutating func requestDispatched(keepAlive: Bool) {
        inFlight += 1
        if !keepAlive { closeAfterInFlight = true }
    }

    /// A response (or a transport fault standing for it) has been completely written.
    mutating func responseCompleted(now: MonotonicInstant, closeRequested: Bool) -> Action {
        inFlight -= 1
        if closeRequested { closeAfterInFlight = true }
        if inFlight == 0 {
            if closeAfterInFlight { return close() }
            if phase == .idle { phaseSince = now }
        }
        return .none
    }

    /// The parser rejected the input: its error response is the last one on this connection.
    mutating func parseFailed() {
        closeAfterInFlight = true
        inFlight += 1
    }

    /// The peer closed its side. Answers already owed are still written when possible.
    mutating func peerClosed() -> Action {
        closeAfterInFlight = true
        return inFlight == 0 ? close() : .none
    }

    /// The periodic sweep found `now` at or past `deadline`.
    mutating func timerFired(now: MonotonicInstant) -> Action {
        guard let deadline, now >= deadline else { return .none }
        if lingerDeadline != nil { return endLinger() }
        switch phase {
        case .head:
            // The 408 is the final response; no further bytes are read.
            phase = .idle
            closeAfterInFlight = true
            inFlight += 1
            return .answerTimeoutThenClose
        case .body, .idle:
            return close()
        }
    }

    /// The server is shutting down gracefully: a quiet connection closes at once, a busy one
    /// after its in-flight responses; a half-received request is abandoned.
    mutating func shutdownRequested() -> Action {
        closeAfterInFlight = true
        if inFlight == 0 { return close() }
        return .none
    }

    /// The closing answer has been written and our side shut for writing: from now on the
    /// client's bytes are only read to be discarded.
    mutating func lingerStarted(now: MonotonicInstant) {
        isClosed = true
        lingerDeadline = now + timeouts.linger
        lingerLastRead = now
    }

    /// A lingering close read and discarded `count` more bytes.
    mutating func lingerDiscarded(_ count: Int, now: MonotonicInstant) -> Action {
        lingerDiscarded += count
        lingerLastRead = now
        return lingerDiscarded > timeouts.lingerBytes ? endLinger() : .none
    }

    /// The client closed its side (or the read failed) while lingering.
    mutating func lingerPeerClosed() -> Action {
        endLinger()
    }

    private mutating func endLinger() -> Action {
        if isLingerOver { return .none }
        isLingerOver = true
        return .close
    }

    private mutating func close() -> Action {
        if isClosed { return .none }
        isClosed = true
        return .close
    }
}
