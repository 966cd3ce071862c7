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
            output.appendDecimal(Int(value))
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
            output.appendJSONString(value)
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
                output.appendJSONString(member.key)
                output.append(UInt8(ascii: ":"))
                member.value.encode(into: &output)
            }
            output.append(UInt8(ascii: "}"))
        case let .raw(bytes):
            output.append(contentsOf: bytes)
        }
    }
}

private enum JSONLiteral {
    static let null = Array("null".utf8)
    static let `true` = Array("true".utf8)
    static let `false` = Array("false".utf8)
}
