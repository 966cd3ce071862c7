#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `Date` header line (RFC 9110 IMF-fixdate), made once per second by a `PerSecondText`.
enum DateCache {
    /// Where the seconds' two digits start, counted back from the header line's end (`37 GMT\r\n`).
    static let secondsFromEnd = 8

    /// `Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n` for `seconds`.
    static func headerLine(_ seconds: time_t) -> [UInt8] { Array("Date: \(format(seconds))\r\n".utf8) }

    static func format(_ seconds: time_t) -> String {
        var seconds = seconds
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) "
            + "\(parts.tm_year + 1900) \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
