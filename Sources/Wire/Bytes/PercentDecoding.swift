/// Percent-decoding (RFC 3986 §2.1) for paths and, with `+` as space, form fields: the one rule
/// for requests and captured URLs alike. A broken escape, a decoded NUL (`%00`) or bytes that
/// are not UTF-8 make the text undecodable.
package enum PercentDecoding {
    /// The decoded bytes in `range` as a UTF-8 String; nil for a bad %-escape, a decoded NUL,
    /// or bytes that are not UTF-8.
    ///
    /// Most names and values of a query are short ASCII with nothing to decode: those are
    /// copied straight into the String, whose ASCII check is then the only one (a String of
    /// up to 15 bytes is made in place, with no validation pass and no allocation).
    package static func decode(
        _ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool = false
    ) -> String? {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        // `+` counts only as a form's space; otherwise it is looked for as a second `%`.
        let plus = plusAsSpace ? UInt8(ascii: "+") : UInt8(ascii: "%")
        var bits: UInt8 = 0
        var needsDecoding = false
        for byte in slice {
            bits |= byte
            needsDecoding = needsDecoding || byte == UInt8(ascii: "%") || byte == plus
        }
        if needsDecoding { return decodeEscapes(slice, plusAsSpace: plusAsSpace) }
        guard bits < 0x80 else { return String(validating: slice, as: UTF8.self) }
        return String(unsafeUninitializedCapacity: slice.count) { target in
            _ = target.initialize(fromContentsOf: slice)
            return slice.count
        }
    }

    /// `slice` with its escapes decoded (and `+` as space when asked) into a scratch buffer on
    /// the stack, then validated as UTF-8 once, as the String is made.
    private static func decodeEscapes(_ slice: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool) -> String? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: slice.count) { decoded in
            var count = 0
            var index = 0
            while index < slice.count {
                let byte = slice[index]
                if byte == UInt8(ascii: "%") {
                    guard index + 2 < slice.count,
                          let high = ASCII.hexValue(slice[index + 1]),
                          let low = ASCII.hexValue(slice[index + 2]) else { return nil }
                    let value = UInt8(high << 4 | low)
                    if value == 0 { return nil }
                    decoded[count] = value
                    index += 3
                } else {
                    decoded[count] = plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte
                    index += 1
                }
                count += 1
            }
            return String(validating: UnsafeBufferPointer(rebasing: decoded[..<count]), as: UTF8.self)
        }
    }

    /// The decoded `text`, by the same rule; nil when it cannot be decoded.
    package static func decode<Text: StringProtocol>(_ text: Text, plusAsSpace: Bool = false) -> String? {
        var copy = String(text)
        return copy.withUTF8 { bytes in decode(0..<bytes.count, in: bytes, plusAsSpace: plusAsSpace) }
    }
}
