/// The result code inside an answer's JSON envelope, for the access log: Maka's `code`, Youfan's
/// `status` and the SOA-style `isSuccess` (WIRE.md §1.5). Only the body's first member is read,
/// without parsing the rest or allocating until a code is found: every envelope the mock writes
/// starts with its code, and a replayed capture whose body puts it elsewhere simply logs no code.
enum BusinessCode {
    /// Longer values are not a code (a message, an id): nothing is logged.
    static let maxLength = 32

    /// The first member's value as text (a string without its quotes), or nil when the body does
    /// not start with `code`, `status` or `isSuccess` holding a number, a short string or a boolean.
    static func read(_ body: [UInt8]) -> String? {
        body.withUnsafeBufferPointer { read(bytes: $0) }
    }

    private static func read(bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var index = skipSpace(bytes, from: 0)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        index = skipSpace(bytes, from: index + 1)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        let keyStart = index + 1
        guard let keyEnd = closingQuote(bytes, from: keyStart), isCodeKey(bytes[keyStart..<keyEnd]) else { return nil }
        index = skipSpace(bytes, from: keyEnd + 1)
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        index = skipSpace(bytes, from: index + 1)
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "\"") {
            guard let end = closingQuote(bytes, from: index + 1) else { return nil }
            return String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
        }
        var end = index
        while end < bytes.count, end - index <= maxLength, isLiteralByte(bytes[end]) { end += 1 }
        guard end > index, end - index <= maxLength else { return nil }
        let literal = String(decoding: bytes[index..<end], as: UTF8.self)
        return literal == "null" ? nil : literal
    }

    private static func isCodeKey(_ key: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        key.elementsEqual("code".utf8) || key.elementsEqual("status".utf8) || key.elementsEqual("isSuccess".utf8)
    }

    /// The index of the `"` that closes a string starting at `start`, within `maxLength` bytes
    /// and without escapes (an escaped string is not a code); nil otherwise.
    private static func closingQuote(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < bytes.count, index - start <= maxLength {
            switch bytes[index] {
            case UInt8(ascii: "\""): return index
            case UInt8(ascii: "\\"): return nil
            default: index += 1
            }
        }
        return nil
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

    private static func skipSpace(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        var index = index
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return index
            }
        }
        return index
    }
}
