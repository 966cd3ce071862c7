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
/// `timeout`); bytes are body bytes only. Lines collect in memory and leave for standard output
/// when the buffer passes 64 KB or when the loop's flush timer runs (every 50 ms while lines are
/// waiting), written there by `AccessLogWriter` off the loop, so logging costs the loop a memcpy
/// per request instead of a syscall. 64 KB, as Envoy's access-log buffer: at 16 KB, ~850 buffers
/// a second under load woke the writer's thread, and the background threads switched in and out
/// twice as often (~920 times a second against ~480).
/// Not thread-safe: used on its event loop's thread only.
struct AccessLog {
    /// The waiting lines are `storage[..<count]`; the bytes after them are room already made, so
    /// a text line is written in place rather than in a temporary buffer and then copied.
    private var storage: [UInt8] = []
    private var count = 0
    let flushThreshold = 64 * 1024
    var format: LogFormat
    private var timestamp = PerSecondText(secondsFromEnd: LogTimestamp.secondsFromEnd, LogTimestamp.format)
    /// A JSON line is made here, then copied into `storage`; kept for its capacity.
    private var jsonLine: [UInt8] = []

    init(format: LogFormat = .text) {
        self.format = format
    }

    /// The lines waiting to be written.
    var buffer: ArraySlice<UInt8> { storage[..<count] }

    /// Appends one line of the facts `AccessLogEntry` describes; returns true when the buffer
    /// should be flushed now. The facts come as parameters rather than as one entry: an entry
    /// made in `Connection.report` held copies of the request's and the answer's pieces, each
    /// retained, and was destroyed through its value witness (~130 Ir); parameters are borrowed.
    mutating func append(
        requestID: RequestID, client: [UInt8], method: String, target: String,
        targetMayHoldControlBytes: Bool = true, status: Int, bodyBytes: Int, nanoseconds: UInt64,
        fault: TransportFault?, delay: Duration?, answeredBy: String? = nil,
        businessCode: AccessLogEntry.CodeInBody? = nil
    ) -> Bool {
        switch format {
        case .text: appendText(requestID: requestID, client: client, method: method, target: target,
            targetMayHoldControlBytes: targetMayHoldControlBytes, status: status, bodyBytes: bodyBytes,
            nanoseconds: nanoseconds, fault: fault, delay: delay, answeredBy: answeredBy, businessCode: businessCode)
        case .json: appendJSON(requestID: requestID, client: client, method: method, target: target,
            status: status, bodyBytes: bodyBytes, nanoseconds: nanoseconds, fault: fault, delay: delay, answeredBy: answeredBy, businessCode: businessCode)
        }
        return count >= flushThreshold
    }

    /// Room for `length` more bytes after the waiting lines: at first, and whenever a line would
    /// not fit, at least the flush threshold and some lines more, so a line rarely makes room.
    private mutating func makeRoom(_ length: Int) {
        guard storage.count - count < length else { return }
        storage.append(contentsOf: repeatElement(0, count: max(length, flushThreshold + 4 * 1024)))
    }

    /// One line written in place from its pieces, in room made for the longest it can be (each
    /// number counted at its widest, so no number is measured before it is written).
    private mutating func appendText(
        requestID: RequestID, client: [UInt8], method: String, target: String,
        targetMayHoldControlBytes: Bool, status: Int, bodyBytes: Int, nanoseconds: UInt64,
        fault: TransportFault?, delay: Duration?, answeredBy: String?,
        businessCode: AccessLogEntry.CodeInBody?
    ) {
        let time = timestamp.current()
        let sentStatus = AccessLogEntry.sentStatus(status, fault: fault)
        let code = sentStatus == nil ? nil : businessCode
        let micros = Int(nanoseconds / 1000)
        let widest = ByteCursor.maxDecimalLength
        // The spaces, `B `, `ms id=`, the milliseconds' point and three decimals, and the newline;
        // the client's `-` when it is unknown; the status, the body bytes and the whole
        // milliseconds at their widest.
        var room = 19 + 3 * widest + time.count + client.count + method.utf8.count
            + target.utf8.count + requestID.maxByteCount
        if let answeredBy { room += 4 + answeredBy.utf8.count }
        if let code { room += 6 + code.maxByteCount }
        if let fault { room += 7 + fault.rawValue.utf8.count }
        if delay != nil { room += 9 + widest }
        makeRoom(room)
        let start = count
        count = storage.withUnsafeMutableBufferPointer { bytes in
            var line = ByteCursor(bytes, from: start)
            line.write(time)
            line.write(UInt8(ascii: " "))
            if client.isEmpty { line.write(UInt8(ascii: "-")) } else { line.write(client) }
            line.write(UInt8(ascii: " "))
            line.write(method)
            line.write(UInt8(ascii: " "))
            let targetStart = line.offset
            line.write(target)
            if targetMayHoldControlBytes {
                Self.mendControlBytes(UnsafeMutableBufferPointer(rebasing: bytes[targetStart..<line.offset]))
            }
            line.write(UInt8(ascii: " "))
            if let sentStatus { line.writeDecimal(sentStatus) } else { line.write(UInt8(ascii: "-")) }
            line.write(UInt8(ascii: " "))
            line.writeDecimal(bodyBytes)
            line.write(ascii: "B ")
            line.writeDecimal(micros / 1000)
            let fraction = micros % 1000
            line.write(UInt8(ascii: "."))
            line.write(UInt8(truncatingIfNeeded: fraction / 100) &+ 48)
            line.write(UInt8(truncatingIfNeeded: fraction / 10 % 10) &+ 48)
            line.write(UInt8(truncatingIfNeeded: fraction % 10) &+ 48)
            line.write(ascii: "ms id=")
            // Written here rather than through a method of `RequestID`, which stayed a call (111 Ir).
            switch requestID {
            case .generated(let number): line.writeDecimal(number)
            case .client(let text): line.write(text)
            }
            if let answeredBy {
                let answerFacts = line.offset
                line.write(ascii: " by=")
                line.write(answeredBy)
                Self.mendControlBytes(UnsafeMutableBufferPointer(rebasing: bytes[answerFacts..<line.offset]))
            }
            if let code {
                line.write(ascii: " code=")
                let codeStart = line.offset
                if !code.writePrintableASCII(to: &line) {
                    code.write(to: &line)
                    Self.mendControlBytes(UnsafeMutableBufferPointer(rebasing: bytes[codeStart..<line.offset]))
                }
            }
            if let fault {
                line.write(ascii: " fault=")
                line.write(fault.rawValue)
            }
            if let delay {
                line.write(ascii: " delay=")
                line.writeDecimal(Int(delay.nanoseconds / 1_000_000))
                line.write(ascii: "ms")
            }
            line.write(UInt8(ascii: "\n"))
            return line.offset
        }
    }

    private mutating func appendJSON(
        requestID: RequestID, client: [UInt8], method: String, target: String,
        status: Int, bodyBytes: Int, nanoseconds: UInt64,
        fault: TransportFault?, delay: Duration?, answeredBy: String?,
        businessCode: AccessLogEntry.CodeInBody?
    ) {
        let sentStatus = AccessLogEntry.sentStatus(status, fault: fault)
        jsonLine.append(contentsOf: #"{"time":""#.utf8)
        jsonLine.append(contentsOf: timestamp.current())
        jsonLine.append(contentsOf: #"","requestId":"#.utf8)
        switch requestID {
        case .client(let text): jsonLine.appendJSONString(text)
        case .generated(let number):
            jsonLine.append(UInt8(ascii: "\""))
            jsonLine.appendDecimal(number)
            jsonLine.append(UInt8(ascii: "\""))
        }
        jsonLine.append(contentsOf: #","client":"#.utf8)
        client.withUnsafeBufferPointer { jsonLine.appendJSONString(utf8: $0) }
        jsonLine.append(contentsOf: #","method":"#.utf8)
        jsonLine.appendJSONString(method)
        jsonLine.append(contentsOf: #","target":"#.utf8)
        jsonLine.appendJSONString(target)
        jsonLine.append(contentsOf: #","status":"#.utf8)
        if let sentStatus { jsonLine.appendDecimal(sentStatus) } else { jsonLine.append(contentsOf: "null".utf8) }
        jsonLine.append(contentsOf: #","code":"#.utf8)
        if sentStatus != nil, let code = businessCode { code.appendJSON(to: &jsonLine) } else { jsonLine.append(contentsOf: "null".utf8) }
        jsonLine.append(contentsOf: #","bytes":"#.utf8)
        jsonLine.appendDecimal(bodyBytes)
        jsonLine.append(contentsOf: #","ms":"#.utf8)
        appendMilliseconds(nanoseconds: nanoseconds)
        jsonLine.append(contentsOf: #","answeredBy":"#.utf8)
        if let answeredBy { jsonLine.appendJSONString(answeredBy) } else { jsonLine.append(contentsOf: "null".utf8) }
        jsonLine.append(contentsOf: #","fault":"#.utf8)
        if let fault { jsonLine.appendJSONString(fault.rawValue) } else { jsonLine.append(contentsOf: "null".utf8) }
        jsonLine.append(contentsOf: #","delayMs":"#.utf8)
        if let delay {
            jsonLine.appendDecimal(Int(delay.nanoseconds / 1_000_000))
        } else {
            jsonLine.append(contentsOf: "null".utf8)
        }
        jsonLine.append(contentsOf: "}\n".utf8)
        makeRoom(jsonLine.count)
        storage.replaceSubrange(count..<count + jsonLine.count, with: jsonLine)
        count += jsonLine.count
        jsonLine.removeAll(keepingCapacity: true)
    }

    /// Milliseconds with three decimals (microsecond resolution).
    private mutating func appendMilliseconds(nanoseconds: UInt64) {
        let micros = Int(nanoseconds / 1000)
        jsonLine.appendDecimal(micros / 1000)
        jsonLine.append(UInt8(ascii: "."))
        let fraction = micros % 1000
        if fraction < 100 { jsonLine.append(UInt8(ascii: "0")) }
        if fraction < 10 { jsonLine.append(UInt8(ascii: "0")) }
        jsonLine.appendDecimal(fraction)
    }

    /// Keeps one request per line and fields apart whatever the text holds: control characters
    /// become `?` (the target never holds a space: the parser refuses one). Only the pieces a
    /// client or a handler chooses are mended: a target that did not come from the parser (whose
    /// own refuses control bytes, see `targetMayHoldControlBytes` in `AccessLogEntry`'s list of facts), who answered,
    /// and a business code that is not printable ASCII. The other pieces (the time, the client's
    /// address, the method the parser took as a token, the numbers, a request id that
    /// `RequestID` let through or the loop made, the fault's name) never hold a control
    /// character. Eight bytes are checked at a time; a piece without a control character, nearly
    /// every one, is not looked at byte by byte. Inlined: as a call, each piece cost more in the
    /// call than in its two or three words.
    @inline(__always)
    private static func mendControlBytes(_ bytes: UnsafeMutableBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, bytes.count >= 8 else { return mend(bytes, bytes.indices) }
        let raw = UnsafeRawPointer(base)
        var start = 0
        while start + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: start, as: UInt64.self)
            if mayHoldControlByte(word) { mend(bytes, start..<start + 8) }
            start += 8
        }
        // The last few bytes as the word that ends the piece, overlapping the one before (a byte
        // looked at twice is harmless), rather than one by one.
        let last = bytes.count - 8
        if start < bytes.count, mayHoldControlByte(raw.loadUnaligned(fromByteOffset: last, as: UInt64.self)) {
            mend(bytes, last..<bytes.count)
        }
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

    /// Hands the buffered lines to `AccessLogWriter.standardOutput`, which writes them on its
    /// own queue, and goes on in a buffer it wrote before (or a new one).
    mutating func flush() {
        guard count > 0 else { return }
        var full = AccessLogWriter.standardOutput.takeSpare()
        swap(&full, &storage)
        AccessLogWriter.standardOutput.enqueue(full, count: count)
        count = 0
    }
}
