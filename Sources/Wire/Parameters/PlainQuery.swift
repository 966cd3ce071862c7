/// A query string that decodes to itself — ASCII, with no `%` escape and no `+` — read where it
/// lies: a name's first value is found by comparing bytes, and no pair is decoded or stored.
/// Its pairs are those `FormURLEncoded.parse` reads from it (split at `&`, empty pairs skipped,
/// the name up to the first `=`, a pair without `=` having an empty value), so `[name]` is what
/// the parsed `Parameters`' subscript gives. A query that needs decoding is not plain: it is
/// `FormURLEncoded.parse`'s to decode and, when broken, to refuse.
package struct PlainQuery: Sendable {
    private let text: String

    /// nil when `text` holds a `%`, a `+` or a byte outside ASCII.
    package init?(_ text: String) {
        let isPlain = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "%") && $0 != UInt8(ascii: "+") }
        }
        guard isPlain == true else { return nil }
        self.text = text
    }

    /// The first value of `name`; nil when no pair has that name.
    package subscript(name: String) -> String? {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            name.utf8.withContiguousStorageIfAvailable { name in Self.firstValue(of: name, in: bytes) } ?? nil
        } ?? nil
    }

    private static func firstValue(of name: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var pairStart = 0
        while pairStart < bytes.count {
            let pairEnd = bytes[pairStart...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.count
            defer { pairStart = pairEnd + 1 }
            let nameEnd = bytes[pairStart..<pairEnd].firstIndex(of: UInt8(ascii: "=")) ?? pairEnd
            guard pairEnd > pairStart, nameEnd - pairStart == name.count,
                  UnsafeBufferPointer(rebasing: bytes[pairStart..<nameEnd]).elementsEqual(name) else { continue }
            let value = UnsafeBufferPointer(rebasing: bytes[min(nameEnd + 1, pairEnd)..<pairEnd])
            return String(unsafeUninitializedCapacity: value.count) { target in
                _ = target.initialize(fromContentsOf: value)
                return value.count
            }
        }
        return nil
    }
}
