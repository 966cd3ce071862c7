#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

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
            var bits: UInt8 = 0
            var needsDecoding = false
            for byte in bytes {
                bits |= byte
                needsDecoding = needsDecoding || byte == UInt8(ascii: "%") || byte == UInt8(ascii: "+")
            }
            return bits < 0x80 && !needsDecoding
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

    /// One pass over the pairs, each name compared where it lies; the value found is the one
    /// String made.
    private static func firstValue(of name: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let base = bytes.baseAddress else { return nil }
        var index = 0
        while index < bytes.count {
            let pairStart = index
            var nameEnd = -1
            while index < bytes.count, base[index] != UInt8(ascii: "&") {
                if nameEnd < 0, base[index] == UInt8(ascii: "=") { nameEnd = index }
                index += 1
            }
            let pairEnd = index
            index += 1
            if nameEnd < 0 { nameEnd = pairEnd }
            guard pairEnd > pairStart, nameEnd - pairStart == name.count,
                  name.count == 0 || memcmp(base + pairStart, name.baseAddress!, name.count) == 0 else { continue }
            let valueStart = min(nameEnd + 1, pairEnd)
            return String(unsafeUninitializedCapacity: pairEnd - valueStart) { target in
                _ = target.initialize(fromContentsOf: UnsafeBufferPointer(start: base + valueStart, count: pairEnd - valueStart))
                return pairEnd - valueStart
            }
        }
        return nil
    }
}
