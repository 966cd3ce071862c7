/// Strings: escapes decoded, `\uXXXX` surrogate pairs joined, UTF-8 validated.
extension JSONParser {
    /// Most strings hold no escape: their bytes are made into the String straight from the
    /// document, checked once (an ASCII one needs no check at all: the scan saw every byte).
    /// A string with an escape is decoded into a scratch array first.
    mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        let start = index
        var bits: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return try string(bytes[start..<(index - 1)], allASCII: bits < 0x80)
            }
            if byte < 0x20 { throw fail("control character in a string (escape it)") }
            if byte == UInt8(ascii: "\\") { return try parseEscapedString(from: start) }
            bits |= byte
            index += 1
        }
        throw fail("unterminated string")
    }

    /// The rest of a string from `start`, where a backslash is at `index`.
    private mutating func parseEscapedString(from start: Int) throws(JSONParseError) -> String {
        var scalars: [UInt8] = []
        var segmentStart = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                scalars.append(contentsOf: bytes[segmentStart..<index])
                index += 1
                return try string(scalars[...], allASCII: false)
            }
            if byte < 0x20 { throw fail("control character in a string (escape it)") }
            if byte == UInt8(ascii: "\\") {
                scalars.append(contentsOf: bytes[segmentStart..<index])
                index += 1
                try parseEscape(into: &scalars)
                segmentStart = index
                continue
            }
            index += 1
        }
        throw fail("unterminated string")
    }

    /// `utf8` as a String; fails unless it is valid UTF-8. The String is made by the
    /// standard library's repairing decode, specialised for a buffer (the validating
    /// initialiser went through its unspecialised generic path, a type look-up a string): a
    /// valid text comes out byte for byte, an invalid one with U+FFFD where it differs.
    private func string(_ utf8: ArraySlice<UInt8>, allASCII: Bool) throws(JSONParseError) -> String {
        let text = utf8.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
        if allASCII { return text }
        guard text.utf8.elementsEqual(utf8) else { throw fail("string is not valid UTF-8") }
        return text
    }

    mutating func parseEscape(into output: inout [UInt8]) throws(JSONParseError) {
        guard index < bytes.count else { throw fail("unterminated escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): output.append(0x22)
        case UInt8(ascii: "\\"): output.append(0x5C)
        case UInt8(ascii: "/"): output.append(0x2F)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xD800...0xDBFF).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw fail("unpaired surrogate in \\u escape") }
                index += 2
                let low = try parseHex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate in \\u escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw fail("unpaired surrogate in \\u escape")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape") }
            output.append(contentsOf: Array(String(Character(unicode)).utf8))
        default:
            index -= 1
            throw fail("invalid escape '\\\(Unicode.Scalar(byte))'")
        }
    }

    mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("invalid \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case 0x30...0x39: digit = UInt32(byte - 0x30)
            case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
            case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
            default: throw fail("invalid \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
