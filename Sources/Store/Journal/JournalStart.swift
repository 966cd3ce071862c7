#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// When a journaled request started: a wall-clock time, or a reading of the monotonic clock
/// (`monotonicNow`) that the journal's writer turns into one. The request path reads only the
/// monotonic clock, which it needs for the request's duration anyway: reading the wall clock
/// too (`Date()`) cost it ~90 Ir a request, where the writer turns a batch's readings into
/// times with one reading of each clock (`WallClockOffset`).
package enum JournalStart: Sendable, Equatable {
    case wall(Date)
    case monotonic(nanoseconds: UInt64)

    /// The monotonic clock's reading now, in nanoseconds.
    package static func monotonicNow() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// The wall-clock time, in seconds since 1970, `offset` turning a monotonic reading into one.
    func secondsSince1970(_ offset: WallClockOffset) -> Double {
        switch self {
        case let .wall(date): date.timeIntervalSince1970
        case let .monotonic(nanoseconds): offset.seconds + Double(nanoseconds) / 1e9
        }
    }

    /// The wall clock less the monotonic clock, in seconds, as read at one moment: a monotonic
    /// reading plus it is the wall-clock time of that reading (give or take a step of the wall
    /// clock between the two).
    struct WallClockOffset {
        let seconds: Double

        /// Now.
        init() {
            var wall = timespec()
            clock_gettime(CLOCK_REALTIME, &wall)
            let monotonic = JournalStart.monotonicNow()
            seconds = (Double(wall.tv_sec) + Double(wall.tv_nsec) / 1e9) - Double(monotonic) / 1e9
        }
    }
}
