import Wire

/// What the parser learns from particular header fields while storing them: Host (validated
/// and counted; `HTTPRequest.authority` reads it only when asked), Expect, Content-Length
/// (agreed and numeric) and Transfer-Encoding (checked once the head is complete).
extension RequestParser {
    /// Stores a field and notes the ones that decide framing.
    mutating func addField(
        name: Range<Int>, value: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>
    ) -> Progress {
        let known = KnownHeader(UnsafeBufferPointer(rebasing: bytes[name]))
        switch known {
        case .host:
            head.hostCount += 1
            for index in value where !ByteClass.isHostCharacter(bytes[index]) {
                return fail(.badRequest, "invalid Host header")
            }
        case .expect:
            if bytes.equalsIgnoringCase(value, "100-continue") { head.expectsContinue = true }
        case .contentLength:
            let checked = noteContentLength(value, in: bytes)
            guard checked == .proceed else { return checked }
        case .transferEncoding:
            head.transferEncodings.append(bytes.string(value))
        default:
            break
        }
        if let known { head.knownNames |= known.bit }
        fieldSpans.append(ReceivedHeaderFields.Span(
            name: (name.lowerBound - fieldsStart)..<(name.upperBound - fieldsStart),
            value: (value.lowerBound - fieldsStart)..<(value.upperBound - fieldsStart)))
        return .proceed
    }

    /// Content-Length is `1*DIGIT`; a list or repeated field is accepted only when every value
    /// is the same (RFC 9110 §8.6).
    private mutating func noteContentLength(
        _ value: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>
    ) -> Progress {
        var elementStart = value.lowerBound
        while elementStart <= value.upperBound {
            let elementEnd = bytes.firstIndex(of: 0x2C, in: elementStart..<value.upperBound) ?? value.upperBound
            let element = bytes.trimmingWhitespace(elementStart..<elementEnd)
            guard let length = Self.decimal(element, in: bytes) else {
                return fail(.badRequest, "Content-Length is not a non-negative decimal number")
            }
            if let known = head.contentLength, known != length {
                return fail(.badRequest, "conflicting Content-Length values")
            }
            head.contentLength = length
            elementStart = elementEnd + 1
        }
        return .proceed
    }

    /// A non-empty run of digits as an Int; `Int.max` when it has more than 18 digits.
    private static func decimal(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !range.isEmpty else { return nil }
        var value = 0
        var significantDigits = 0
        for index in range {
            let byte = bytes[index]
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            if value > 0 || byte != 0x30 { significantDigits += 1 }
            if significantDigits <= 18 { value = value * 10 + Int(byte - 0x30) }
        }
        return significantDigits > 18 ? Int.max : value
    }
}
