/// The result code inside an answer's JSON envelope, for the access log: Maka's `code`, Youfan's
/// `status` and the SOA-style `isSuccess` (WIRE.md §1.5). Only the body's first member is read,
/// without parsing the rest or allocating: every envelope the mock writes starts with its code,
/// and a replayed capture whose body puts it elsewhere simply logs no code.
enum BusinessCode {
    /// Longer values are not a code (a message, an id): nothing is logged.
    static let maxLength = 32

    /// Where the first member's value lies in `body` (a string's without its quotes), or nil when
    /// the body does not start with `code`, `status` or `isSuccess` holding a number, a short
    /// string or a boolean. A range rather than a `String`: the access log writes the bytes from
    /// the body itself (a `String` made for every answer cost ~140 Ir).
    static func read(_ body: [UInt8]) -> Range<Int>? {
        body.withUnsafeBufferPointer { read(bytes: $0) }
    }

    private static func read(bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard let start = compactValueStart(bytes) ?? valueStart(bytes) else { return nil }
        let index = skipSpace(bytes, from: start)
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "\"") {
            guard let end = closingQuote(bytes, from: index + 1) else { return nil }
            return (index + 1)..<end
        }
        var end = index
        while end < bytes.count, end - index <= maxLength, isLiteralByte(bytes[end]) { end += 1 }
        guard end > index, end - index <= maxLength, !spells(bytes, index..<end, "null") else { return nil }
        return index..<end
    }

    /// Where the first member's value starts when the body begins exactly `{"code":`,
    /// `{"status":` or `{"isSuccess":`, as every envelope the mock writes does: its first eight
    /// bytes read as one word, instead of `valueStart`'s walk byte by byte (the user route's
    /// answer: 261 → 109 Ir for the whole read).
    private static func compactValueStart(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count >= 16, let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        switch UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) {
        case 0x3A22_6564_6F63_227B: // {"code":
            return 8
        case 0x7375_7461_7473_227B: // {"status
            return spells(bytes, 8..<10, "\":") ? 10 : nil
        case 0x6363_7553_7369_227B: // {"isSucc
            return spells(bytes, 8..<13, "ess\":") ? 13 : nil
        default:
            return nil
        }
    }

    /// Where the first member's value starts (spaces allowed around the key and the colon), or
    /// nil when the body does not start with `code`, `status` or `isSuccess`.
    private static func valueStart(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = skipSpace(bytes, from: 0)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        index = skipSpace(bytes, from: index + 1)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        let keyStart = index + 1
        guard let keyEnd = closingQuote(bytes, from: keyStart), isCodeKey(bytes, keyStart..<keyEnd) else { return nil }
        index = skipSpace(bytes, from: keyEnd + 1)
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        return index + 1
    }

    /// Told apart by length, then compared byte by byte: a generic `elementsEqual` per key name
    /// cost ~250 Ir a request.
    private static func isCodeKey(_ bytes: UnsafeBufferPointer<UInt8>, _ key: Range<Int>) -> Bool {
        switch key.count {
        case 4: spells(bytes, key, "code")
        case 6: spells(bytes, key, "status")
        case 9: spells(bytes, key, "isSuccess")
        default: false
        }
    }

    private static func spells(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ text: StaticString) -> Bool {
        guard range.count == text.utf8CodeUnitCount else { return false }
        let expected = text.utf8Start
        for offset in 0..<range.count where bytes[range.lowerBound + offset] != expected[offset] { return false }
        return true
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
