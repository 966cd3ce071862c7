#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Maka's time format: `yyyy-MM-dd HH:mm:ss` in Beijing time (UTC+8, no daylight saving),
/// which is how the original server showed `publishTime` and how the client displays it as is.
public enum MakaTimestamp {
    private static let beijingOffset = 8 * 3600

    /// The current time in Maka's format.
    public static func now() -> String {
        format(secondsSince1970: Int(time(nil)))
    }

    /// Formats seconds since 1970-01-01 UTC.
    public static func format(secondsSince1970 seconds: Int) -> String {
        var shifted = time_t(seconds + beijingOffset)
        var parts = tm()
        gmtime_r(&shifted, &parts)
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }

    private static func two(_ value: Int32) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
