#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// When a journaled request reached the mock controls: the wall-clock time the journal shows,
/// and the monotonic clock's reading its duration is measured from, in nanoseconds. Read only
/// when a journal is kept. Plain integers: a `ContinuousClock` reading and the `Duration`
/// between two of them, turned into milliseconds, cost ~400 Ir a request (two calls into the
/// runtime's clock, and a 128-bit division of attoseconds).
struct JournalTiming {
    let startedAt: Date
    private let start: UInt64

    /// Now.
    init() {
        startedAt = Date()
        start = Self.monotonicNanoseconds()
    }

    /// The milliseconds from the start to now, with their fraction (nanosecond resolution).
    func elapsedMilliseconds() -> Double {
        let now = Self.monotonicNanoseconds()
        return now > start ? Double(now - start) / 1e6 : 0
    }

    private static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
