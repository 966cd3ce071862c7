/// Splits a captured URL into a decoded path and a raw query, the way the server splits a
/// request target: scheme and authority dropped, fragment dropped, path percent-decoded.
struct CaptureURL {
    let path: String
    let query: String?

    init(_ url: String) {
        var rest = Substring(url)
        if let fragment = rest.firstIndex(of: "#") { rest = rest[..<fragment] }
        if let scheme = rest.range(of: "://") {
            let afterAuthority = rest[scheme.upperBound...]
            rest = afterAuthority.firstIndex(where: { $0 == "/" || $0 == "?" }).map { afterAuthority[$0...] } ?? ""
        }
        var rawPath = rest
        var query: String?
        if let mark = rest.firstIndex(of: "?") {
            rawPath = rest[..<mark]
            query = String(rest[rest.index(after: mark)...])
        }
        let decoded = PercentDecoding.decode(rawPath, plusIsSpace: false) ?? String(rawPath)
        self.path = decoded.hasPrefix("/") ? decoded : "/" + decoded
        self.query = query
    }
}

/// Percent-decoding for paths (`+` kept) and form/query components (`+` is a space).
enum PercentDecoding {
    /// The decoded text, or nil when an escape is broken or the bytes are not UTF-8.
    static func decode<Text: StringProtocol>(_ text: Text, plusIsSpace: Bool) -> String? {
        let utf8 = Array(text.utf8)
        guard utf8.contains(UInt8(ascii: "%")) || (plusIsSpace && utf8.contains(UInt8(ascii: "+"))) else {
            return String(text)
        }
        var output: [UInt8] = []
        output.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < utf8.count, let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2]) else {
                    return nil
                }
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return String(validating: output, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
