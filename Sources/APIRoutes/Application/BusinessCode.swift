/// The result code inside an answer's JSON envelope, for the access log: Maka's `code`, Youfan's
/// `status` and the SOA-style `isSuccess` (WIRE.md §1.5). Only the body's first member is read,
/// without parsing the rest: every envelope the mock writes starts with its code, and a replayed
/// capture whose body puts it elsewhere simply logs no code.
enum BusinessCode {
    static let keys: [[UInt8]] = [Array("code".utf8), Array("status".utf8), Array("isSuccess".utf8)]
    /// Longer values are not a code (a message, an id): nothing is logged.
    static let maxLength = 32

    /// The first member's value as text (a string without its quotes), or nil when the body does
    /// not start with one of `keys` holding a number, a short string or a boolean.
    static func read(_ body: [UInt8]) -> String? {
        var index = skipSpace(body, from: 0)
        guard index < body.count, body[index] == UInt8(ascii: "{") else { return nil }
        index = skipSpace(body, from: index + 1)
        guard let key = keys.first(where: { starts(body, at: index, with: [UInt8(ascii: "\"")] + $0 + [UInt8(ascii: "\"")]) })
        else { return nil }
        index = skipSpace(body, from: index + key.count + 2)
        guard index < body.count, body[index] == UInt8(ascii: ":") else { return nil }
        index = skipSpace(body, from: index + 1)
        guard index < body.count else { return nil }
        if body[index] == UInt8(ascii: "\"") {
            let start = index + 1
            guard let end = body[start...].prefix(maxLength + 1).firstIndex(of: UInt8(ascii: "\"")),
                  !body[start..<end].contains(UInt8(ascii: "\\")) else { return nil }
            return String(decoding: body[start..<end], as: UTF8.self)
        }
        let end = body[index...].prefix(maxLength + 1).firstIndex { !isLiteralByte($0) } ?? body.count
        guard end > index, end - index <= maxLength, end == body.count || !isLiteralByte(body[end]) else { return nil }
        let literal = String(decoding: body[index..<end], as: UTF8.self)
        return literal == "null" ? nil : literal
    }

    private static func isLiteralByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }

    private static func skipSpace(_ body: [UInt8], from index: Int) -> Int {
        var index = index
        while index < body.count, [0x20, 0x09, 0x0A, 0x0D].contains(body[index]) { index += 1 }
        return index
    }

    private static func starts(_ body: [UInt8], at index: Int, with prefix: [UInt8]) -> Bool {
        index + prefix.count <= body.count && body[index..<(index + prefix.count)].elementsEqual(prefix)
    }
}
