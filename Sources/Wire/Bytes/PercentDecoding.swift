/// Percent-decoding (RFC 3986 §2.1) for paths and, with `+` as space, form fields: the one rule
/// for requests and captured URLs alike. A broken escape, a decoded NUL (`%00`) or bytes that
/// are not UTF-8 make the text undecodable.
package enum PercentDecoding {
    /// The decoded bytes in `range` as a UTF-8 String; nil for a bad %-escape, a decoded NUL,
    /// or bytes that are not UTF-8.
    package static func decode(
        _ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool = false
    ) -> String? {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        if bytes.firstIndex(of: 0x25, in: range) == nil
            && !(plusAsSpace && bytes.firstIndex(of: 0x2B, in: range) != nil) {
            if bytes.isASCII(range) { return String(decoding: slice, as: UTF8.self) }
            return String(validating: slice, as: UTF8.self)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == 0x25 {
                guard index + 2 < range.upperBound,
                      let high = ASCII.hexValue(bytes[index + 1]),
                      let low = ASCII.hexValue(bytes[index + 2]) else { return nil }
                let value = UInt8(high << 4 | low)
                if value == 0 { return nil }
                decoded.append(value)
                index += 3
            } else {
                decoded.append(plusAsSpace && byte == 0x2B ? 0x20 : byte)
                index += 1
            }
        }
        return String(validating: decoded, as: UTF8.self)
    }

    /// The decoded `text`, by the same rule; nil when it cannot be decoded.
    package static func decode<Text: StringProtocol>(_ text: Text, plusAsSpace: Bool = false) -> String? {
        var copy = String(text)
        return copy.withUTF8 { bytes in decode(0..<bytes.count, in: bytes, plusAsSpace: plusAsSpace) }
    }
}
