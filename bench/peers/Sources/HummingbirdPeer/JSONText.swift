/// The JSON text helpers the peer's handlers share, writing what `serve`'s JSON writer writes
/// for the values the benchmark reads (UTF-8 kept as is, `"`, `\` and control characters escaped).
enum JSONText {
    /// `value` as a JSON string literal.
    static func quoted(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `items` (each already JSON text) as a JSON array.
    static func array(_ items: [[UInt8]]) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "[")]
        for (position, item) in items.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            out += item
        }
        out.append(UInt8(ascii: "]"))
        return out
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
