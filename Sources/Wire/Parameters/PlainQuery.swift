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
        var found: String?
        _ = name.utf8.withContiguousStorageIfAvailable { name in
            forEachPair { pairName, value in
                guard pairName.count == name.count,
                      name.isEmpty || memcmp(pairName.baseAddress!, name.baseAddress!, name.count) == 0 else { return true }
                found = String(unsafeUninitializedCapacity: value.count) { target in
                    _ = target.initialize(fromContentsOf: value)
                    return value.count
                }
                return false
            }
        }
        return found
    }

    /// Hands `visit` each pair's name and value where they lie (valid only during the call), in
    /// order, until it returns false: one pass over the query however many names a reader wants.
    package func forEachPair(_ visit: (_ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>) -> Bool) {
        _ = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return }
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
                guard pairEnd > pairStart else { continue }
                if nameEnd < 0 { nameEnd = pairEnd }
                let valueStart = min(nameEnd + 1, pairEnd)
                guard visit(UnsafeBufferPointer(start: base + pairStart, count: nameEnd - pairStart),
                            UnsafeBufferPointer(start: base + valueStart, count: pairEnd - valueStart)) else { return }
            }
        }
    }
}
