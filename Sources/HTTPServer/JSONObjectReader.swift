/// Reads the members of a JSON object body (RFC 8259) as parameters: strings decoded, numbers
/// as their text, booleans as `true`/`false`, null omitted, nested objects and arrays as their
/// JSON text. The whole body is validated; anything else is a `ParameterError`.
struct JSONObjectReader {
    static let maxDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The members of the object `body` holds; empty for an all-whitespace body.
    static func parameters(from body: [UInt8]) throws(ParameterError) -> Parameters {
        guard String(validating: body, as: UTF8.self) != nil else {
            throw ParameterError("JSON body is not valid UTF-8")
        }
        return try body.withUnsafeBufferPointer { (buffer) throws(ParameterError) -> Parameters in
            var reader = JSONObjectReader(buffer)
            return try reader.readDocument()
        }
    }

    private mutating func readDocument() throws(ParameterError) -> Parameters {
        skipWhitespace()
        guard index < bytes.count else { return Parameters() }
        guard bytes[index] == UInt8(ascii: "{") else {
            try skipValue(depth: 0)
            skipWhitespace()
            guard index == bytes.count else { throw unparsable("unexpected text after the JSON value") }
            throw ParameterError("JSON body must be an object")
        }
        index += 1
        var parameters = Parameters()
        skipWhitespace()
        if try peek() == UInt8(ascii: "}") {
            index += 1
        } else {
            while true {
                skipWhitespace()
                guard try peek() == UInt8(ascii: "\"") else { throw unparsable("expected a member name") }
                let name = try readString()
                skipWhitespace()
                try expect(UInt8(ascii: ":"))
                skipWhitespace()
                if let value = try readMemberValue() { parameters.append(name: name, value: value) }
                skipWhitespace()
                let separator = try peek()
                index += 1
                if separator == UInt8(ascii: "}") { break }
                guard separator == UInt8(ascii: ",") else { throw unparsable("expected ',' or '}'", at: index - 1) }
            }
        }
        skipWhitespace()
        guard index == bytes.count else { throw unparsable("unexpected text after the JSON object") }
        return parameters
    }

    /// A member's value as parameter text; nil for null.
    private mutating func readMemberValue() throws(ParameterError) -> String? {
        let start = index
        switch try peek() {
        case UInt8(ascii: "\""):
            return try readString()
        case UInt8(ascii: "n"):
            try skipValue(depth: 1)
            return nil
        default:
            try skipValue(depth: 1)
            return bytes.string(start..<index)
        }
    }

    /// Validates and steps over one value of any kind.
    private mutating func skipValue(depth: Int) throws(ParameterError) {
        guard depth < Self.maxDepth else { throw ParameterError("JSON nested deeper than \(Self.maxDepth) levels") }
        switch try peek() {
        case UInt8(ascii: "\""):
            _ = try readString()
        case UInt8(ascii: "{"):
            try skipContainer(close: UInt8(ascii: "}"), depth: depth, hasNames: true)
        case UInt8(ascii: "["):
            try skipContainer(close: UInt8(ascii: "]"), depth: depth, hasNames: false)
        case UInt8(ascii: "t"): try expectLiteral("true")
        case UInt8(ascii: "f"): try expectLiteral("false")
        case UInt8(ascii: "n"): try expectLiteral("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try skipNumber()
        default: throw unparsable("expected a value")
        }
    }

    private mutating func skipContainer(close: UInt8, depth: Int, hasNames: Bool) throws(ParameterError) {
        index += 1
        skipWhitespace()
        if try peek() == close {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            if hasNames {
                guard try peek() == UInt8(ascii: "\"") else { throw unparsable("expected a member name") }
                _ = try readString()
                skipWhitespace()
                try expect(UInt8(ascii: ":"))
                skipWhitespace()
            }
            try skipValue(depth: depth + 1)
            skipWhitespace()
            let separator = try peek()
            index += 1
            if separator == close { return }
            guard separator == UInt8(ascii: ",") else { throw unparsable("expected ',' or a closing bracket", at: index - 1) }
        }
    }

    /// `-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`
    private mutating func skipNumber() throws(ParameterError) {
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw unparsable("invalid number") }
        if bytes[index] == UInt8(ascii: "0") { index += 1 } else { skipDigits() }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw unparsable("invalid number") }
            skipDigits()
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw unparsable("invalid number") }
            skipDigits()
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    /// A string starting at `index` (on its quote), escapes decoded.
    private mutating func readString() throws(ParameterError) -> String {
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return bytes.string(start..<(index - 1))
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw unparsable("control character in a string") }
            index += 1
        }
        var decoded = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        try JSONStringEscapes.decode(from: bytes, at: &index, into: &decoded)
        return String(decoding: decoded, as: UTF8.self)
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(ParameterError) {
        let end = index + literal.utf8CodeUnitCount
        guard end <= bytes.count else { throw unparsable("invalid literal") }
        for offset in 0..<literal.utf8CodeUnitCount where bytes[index + offset] != literal.utf8Start[offset] {
            throw unparsable("invalid literal")
        }
        index = end
    }

    private mutating func expect(_ byte: UInt8) throws(ParameterError) {
        guard try peek() == byte else { throw unparsable("expected '\(Character(Unicode.Scalar(byte)))'") }
        index += 1
    }

    private func peek() throws(ParameterError) -> UInt8 {
        guard index < bytes.count else { throw unparsable("unexpected end of input") }
        return bytes[index]
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func unparsable(_ problem: String, at position: Int? = nil) -> ParameterError {
        ParameterError("unparsable JSON body at byte \(position ?? index): \(problem)")
    }
}
