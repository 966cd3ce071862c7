extension JSON {
    /// The UTF-8 encoding: compact, members in order, non-ASCII and `/` written as they are.
    public func encoded() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        encode(into: &output)
        return output
    }

    /// The encoding as a Swift string (for logs, tests and storing fragments as TEXT).
    public func encodedString() -> String {
        String(decoding: encoded(), as: UTF8.self)
    }

    /// Appends the encoding to `output`.
    public func encode(into output: inout [UInt8]) {
        switch self {
        case .null:
            output.append(contentsOf: JSONLiteral.null)
        case let .bool(value):
            output.append(contentsOf: value ? JSONLiteral.true : JSONLiteral.false)
        case let .int(value):
            output.append(contentsOf: String(value).utf8)
        case let .number(value):
            if value.isFinite {
                if value == value.rounded(), abs(value) < 1e15 {
                    output.append(contentsOf: String(Int64(value)).utf8)
                } else {
                    output.append(contentsOf: String(value).utf8)
                }
            } else {
                output.append(contentsOf: JSONLiteral.null)
            }
        case let .numberText(text):
            output.append(contentsOf: text.utf8)
        case let .string(value):
            JSON.encodeString(value, into: &output)
        case let .array(items):
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                item.encode(into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case let .object(members):
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSON.encodeString(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                member.value.encode(into: &output)
            }
            output.append(UInt8(ascii: "}"))
        case let .raw(bytes):
            output.append(contentsOf: bytes)
        }
    }

    /// Appends `value` as a JSON string: quotes, backslashes and control characters escaped,
    /// everything else (non-ASCII, `/`) as it is.
    package static func encodeString(_ value: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): output.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x00..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                output.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

private enum JSONLiteral {
    static let null = Array("null".utf8)
    static let `true` = Array("true".utf8)
    static let `false` = Array("false".utf8)
}
