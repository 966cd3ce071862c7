/// The one JSON string escaper, for `JSON`'s writer and for bodies the server writes by hand.
extension Array where Element == UInt8 {
    /// Appends a JSON string literal (quotes included), escaping only what JSON requires:
    /// quotes, backslashes and control characters; non-ASCII (Chinese) and `/` stay as they are.
    package mutating func appendJSONString(_ string: String) {
        append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): append(contentsOf: [0x5C, 0x5C])
            case 0x0A: append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x00..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: append(byte)
            }
        }
        append(UInt8(ascii: "\""))
    }
}
