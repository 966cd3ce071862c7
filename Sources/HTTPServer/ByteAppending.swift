/// Small, allocation-free appenders used to serialise heads, log lines and error bodies.
extension Array where Element == UInt8 {
    /// Appends a non-negative or negative integer in decimal.
    mutating func appendDecimal(_ value: Int) {
        if value < 0 {
            append(UInt8(ascii: "-"))
            appendDecimal(UInt(value.magnitude))
        } else {
            appendDecimal(UInt(value))
        }
    }

    mutating func appendDecimal(_ value: UInt) {
        var digitCount = 1
        var probe = value
        while probe >= 10 {
            probe /= 10
            digitCount += 1
        }
        let start = count
        append(contentsOf: repeatElement(0, count: digitCount))
        var remaining = value
        var index = start + digitCount - 1
        repeat {
            self[index] = UInt8(truncatingIfNeeded: remaining % 10) &+ 48
            remaining /= 10
            index -= 1
        } while remaining > 0
    }

    /// Appends a JSON string literal (quotes included), escaping only what JSON requires;
    /// non-ASCII characters such as Chinese stay as UTF-8.
    mutating func appendJSONString(_ string: String) {
        append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append(contentsOf: [92, 34])
            case UInt8(ascii: "\\"): append(contentsOf: [92, 92])
            case 0x0A: append(contentsOf: [92, UInt8(ascii: "n")])
            case 0x0D: append(contentsOf: [92, UInt8(ascii: "r")])
            case 0x09: append(contentsOf: [92, UInt8(ascii: "t")])
            case 0..<0x20:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                append(contentsOf: [92, UInt8(ascii: "u"), 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            default: append(byte)
            }
        }
        append(UInt8(ascii: "\""))
    }
}
