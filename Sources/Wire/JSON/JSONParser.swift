/// A recursive-descent parser over a byte array; keeps object members in document order and
/// each number's text.
struct JSONParser {
    let bytes: [UInt8]
    /// Members whose object or array value is kept as `.raw` source text.
    let keptMembers: Set<String>
    var index = 0
    var depth = 0
    static let maximumDepth = 512

    init(bytes: [UInt8], keepingSourceOf keptMembers: Set<String>) {
        self.bytes = bytes
        self.keptMembers = keptMembers
    }

    mutating func parseDocument() throws(JSONParseError) -> JSON {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw fail("unexpected text after the JSON value") }
        return value
    }

    func fail(_ message: String) -> JSONParseError {
        JSONParseError(message: message, offset: index)
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func parseValue() throws(JSONParseError) -> JSON {
        guard index < bytes.count else { throw fail("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw fail("expected a value")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw fail("unexpected end of input") }
        let matches = literal.withUTF8Buffer { expected in
            expected.indices.allSatisfy { bytes[index + $0] == expected[$0] }
        }
        guard matches else { throw fail("invalid literal") }
        index += count
    }

    /// Steps into an object or array at its opening bracket, counting the depth (the caller
    /// steps out); true when the container closes at once.
    mutating func openContainer(closedBy close: UInt8) throws(JSONParseError) -> Bool {
        depth += 1
        if depth > JSONParser.maximumDepth { throw fail("nested deeper than \(JSONParser.maximumDepth) levels") }
        index += 1
        skipWhitespace()
        guard index < bytes.count, bytes[index] == close else { return false }
        index += 1
        return true
    }

    /// After an element: true at the container's closing bracket, false after a comma.
    mutating func closesAfterElement(closedBy close: UInt8, in container: String) throws(JSONParseError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw fail("unexpected end of input in \(container)") }
        switch bytes[index] {
        case UInt8(ascii: ","): index += 1; return false
        case close: index += 1; return true
        default: throw fail("expected ',' or '\(Character(Unicode.Scalar(close)))' in \(container)")
        }
    }

    mutating func parseObject() throws(JSONParseError) -> JSON {
        let isEmpty = try openContainer(closedBy: UInt8(ascii: "}"))
        defer { depth -= 1 }
        var members: [(key: String, value: JSON)] = []
        if isEmpty { return .object(members) }
        repeat {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw fail("expected a member name in quotes")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after a member name") }
            index += 1
            skipWhitespace()
            members.append((key: key, value: try parseMemberValue(named: key)))
        } while try !closesAfterElement(closedBy: UInt8(ascii: "}"), in: "an object")
        return .object(members)
    }

    /// A member's value; an object or array under a kept name becomes its compact source text.
    mutating func parseMemberValue(named name: String) throws(JSONParseError) -> JSON {
        let start = index
        let value = try parseValue()
        guard keptMembers.contains(name), bytes[start] == UInt8(ascii: "{") || bytes[start] == UInt8(ascii: "[") else {
            return value
        }
        return .raw(JSONCompaction.compact(bytes[start..<index]))
    }

    mutating func parseArray() throws(JSONParseError) -> JSON {
        let isEmpty = try openContainer(closedBy: UInt8(ascii: "]"))
        defer { depth -= 1 }
        var items: [JSON] = []
        if isEmpty { return .array(items) }
        repeat {
            skipWhitespace()
            items.append(try parseValue())
        } while try !closesAfterElement(closedBy: UInt8(ascii: "]"), in: "an array")
        return .array(items)
    }

    mutating func parseNumber() throws(JSONParseError) -> JSON {
        let start = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let value = Int64(text), String(value) == text { return .int(value) }
        return .numberText(text)
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}
