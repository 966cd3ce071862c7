#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte-range helpers for parsers working on a buffer: memchr searches, ASCII case-insensitive
/// comparisons and one-shot String construction.
extension UnsafeBufferPointer where Element == UInt8 {
    /// The index of the first `byte` in `range`, found with memchr.
    @inlinable
    package func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
        guard !range.isEmpty, let base = baseAddress else { return nil }
        guard let hit = memchr(base + range.lowerBound, Int32(byte), range.count) else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
    }

    /// The bytes in `range` as a String (ASCII or UTF-8; invalid sequences become U+FFFD).
    @inlinable
    package func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: self[range]), as: UTF8.self)
    }

    /// Whether the bytes in `range` equal `lowercase` (an ASCII literal in lower case),
    /// ignoring ASCII case.
    @inlinable
    package func equalsIgnoringCase(_ range: Range<Int>, _ lowercase: StaticString) -> Bool {
        guard range.count == lowercase.utf8CodeUnitCount else { return false }
        let literal = lowercase.utf8Start
        var offset = 0
        for index in range {
            if ASCII.lowercased(self[index]) != literal[offset] { return false }
            offset += 1
        }
        return true
    }

    /// `range` without leading and trailing spaces and tabs (OWS).
    @inlinable
    package func trimmingWhitespace(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, ASCII.isWhitespace(self[lower]) { lower += 1 }
        while upper > lower, ASCII.isWhitespace(self[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    /// Whether every byte in `range` is ASCII.
    @inlinable
    package func isASCII(_ range: Range<Int>) -> Bool {
        for index in range where self[index] >= 0x80 { return false }
        return true
    }
}
