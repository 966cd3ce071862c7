import Dispatch

/// A point on the monotonic clock, in nanoseconds from an arbitrary origin.
///
/// The state machines never read the clock themselves: every event carries the instant it
/// happened at, so tests drive them with made-up instants instead of sleeping.
struct MonotonicInstant: Comparable, Hashable, Sendable, CustomStringConvertible {
    var nanoseconds: UInt64

    init(nanoseconds: UInt64) { self.nanoseconds = nanoseconds }

    /// The current instant of the system's monotonic clock.
    static func now() -> MonotonicInstant {
        MonotonicInstant(nanoseconds: DispatchTime.now().uptimeNanoseconds)
    }

    static func < (lhs: MonotonicInstant, rhs: MonotonicInstant) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }

    static func + (lhs: MonotonicInstant, rhs: Duration) -> MonotonicInstant {
        MonotonicInstant(nanoseconds: lhs.nanoseconds &+ rhs.nanoseconds)
    }

    /// The time from `earlier` to `self` (zero when `earlier` is later).
    func duration(since earlier: MonotonicInstant) -> Duration {
        guard nanoseconds > earlier.nanoseconds else { return .zero }
        return .nanoseconds(Int64(nanoseconds - earlier.nanoseconds))
    }

    var description: String { "\(nanoseconds)ns" }
}

extension Duration {
    /// The duration in whole nanoseconds, clamped at zero (timeouts are never negative).
    var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        let total = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        return total > 0 ? UInt64(total) : 0
    }

    /// The duration as a Dispatch interval.
    var dispatchInterval: DispatchTimeInterval { .nanoseconds(Int(clamping: nanoseconds)) }
}
