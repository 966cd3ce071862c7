/// The one JSON string escaper, for `JSON`'s writer and for bodies the server writes by hand.
extension Array where Element == UInt8 {
    /// Appends a JSON string literal (quotes included), escaping only what JSON requires:
    /// quotes, backslashes and control characters; non-ASCII (Chinese) and `/` stay as they are.
    /// Runs between escapes are copied whole from the string's UTF-8 storage, not byte by byte.
    package mutating func appendJSONString(_ string: String) {
        append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { appendJSONEscaped($0) }
        append(UInt8(ascii: "\""))
    }

    /// Appends UTF-8 bytes (a column's text, read in place) as a JSON string literal, exactly
    /// as `appendJSONString(_:)` writes the `String` they decode to: well-formed UTF-8 (Chinese
    /// names and cities included) decodes to the same bytes and is escaped straight from them;
    /// anything else is decoded first, so invalid UTF-8 is repaired the same way.
    package mutating func appendJSONString(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard Self.isWellFormedUTF8(bytes) else {
            appendJSONString(String(decoding: bytes, as: UTF8.self))
            return
        }
        append(UInt8(ascii: "\""))
        appendJSONEscaped(bytes)
        append(UInt8(ascii: "\""))
    }

    /// Whether `bytes` are well-formed UTF-8 (Unicode's table 3-7: no overlong forms, no
    /// surrogates, nothing past U+10FFFF, no cut sequence), which `String(decoding:)` keeps as
    /// they are.
    package static func isWellFormedUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var lowest: UInt8 = 0x80
            var highest: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lowest = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; highest = 0x9F
            case 0xF0: length = 4; lowest = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; highest = 0x8F
            default: return false
            }
            guard bytes.count - index >= length, (lowest...highest).contains(bytes[index + 1]) else { return false }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }

    private mutating func appendJSONEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            appendJSONEscape(for: byte)
            runStart = index + 1
        }
        append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }

    private mutating func appendJSONEscape(for byte: UInt8) {
        append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): append(byte)
        case 0x0A: append(UInt8(ascii: "n"))
        case 0x0D: append(UInt8(ascii: "r"))
        case 0x09: append(UInt8(ascii: "t"))
        default:
            append(contentsOf: "u00".utf8)
            append(Self.hexDigit(byte >> 4))
            append(Self.hexDigit(byte & 0xF))
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
