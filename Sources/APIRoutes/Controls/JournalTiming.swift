import Store

/// When a journaled request reached the mock controls, as a reading of the monotonic clock in
/// nanoseconds: its duration is measured from it, and the journal's writer turns it into the
/// wall-clock time the journal shows (`JournalStart`). Read only when a journal is kept. Plain
/// integers: a `ContinuousClock` reading and the `Duration` between two of them, turned into
/// milliseconds, cost ~400 Ir a request (two calls into the runtime's clock, and a 128-bit
/// division of attoseconds); a `Date()` beside it ~90 more.
struct JournalTiming {
    let start: UInt64

    /// Now.
    init() {
        start = JournalStart.monotonicNow()
    }

    /// The milliseconds from the start to now, with their fraction (nanosecond resolution).
    func elapsedMilliseconds() -> Double {
        let now = JournalStart.monotonicNow()
        return now > start ? Double(now - start) / 1e6 : 0
    }
}
