#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered access-log lines for one event loop: `GET /path 200 123B 0.42ms`.
///
/// Lines collect in memory and leave in one `write(2)` to standard output when the buffer
/// passes 16 KB or when the loop's flush timer runs (every 50 ms while lines are waiting), so
/// logging costs a memcpy per request instead of a syscall. Not thread-safe: used on its
/// loop's queue only.
struct AccessLog {
    private(set) var buffer: [UInt8] = []
    let flushThreshold = 16 * 1024

    /// Appends one line; returns true when the buffer should be flushed now.
    mutating func append(method: String, target: String, status: Int, bytes: Int,
                         duration: Duration, fault: TransportFault?) -> Bool {
        buffer.append(contentsOf: method.utf8)
        buffer.append(UInt8(ascii: " "))
        for byte in target.utf8 {
            // Keep one request per line whatever the target holds.
            buffer.append(byte < 0x20 || byte == 0x7F ? UInt8(ascii: "?") : byte)
        }
        buffer.append(UInt8(ascii: " "))
        buffer.appendDecimal(status)
        buffer.append(UInt8(ascii: " "))
        buffer.appendDecimal(bytes)
        buffer.append(contentsOf: "B ".utf8)
        let micros = Int(duration.nanoseconds / 1000)
        buffer.appendDecimal(micros / 1000)
        buffer.append(UInt8(ascii: "."))
        let fraction = micros % 1000
        if fraction < 100 { buffer.append(UInt8(ascii: "0")) }
        if fraction < 10 { buffer.append(UInt8(ascii: "0")) }
        buffer.appendDecimal(fraction)
        buffer.append(contentsOf: "ms".utf8)
        if let fault {
            buffer.append(contentsOf: " fault=".utf8)
            buffer.append(contentsOf: fault.rawValue.utf8)
        }
        buffer.append(UInt8(ascii: "\n"))
        return buffer.count >= flushThreshold
    }

    /// Writes the buffered lines to standard output.
    mutating func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
