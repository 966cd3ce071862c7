#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A time as ISO 8601 UTC to the second (`2026-11-23T21:10:30Z`), as nginx's `$time_iso8601`;
/// the access log makes it once per second through a `PerSecondText`.
enum LogTimestamp {
    /// Where the seconds' two digits start, counted back from the end (`30Z`).
    static let secondsFromEnd = 3

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
