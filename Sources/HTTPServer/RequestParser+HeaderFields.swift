import Wire

/// Header field lines: `field-name ":" OWS field-value OWS CRLF` (RFC 9112 §5), strictly.
extension RequestParser {
    mutating func readHeaderField(in bytes: UnsafeBufferPointer<UInt8>) -> Progress {
        guard let lineFeed = nextLineFeed(in: bytes) else {
            let pending = bytes.count - readIndex
            if pending == 0 { return .needMore }
            // A lone CR may still become the blank line that ends the section; anything else
            // is a field line at least `pending + 1` bytes long once complete.
            let mayBeBlankLine = pending == 1 && bytes[readIndex] == ByteClass.carriageReturn
            if !mayBeBlankLine && head.headerBytes + pending + 1 > limits.maxHeaderBytes {
                return headerSectionTooLarge()
            }
            return .needMore
        }
        let start = readIndex
        let lineLength = lineFeed + 1 - start
        let isBlankLine = lineLength == 2 && bytes[start] == ByteClass.carriageReturn
        if !isBlankLine {
            if head.headerBytes + lineLength > limits.maxHeaderBytes { return headerSectionTooLarge() }
            if fieldSpans.count >= limits.maxHeaderCount {
                return fail(.requestHeaderFieldsTooLarge, "more than \(limits.maxHeaderCount) header fields")
            }
        }
        guard lineFeed > start, bytes[lineFeed - 1] == ByteClass.carriageReturn else {
            return fail(.badRequest, "bare LF in header section (lines must end with CRLF)")
        }
        consume(upTo: lineFeed + 1)
        if isBlankLine {
            head.fields = fieldSpans.withUnsafeBufferPointer { spans in
                ReceivedHeaderFields(bytes: UnsafeBufferPointer(rebasing: bytes[fieldsStart..<start]), spans: spans)
            }
            return completeHead()
        }

        head.headerBytes += lineLength
        let line = start..<(lineFeed - 1)
        guard let (name, value) = Self.splitField(line, in: bytes) else {
            return fail(.badRequest, Self.fieldError(line, in: bytes).message)
        }
        return addField(name: name, value: value, in: bytes)
    }

    private mutating func headerSectionTooLarge() -> Progress {
        fail(.requestHeaderFieldsTooLarge, "header section larger than \(limits.maxHeaderBytes) bytes")
    }

    /// Splits and validates one field line (without CRLF) into name and trimmed value ranges;
    /// nil when the line is malformed (`fieldError` tells why). Shared with chunked trailers. No
    /// error is made on the way: a `Result` carrying one cost every field line its copies.
    static func splitField(
        _ line: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>
    ) -> (name: Range<Int>, value: Range<Int>)? {
        if ASCII.isWhitespace(bytes[line.lowerBound]) { return nil }
        var colon = line.lowerBound
        while colon < line.upperBound, ByteClass.isToken(bytes[colon]) { colon += 1 }
        guard colon > line.lowerBound, colon < line.upperBound, bytes[colon] == ByteClass.colon else { return nil }
        let valueRange = (colon + 1)..<line.upperBound
        if ByteClass.firstForbiddenInField(bytes, in: valueRange) != nil { return nil }
        return (line.lowerBound..<colon, bytes.trimmingWhitespace(valueRange))
    }

    /// Why `splitField` refused `line`, checked in the order a reader would name the faults.
    static func fieldError(_ line: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> HTTPParseError {
        if ASCII.isWhitespace(bytes[line.lowerBound]) {
            return badField("obsolete line folding (a field line starting with whitespace) is not allowed")
        }
        var colon = line.lowerBound
        while colon < line.upperBound, ByteClass.isToken(bytes[colon]) { colon += 1 }
        guard colon < line.upperBound, bytes[colon] == ByteClass.colon else {
            if colon < line.upperBound, ASCII.isWhitespace(bytes[colon]) {
                let rest = colon..<line.upperBound
                let afterSpace = bytes.trimmingWhitespace(rest).lowerBound
                if afterSpace < line.upperBound, bytes[afterSpace] == ByteClass.colon {
                    return badField("whitespace between header field name and colon")
                }
            }
            if colon < line.upperBound, ByteClass.isForbiddenInField(bytes[colon]) {
                return controlError(bytes[colon])
            }
            return badField(colon == line.upperBound
                ? "header field line without a colon"
                : "invalid character in header field name")
        }
        if colon == line.lowerBound { return badField("empty header field name") }
        let valueRange = (colon + 1)..<line.upperBound
        // The one fault left that `splitField` refuses: a control byte in the value.
        guard let forbidden = ByteClass.firstForbiddenInField(bytes, in: valueRange) else {
            return badField("invalid header field line")
        }
        return controlError(bytes[forbidden])
    }

    private static func badField(_ message: String) -> HTTPParseError {
        HTTPParseError(status: .badRequest, message: message)
    }

    /// The error for a control byte (`ByteClass.isForbiddenInField`) inside a field.
    private static func controlError(_ byte: UInt8) -> HTTPParseError {
        switch byte {
        case 0: badField("NUL byte in header field")
        case ByteClass.carriageReturn: badField("bare CR in header field")
        default: badField("control character in header field")
        }
    }
}
