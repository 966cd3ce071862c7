#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Wire

/// Buffered access-log lines for one event loop, in the chosen `LogFormat`:
///
///     2026-11-23T21:10:30Z 127.0.0.1:51234 GET /path 200 123B 0.420ms id=7 by=maka code=200
///     {"time":"2026-11-23T21:10:30Z","requestId":"7","client":"127.0.0.1:51234","method":"GET","target":"/path","status":200,"code":"200","bytes":123,"ms":0.420,"answeredBy":"maka","fault":null,"delayMs":null}
///
/// The status is `-` (`null`) when no status line was sent (faults `close`, `reset`,
/// `timeout`); bytes are body bytes only. Lines collect in memory and leave in one `write(2)` to
/// standard output when the buffer passes 16 KB or when the loop's flush timer runs (every
/// 50 ms while lines are waiting), so logging costs a memcpy per request instead of a syscall.
/// Not thread-safe: used on its loop's queue only.
struct AccessLog {
    private(set) var buffer: [UInt8] = []
    let flushThreshold = 16 * 1024
    var format: LogFormat
    private var timestamp = PerSecondText(LogTimestamp.format)

    init(format: LogFormat = .text) {
        self.format = format
    }

    /// Appends one line; returns true when the buffer should be flushed now.
    mutating func append(_ entry: AccessLogEntry) -> Bool {
        switch format {
        case .text: appendText(entry)
        case .json: appendJSON(entry)
        }
        return buffer.count >= flushThreshold
    }

    private mutating func appendText(_ entry: AccessLogEntry) {
        buffer.append(contentsOf: timestamp.current())
        buffer.append(UInt8(ascii: " "))
        appendSanitised(entry.client.isEmpty ? "-" : entry.client)
        buffer.append(UInt8(ascii: " "))
        appendSanitised(entry.method)
        buffer.append(UInt8(ascii: " "))
        appendSanitised(entry.target)
        buffer.append(UInt8(ascii: " "))
        if let status = entry.sentStatus { buffer.appendDecimal(status) } else { buffer.append(UInt8(ascii: "-")) }
        buffer.append(UInt8(ascii: " "))
        buffer.appendDecimal(entry.bodyBytes)
        buffer.append(contentsOf: "B ".utf8)
        appendMilliseconds(entry.duration)
        buffer.append(contentsOf: "ms id=".utf8)
        buffer.append(contentsOf: entry.requestID.utf8)
        if let answeredBy = entry.answeredBy {
            buffer.append(contentsOf: " by=".utf8)
            appendSanitised(answeredBy)
        }
        if entry.sentStatus != nil, let code = entry.businessCode {
            buffer.append(contentsOf: " code=".utf8)
            appendSanitised(code)
        }
        if let fault = entry.fault {
            buffer.append(contentsOf: " fault=".utf8)
            buffer.append(contentsOf: fault.rawValue.utf8)
        }
        if let delay = entry.delay {
            buffer.append(contentsOf: " delay=".utf8)
            buffer.appendDecimal(Int(delay.nanoseconds / 1_000_000))
            buffer.append(contentsOf: "ms".utf8)
        }
        buffer.append(UInt8(ascii: "\n"))
    }

    private mutating func appendJSON(_ entry: AccessLogEntry) {
        buffer.append(contentsOf: #"{"time":""#.utf8)
        buffer.append(contentsOf: timestamp.current())
        buffer.append(contentsOf: #"","requestId":"#.utf8)
        buffer.appendJSONString(entry.requestID)
        buffer.append(contentsOf: #","client":"#.utf8)
        buffer.appendJSONString(entry.client)
        buffer.append(contentsOf: #","method":"#.utf8)
        buffer.appendJSONString(entry.method)
        buffer.append(contentsOf: #","target":"#.utf8)
        buffer.appendJSONString(entry.target)
        buffer.append(contentsOf: #","status":"#.utf8)
        if let status = entry.sentStatus { buffer.appendDecimal(status) } else { buffer.append(contentsOf: "null".utf8) }
        buffer.append(contentsOf: #","code":"#.utf8)
        if entry.sentStatus != nil, let code = entry.businessCode { buffer.appendJSONString(code) } else { buffer.append(contentsOf: "null".utf8) }
        buffer.append(contentsOf: #","bytes":"#.utf8)
        buffer.appendDecimal(entry.bodyBytes)
        buffer.append(contentsOf: #","ms":"#.utf8)
        appendMilliseconds(entry.duration)
        buffer.append(contentsOf: #","answeredBy":"#.utf8)
        if let answeredBy = entry.answeredBy { buffer.appendJSONString(answeredBy) } else { buffer.append(contentsOf: "null".utf8) }
        buffer.append(contentsOf: #","fault":"#.utf8)
        if let fault = entry.fault { buffer.appendJSONString(fault.rawValue) } else { buffer.append(contentsOf: "null".utf8) }
        buffer.append(contentsOf: #","delayMs":"#.utf8)
        if let delay = entry.delay {
            buffer.appendDecimal(Int(delay.nanoseconds / 1_000_000))
        } else {
            buffer.append(contentsOf: "null".utf8)
        }
        buffer.append(contentsOf: "}\n".utf8)
    }

    /// Milliseconds with three decimals (microsecond resolution).
    private mutating func appendMilliseconds(_ duration: Duration) {
        let micros = Int(duration.nanoseconds / 1000)
        buffer.appendDecimal(micros / 1000)
        buffer.append(UInt8(ascii: "."))
        let fraction = micros % 1000
        if fraction < 100 { buffer.append(UInt8(ascii: "0")) }
        if fraction < 10 { buffer.append(UInt8(ascii: "0")) }
        buffer.appendDecimal(fraction)
    }

    /// Keeps one request per line and fields apart whatever the text holds: control characters
    /// become `?` (the target never holds a space: the parser refuses one).
    /// The text is copied in one piece and then mended in place: appended byte by byte, each
    /// byte paid for a capacity and uniqueness check (five fields of every request).
    private mutating func appendSanitised(_ text: String) {
        let start = buffer.count
        buffer.appendUTF8(text)
        buffer.withUnsafeMutableBufferPointer { bytes in
            for index in start..<bytes.count where bytes[index] < 0x20 || bytes[index] == 0x7F {
                bytes[index] = UInt8(ascii: "?")
            }
        }
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
