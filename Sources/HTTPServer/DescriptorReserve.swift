#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One spare file descriptor (an open `/dev/null`), nginx-style: when `accept` fails with
/// `EMFILE`/`ENFILE` the server closes it, accepts the waiting client on the freed slot to answer
/// it 503 instead of leaving it in the backlog, and opens it again once a connection has closed.
/// Used only inside the server's `ServerLedger` lock.
struct DescriptorReserve {
    private var fd: Int32 = -1
    private var lastLogged: MonotonicInstant?
    private var isReleased = false

    /// Opens the spare descriptor unless it is held already (fails quietly while still full).
    mutating func refill() {
        guard fd < 0, !isReleased else { return }
        fd = open("/dev/null", O_RDONLY | O_CLOEXEC)
    }

    /// Frees the spare descriptor and accepts one connection on it; nil when there was no spare
    /// or nothing to accept.
    mutating func acceptWithReserve(_ listener: Int32) -> Int32? {
        guard fd >= 0 else { return nil }
        Socket.close(fd)
        fd = -1
        guard case .accepted(let accepted) = Socket.acceptConnection(listener) else {
            refill()
            return nil
        }
        return accepted
    }

    /// True at most once a second, so a flood of refusals logs a line a second, not one each.
    mutating func shouldLog(now: MonotonicInstant) -> Bool {
        if let lastLogged, now.duration(since: lastLogged) < .seconds(1) { return false }
        lastLogged = now
        return true
    }

    /// Closes the spare descriptor for good when the server stops.
    mutating func release() {
        isReleased = true
        if fd >= 0 { Socket.close(fd) }
        fd = -1
    }
}
