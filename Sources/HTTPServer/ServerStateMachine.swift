/// The server's life as a value type: initial → starting → running → shuttingDown → shutdown.
/// `HTTPServer` feeds it events on its control queue and carries out the returned actions.
struct ServerStateMachine {
    enum State: Equatable {
        case initial
        case starting
        case running(connections: Int)
        case shuttingDown(connections: Int, deadline: MonotonicInstant)
        case shutdown
    }

    enum StartAction: Equatable {
        /// Bind and listen now.
        case bind
        /// Refuse: the server was already started (or has stopped).
        case refuse
    }

    enum ShutdownAction: Equatable {
        case none
        /// Stop accepting, ask every connection to finish, and check again at `deadline`.
        case stopAccepting(deadline: MonotonicInstant)
        /// No connection is open: stop accepting (if listening) and report stopped.
        case finish
    }

    enum ConnectionAction: Equatable {
        case none
        /// Refuse a connection accepted while shutting down.
        case reject
        /// The last connection of a shutdown closed: report stopped.
        case finish
    }

    enum DeadlineAction: Equatable {
        case none
        /// Close every remaining connection at once, then report stopped.
        case forceCloseAndFinish
    }

    private(set) var state: State = .initial
    let shutdownDeadline: Duration

    init(shutdownDeadline: Duration) {
        self.shutdownDeadline = shutdownDeadline
    }

    mutating func startRequested() -> StartAction {
        guard state == .initial else { return .refuse }
        state = .starting
        return .bind
    }

    mutating func startSucceeded() {
        if state == .starting { state = .running(connections: 0) }
    }

    mutating func startFailed() {
        if state == .starting { state = .shutdown }
    }

    mutating func shutdownRequested(now: MonotonicInstant) -> ShutdownAction {
        switch state {
        case .initial, .starting:
            state = .shutdown
            return .finish
        case .running(0):
            state = .shutdown
            return .finish
        case .running(let connections):
            let deadline = now + shutdownDeadline
            state = .shuttingDown(connections: connections, deadline: deadline)
            return .stopAccepting(deadline: deadline)
        case .shuttingDown, .shutdown:
            return .none
        }
    }

    mutating func connectionOpened() -> ConnectionAction {
        switch state {
        case .running(let connections):
            state = .running(connections: connections + 1)
            return .none
        default:
            return .reject
        }
    }

    mutating func connectionClosed() -> ConnectionAction {
        switch state {
        case .running(let connections):
            state = .running(connections: max(0, connections - 1))
            return .none
        case .shuttingDown(let connections, let deadline):
            let remaining = max(0, connections - 1)
            if remaining == 0 {
                state = .shutdown
                return .finish
            }
            state = .shuttingDown(connections: remaining, deadline: deadline)
            return .none
        default:
            return .none
        }
    }

    /// Called when the shutdown deadline timer fires (or any later check).
    mutating func deadlineCheck(now: MonotonicInstant) -> DeadlineAction {
        guard case .shuttingDown(_, let deadline) = state, now >= deadline else { return .none }
        state = .shutdown
        return .forceCloseAndFinish
    }
}
