#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The default log sink: lines to standard error, each in one `write(2)` (no shared `FILE *`).
public enum StandardError {
    /// Writes `line` and a newline.
    @Sendable public static func writeLine(_ line: String) {
        var line = line + "\n"
        line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    }
}
