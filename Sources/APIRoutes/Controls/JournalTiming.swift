import HTTPServer
import Store

/// When a journaled request was read whole, as a reading of the monotonic clock in nanoseconds:
/// its duration is measured from it, and the journal's writer turns it into the wall-clock time
/// the journal shows (`JournalStart`). The event loop's own reading for the bytes it read
/// (`HTTPRequest.receivedAtUptimeNanoseconds`, the same clock), so a request costs one reading
/// of the clock, at its answer, not two; now, for a request made by code. Plain
/// integers: a `ContinuousClock` reading and the `Duration` between two of them, turned into
/// milliseconds, cost ~400 Ir a request (two calls into the runtime's clock, and a 128-bit
/// division of attoseconds); a `Date()` beside it ~90 more.
struct JournalTiming {
    let start: UInt64

    /// When `request` was read whole, or now when it was made by code.
    init(_ request: HTTPRequest) {
        let received = request.receivedAtUptimeNanoseconds
        start = received > 0 ? received : JournalStart.monotonicNow()
    }

    /// The milliseconds from the start to now, with their fraction (nanosecond resolution).
    func elapsedMilliseconds() -> Double {
        let now = JournalStart.monotonicNow()
        return now > start ? Double(now - start) / 1e6 : 0
    }
}
