/// Decoding of the backslash escapes inside a JSON string, including `\uXXXX` surrogate pairs.
enum JSONStringEscapes {
    /// Continues a string from `index` (inside it, at or before its first backslash), appending
    /// decoded UTF-8 to `decoded`, and leaves `index` after the closing quote.
    static func decode(
        from bytes: UnsafeBufferPointer<UInt8>, at index: inout Int, into decoded: inout [UInt8]
    ) throws(ParameterError) {
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { break }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
                case UInt8(ascii: "b"): decoded.append(0x08)
                case UInt8(ascii: "f"): decoded.append(0x0C)
                case UInt8(ascii: "n"): decoded.append(0x0A)
                case UInt8(ascii: "r"): decoded.append(0x0D)
                case UInt8(ascii: "t"): decoded.append(0x09)
                case UInt8(ascii: "u"): try appendUnicodeEscape(from: bytes, at: &index, into: &decoded)
                default: throw error("invalid escape in a string", at: index - 1)
                }
            case 0..<0x20:
                throw error("control character in a string", at: index - 1)
            default:
                decoded.append(byte)
            }
        }
        throw error("unterminated string", at: index)
    }

    /// `XXXX` after `\u`; a high surrogate must be followed by `\uXXXX` with a low one.
    private static func appendUnicodeEscape(
        from bytes: UnsafeBufferPointer<UInt8>, at index: inout Int, into decoded: inout [UInt8]
    ) throws(ParameterError) {
        var value = try hex4(bytes, at: &index)
        if (0xD800...0xDBFF).contains(value) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw error("unpaired surrogate in \\u escape", at: index)
            }
            index += 2
            let low = try hex4(bytes, at: &index)
            guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in \\u escape", at: index) }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(value) {
            throw error("unpaired surrogate in \\u escape", at: index)
        }
        guard let scalar = Unicode.Scalar(value) else { throw error("invalid \\u escape", at: index) }
        decoded.append(contentsOf: String(Character(scalar)).utf8)
    }

    private static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) throws(ParameterError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("invalid \\u escape", at: index) }
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = ByteClass.hexValue(bytes[index + offset]) else { throw error("invalid \\u escape", at: index) }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    private static func error(_ problem: String, at position: Int) -> ParameterError {
        ParameterError("unparsable JSON body at byte \(position): \(problem)")
    }
}
