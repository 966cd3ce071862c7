#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Text made from the current second and made again only when the second changes, as nginx
/// caches its times: between changes a read costs one `time(2)` and no allocation. Its seconds
/// are two digits at a fixed place (`secondsFromEnd`): only those two are rewritten when the
/// second changes within the same minute, instead of the text being made whole (`gmtime_r` and
/// every field formatted, ~900 Ir). Not thread-safe: each event loop owns its own.
struct PerSecondText {
    private var second: time_t = -1
    private var bytes: [UInt8] = []
    private let make: @Sendable (time_t) -> [UInt8]
    /// Where the seconds' two digits start, counted back from the text's end.
    private let secondsFromEnd: Int

    init(secondsFromEnd: Int, _ make: @escaping @Sendable (time_t) -> [UInt8]) {
        self.secondsFromEnd = secondsFromEnd
        self.make = make
    }

    /// The text for now.
    mutating func current() -> [UInt8] {
        text(at: time(nil))
    }

    /// The text for the second `now`. Inlined for the read of a second already made; the change
    /// of second is a call of its own (inlined with it, this function was a call, and a retain
    /// and release, on every read).
    @inline(__always)
    mutating func text(at now: time_t) -> [UInt8] {
        if now != second { move(to: now) }
        return bytes
    }

    @inline(never)
    private mutating func move(to now: time_t) {
        if second >= 0, now > second, now / 60 == second / 60 {
            let tens = bytes.count - secondsFromEnd
            let seconds = UInt8(truncatingIfNeeded: now % 60)
            bytes[tens] = UInt8(ascii: "0") &+ seconds / 10
            bytes[tens + 1] = UInt8(ascii: "0") &+ seconds % 10
        } else {
            bytes = make(now)
        }
        second = now
    }
}
