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
/// Not thread-safe: used on its event loop's thread only.
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

    /// One line through a `ByteCursor`: its length summed first, then each piece copied once and
    /// the line appended in one copy. Appended piece by piece, each of some twenty appends paid
    /// for the buffer's capacity and uniqueness checks (~3,400 Ir a line).
    private mutating func appendText(_ entry: AccessLogEntry) {
        let time = timestamp.current()
        let client = entry.client.isEmpty ? "-" : entry.client
        let status = entry.sentStatus
        let code = status == nil ? nil : entry.businessCode
        let micros = Int(entry.nanoseconds / 1000)
        let delay = entry.delay.map { Int($0.nanoseconds / 1_000_000) }
        // The spaces, `B `, `ms id=`, the milliseconds' point and three decimals, and the newline.
        var length = 18 + time.count + client.utf8.count + entry.method.utf8.count + entry.target.utf8.count
            + (status.map(ByteCursor.decimalLength) ?? 1) + ByteCursor.decimalLength(entry.bodyBytes)
            + ByteCursor.decimalLength(micros / 1000) + entry.requestID.byteCount
        if let answeredBy = entry.answeredBy { length += 4 + answeredBy.utf8.count }
        if let code { length += 6 + code.utf8.count }
        if let fault = entry.fault { length += 7 + fault.rawValue.utf8.count }
        if let delay { length += 9 + ByteCursor.decimalLength(delay) }
        let start = buffer.count
        buffer.append(count: length) { cursor in
            cursor.write(time)
            cursor.write(UInt8(ascii: " "))
            cursor.write(client)
            cursor.write(UInt8(ascii: " "))
            cursor.write(entry.method)
            cursor.write(UInt8(ascii: " "))
            cursor.write(entry.target)
            cursor.write(UInt8(ascii: " "))
            if let status { cursor.writeDecimal(status) } else { cursor.write(UInt8(ascii: "-")) }
            cursor.write(UInt8(ascii: " "))
            cursor.writeDecimal(entry.bodyBytes)
            cursor.write(ascii: "B ")
            cursor.writeDecimal(micros / 1000)
            let fraction = micros % 1000
            cursor.write(UInt8(ascii: "."))
            cursor.write(UInt8(truncatingIfNeeded: fraction / 100) &+ 48)
            cursor.write(UInt8(truncatingIfNeeded: fraction / 10 % 10) &+ 48)
            cursor.write(UInt8(truncatingIfNeeded: fraction % 10) &+ 48)
            cursor.write(ascii: "ms id=")
            entry.requestID.write(to: &cursor)
            if let answeredBy = entry.answeredBy {
                cursor.write(ascii: " by=")
                cursor.write(answeredBy)
            }
            if let code {
                cursor.write(ascii: " code=")
                cursor.write(code)
            }
            if let fault = entry.fault {
                cursor.write(ascii: " fault=")
                cursor.write(fault.rawValue)
            }
            if let delay {
                cursor.write(ascii: " delay=")
                cursor.writeDecimal(delay)
                cursor.write(ascii: "ms")
            }
            cursor.write(UInt8(ascii: "\n"))
        }
        buffer.withUnsafeMutableBufferPointer { bytes in
            Self.mendControlBytes(UnsafeMutableBufferPointer(rebasing: bytes[start..<bytes.count - 1]))
        }
    }

    private mutating func appendJSON(_ entry: AccessLogEntry) {
        buffer.append(contentsOf: #"{"time":""#.utf8)
        buffer.append(contentsOf: timestamp.current())
        buffer.append(contentsOf: #"","requestId":"#.utf8)
        switch entry.requestID {
        case .client(let text): buffer.appendJSONString(text)
        case .generated(let number):
            buffer.append(UInt8(ascii: "\""))
            buffer.appendDecimal(number)
            buffer.append(UInt8(ascii: "\""))
        }
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
        appendMilliseconds(nanoseconds: entry.nanoseconds)
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
    private mutating func appendMilliseconds(nanoseconds: UInt64) {
        let micros = Int(nanoseconds / 1000)
        buffer.appendDecimal(micros / 1000)
        buffer.append(UInt8(ascii: "."))
        let fraction = micros % 1000
        if fraction < 100 { buffer.append(UInt8(ascii: "0")) }
        if fraction < 10 { buffer.append(UInt8(ascii: "0")) }
        buffer.appendDecimal(fraction)
    }

    /// Keeps one request per line and fields apart whatever the text holds: control characters
    /// become `?` (the target never holds a space: the parser refuses one). The whole line is
    /// mended: the pieces the client does not choose (the time, the numbers, a request id that
    /// `RequestID` let through or the loop made) never hold a control character. Eight bytes
    /// are checked at a time; a line without a control character, nearly every one, is not
    /// looked at byte by byte.
    private static func mendControlBytes(_ bytes: UnsafeMutableBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        var start = 0
        while start + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: start, as: UInt64.self)
            if mayHoldControlByte(word) { mend(bytes, start..<start + 8) }
            start += 8
        }
        mend(bytes, start..<bytes.count)
    }

    /// Whether a byte of `word` is below 0x20 or is 0x7F (exact as a whole, not which byte).
    private static func mayHoldControlByte(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let below = (word &- ones &* 0x20) & ~word & highs
        let delete = word ^ (ones &* 0x7F)
        return below | ((delete &- ones) & ~delete & highs) != 0
    }

    private static func mend(_ bytes: UnsafeMutableBufferPointer<UInt8>, _ range: Range<Int>) {
        for index in range where bytes[index] < 0x20 || bytes[index] == 0x7F {
            bytes[index] = UInt8(ascii: "?")
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
