#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The current time as ISO 8601 UTC to the second (`2026-11-23T21:10:30Z`), formatted once per
/// second as nginx's `$time_iso8601` is; between changes it costs one `time(2)` and no
/// allocation. Not thread-safe: each event loop's access log owns one.
struct LogTimestamp {
    private var second: time_t = -1
    private(set) var bytes: [UInt8] = []

    /// The stamp for now.
    mutating func current() -> [UInt8] {
        let now = time(nil)
        if now != second {
            second = now
            bytes = Self.format(now)
        }
        return bytes
    }

    static func format(_ seconds: time_t) -> [UInt8] {
        var seconds = seconds
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var text: [UInt8] = []
        text.reserveCapacity(20)
        func digits(_ value: Int32, _ count: Int) {
            var divisor: Int32 = 1
            for _ in 1..<count { divisor *= 10 }
            var value = value
            while divisor > 0 {
                text.append(UInt8(ascii: "0") + UInt8(value / divisor))
                value %= divisor
                divisor /= 10
            }
        }
        digits(parts.tm_year + 1900, 4)
        text.append(UInt8(ascii: "-"))
        digits(parts.tm_mon + 1, 2)
        text.append(UInt8(ascii: "-"))
        digits(parts.tm_mday, 2)
        text.append(UInt8(ascii: "T"))
        digits(parts.tm_hour, 2)
        text.append(UInt8(ascii: ":"))
        digits(parts.tm_min, 2)
        text.append(UInt8(ascii: ":"))
        digits(parts.tm_sec, 2)
        text.append(UInt8(ascii: "Z"))
        return text
    }
}
