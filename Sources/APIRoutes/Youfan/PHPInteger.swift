/// PHP's `intval` of a request string: leading whitespace skipped, an optional sign, then the
/// digits up to the first non-digit; no digits gives 0, overflow saturates. It never fails:
/// `"1 "` → 1, `"null"` → 0, `"1.5"` → 1, `"-3"` → -3.
///
/// Reads the UTF-8 bytes: every character it looks for is ASCII, and no byte of a non-ASCII
/// character is one of them.
enum PHPInteger {
    static func intval(_ text: String) -> Int {
        var text = text
        return text.withUTF8(intval)
    }

    /// The same over the bytes in place: a request's `page` or `num` is a String of a few bytes
    /// held inline, read here without the `UTF8View`'s index checks a byte at a time.
    private static func intval(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var index = 0
        while index < bytes.count, isWhitespace(bytes[index]) { index += 1 }
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var magnitude = 0
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            let (shifted, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (added, overflow2) = shifted.addingReportingOverflow(Int(digit))
            if overflow1 || overflow2 { return negative ? Int.min : Int.max }
            magnitude = added
            index += 1
        }
        return negative ? -magnitude : magnitude
    }

    /// PHP's whitespace for `intval`: space, `\t`, `\n`, `\r`, `\v`, `\f`.
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte)
    }
}
