/// Percent-decoding (RFC 3986 §2.1) for paths and, with `+` as space, form fields.
enum PercentDecoding {
    /// The decoded bytes in `range` as a UTF-8 String; nil for a bad %-escape, a decoded NUL,
    /// or bytes that are not UTF-8.
    static func decode(
        _ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>, plusAsSpace: Bool = false
    ) -> String? {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        if bytes.firstIndex(of: ByteClass.percent, in: range) == nil
            && !(plusAsSpace && bytes.firstIndex(of: 0x2B, in: range) != nil) {
            if bytes.isASCII(range) { return String(decoding: slice, as: UTF8.self) }
            return String(validating: slice, as: UTF8.self)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == ByteClass.percent {
                guard index + 2 < range.upperBound,
                      let high = ByteClass.hexValue(bytes[index + 1]),
                      let low = ByteClass.hexValue(bytes[index + 2]) else { return nil }
                let value = UInt8(high << 4 | low)
                if value == 0 { return nil }
                decoded.append(value)
                index += 3
            } else {
                decoded.append(plusAsSpace && byte == 0x2B ? ByteClass.space : byte)
                index += 1
            }
        }
        return String(validating: decoded, as: UTF8.self)
    }
}
