/// Parses JSON bytes (RFC 8259) into a `JSONTree`. Errors name the line and column.
struct JSONTreeParser {
    struct Failure: Error {
        let message: String
    }

    let bytes: [UInt8]
    var position = 0
    private var depth = 0
    private static let maximumDepth = 512

    static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONTree {
        var parser = JSONTreeParser(bytes: bytes)
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }  // a UTF-8 byte order mark
        parser.position = start
        parser.skipWhitespace()
        let tree = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.position == bytes.count else { throw parser.failure("unexpected text after the JSON value") }
        return tree
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    func failure(_ message: String) -> Failure {
        var line = 1
        var column = 1
        for byte in bytes[..<min(position, bytes.count)] {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return Failure(message: "invalid JSON at line \(line), column \(column): \(message)")
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(Failure) -> JSONTree {
        guard position < bytes.count else { throw failure("unexpected end of input") }
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "{"):
            return try parseObject()
        case UInt8(ascii: "["):
            return try parseArray()
        case UInt8(ascii: "\""):
            let text = try parseString()
            return JSONTree(value: .string(text), range: start..<position)
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return JSONTree(value: .bool(true), range: start..<position)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return JSONTree(value: .bool(false), range: start..<position)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return JSONTree(value: .null, range: start..<position)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        default:
            throw failure("unexpected character '\(Unicode.Scalar(bytes[position]))'")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(Failure) {
        let count = literal.utf8CodeUnitCount
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        guard position + count <= bytes.count, bytes[position..<position + count].elementsEqual(expected) else {
            throw failure("expected \(literal)")
        }
        position += count
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw failure("nested deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func parseObject() throws(Failure) -> JSONTree {
        let start = position
        try enter()
        position += 1
        var members: [(key: String, node: JSONTree)] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return JSONTree(value: .object(members), range: start..<position)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw failure("expected a member name in quotes") }
            let key = try parseString()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw failure("expected ':' after a member name") }
            position += 1
            skipWhitespace()
            members.append((key, try parseValue()))
            skipWhitespace()
            guard position < bytes.count else { throw failure("unexpected end of input in an object") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "}") { position += 1; break }
            throw failure("expected ',' or '}' in an object")
        }
        depth -= 1
        return JSONTree(value: .object(members), range: start..<position)
    }

    private mutating func parseArray() throws(Failure) -> JSONTree {
        let start = position
        try enter()
        position += 1
        var items: [JSONTree] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return JSONTree(value: .array(items), range: start..<position)
        }
        while true {
            skipWhitespace()
            items.append(try parseValue())
            skipWhitespace()
            guard position < bytes.count else { throw failure("unexpected end of input in an array") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "]") { position += 1; break }
            throw failure("expected ',' or ']' in an array")
        }
        depth -= 1
        return JSONTree(value: .array(items), range: start..<position)
    }

    private mutating func parseNumber() throws(Failure) -> JSONTree {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        if position < bytes.count, bytes[position] == UInt8(ascii: "0") {
            position += 1
            if digits() > 0 { throw failure("a number cannot start with 0") }
        } else if digits() == 0 {
            throw failure("expected a digit")
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw failure("expected a digit after '.'") }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { throw failure("expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        return JSONTree(value: .number(text), range: start..<position)
    }

    private mutating func digits() -> Int {
        let start = position
        while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
            position += 1
        }
        return position - start
    }
}
